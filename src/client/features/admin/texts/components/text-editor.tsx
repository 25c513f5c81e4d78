/**
 * One message being put in the operator's words: the English source and the shipped translation
 * beside a text box, what the code fills in (kept placeholders), and a live preview of how it
 * reads, filled with sample values. A refusal from the server shows under the box.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { inspectMessage } from '@/shared/i18n/inspect-message';
import { directionOf, type Language } from '@/shared/i18n/languages';
import type { TextEntry } from '@/shared/schemas/texts';
import { useChangeText } from '../api/change-text';

/** The message as it would read, placeholders shown by name; null when it does not parse. */
function preview(language: Language, message: string, placeholders: string[]): string | null {
  if ('error' in inspectMessage(message)) return null;
  const i18n = setupI18n();
  i18n.load(language, { preview: compileMessage(message) } as never);
  i18n.activate(language);
  return i18n._('preview', Object.fromEntries(placeholders.map((name) => [name, `[${name}]`])));
}

export function TextEditor({ entry, language, onDone }: { entry: TextEntry; language: Language; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const { save, revert } = useChangeText();
  const [message, setMessage] = useState(entry.override ?? entry.shipped);
  const [problem, setProblem] = useState<string>();
  const reads = useMemo(() => preview(language, message, entry.placeholders), [language, message, entry.placeholders]);
  const busy = save.isPending || revert.isPending;

  const submit = () => {
    setProblem(undefined);
    save.mutate(
      { language, key: entry.key, message },
      { onSuccess: onDone, onError: (error) => setProblem(errorMessage(error, t('overrides.editor.saveFailed'))) },
    );
  };
  const putBack = () => {
    setProblem(undefined);
    revert.mutate(
      { language, key: entry.key },
      { onSuccess: onDone, onError: (error) => setProblem(errorMessage(error, t('overrides.editor.saveFailed'))) },
    );
  };

  return (
    <form
      className="mt-3 grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {language !== 'en' ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">{t('overrides.editor.english')}</span>{' '}
          <span dir="ltr" lang="en">
            {entry.english}
          </span>
        </p>
      ) : null}
      <FormField
        id={`${id}-message`}
        label={t('overrides.editor.label')}
        error={problem}
        hint={
          entry.placeholders.length
            ? t('overrides.editor.keep', { placeholders: entry.placeholders.map((name) => `{${name}}`).join(', ') })
            : undefined
        }
      >
        <Textarea
          {...fieldA11y(`${id}-message`, problem, entry.placeholders.length > 0)}
          dir={directionOf(language)}
          lang={language}
          value={message}
          rows={3}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
      <div className="text-sm" aria-live="polite">
        <span className="font-medium text-slate-800">{t('overrides.editor.preview')}</span>{' '}
        {reads === null ? (
          <span className="text-red-700">{t('overrides.editor.doesNotParse')}</span>
        ) : (
          <span dir={directionOf(language)} lang={language} className="text-slate-900">
            {reads}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {save.isPending ? t('overrides.editor.saving') : t('overrides.editor.save')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={busy}>
          {t('overrides.editor.cancel')}
        </Button>
        {entry.override !== null ? (
          <Button type="button" size="sm" variant="outline" onClick={putBack} disabled={busy}>
            {t('overrides.editor.revert')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
