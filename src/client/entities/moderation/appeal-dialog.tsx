/**
 * The one appeal of a hidden item: a text sent back to the moderators. A chunk of its own (the
 * Radix dialog and the moderation schemas with zod), fetched when Appeal is first pressed.
 */
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { APPEAL_TEXT_MAX, AppealBodySchema, type ModeratedItem } from '@/shared/schemas/moderation';
import { useAppeal } from './moderation-api';

export default function AppealDialog({ item, onClose }: { item: ModeratedItem; onClose(): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const appeal = useAppeal();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const parsed = AppealBodySchema.safeParse({ text });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? translateText(issue.message) : t('moderation.appeal.textRequired'));
      return;
    }
    try {
      await appeal.mutateAsync({ caseId: item.caseId, ...parsed.data });
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, t('moderation.appeal.sendFailed')));
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('moderation.appeal.title')}</DialogTitle>
          <DialogDescription>{t('moderation.appeal.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={`${uid}-text`} className="text-sm font-medium text-slate-900">
            {t('moderation.appeal.textLabel')}
          </label>
          <Textarea
            id={`${uid}-text`}
            value={text}
            maxLength={APPEAL_TEXT_MAX}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${uid}-problem` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <p id={`${uid}-problem`} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('moderation.common.cancel')}
            </Button>
            <Button type="submit" disabled={appeal.isPending}>
              {appeal.isPending ? t('moderation.common.sending') : t('moderation.appeal.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
