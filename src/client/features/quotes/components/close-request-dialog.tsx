/**
 * Closing a request without hiring here: the customer says why (one of the fixed reasons) and may
 * add a note. Every company of the request is told that it closed.
 */
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Alert } from '@/client/components/ui/alert';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { CLOSE_NOTE_MAX, CLOSE_REASONS, CloseBodySchema, type CloseReason } from '@/shared/schemas/hires';
import { useCloseQuote } from '../api/close-quote';
import { CLOSE_REASON_KEYS } from '../lib/quote-words';

interface Props {
  quoteId: number;
  open: boolean;
  onClose(): void;
  /** After the close went through and the page has the outcome. */
  onClosed(): void;
  onCloseAutoFocus?(event: Event): void;
}

export function CloseRequestDialog({ quoteId, open, onClose, onClosed, onCloseAutoFocus }: Props) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const close = useCloseQuote(quoteId);
  const [reason, setReason] = useState<CloseReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onConfirm = async () => {
    setProblem(null);
    // The server's own schema gives the same words as its refusal would.
    const body = CloseBodySchema.safeParse({ reason: reason ?? undefined, note });
    if (!body.success) {
      const issue = body.error.issues[0];
      if (issue?.path[0] === 'reason') setReasonError(translateText(issue.message));
      else setProblem(issue ? translateText(issue.message) : t('quotes.closeDialog.checkForm'));
      return;
    }
    try {
      await close.mutateAsync(body.data);
      notify.success(t('quotes.closeDialog.closedTitle'), t('quotes.closeDialog.closedDetail'));
      onClosed();
    } catch (error) {
      setProblem(errorMessage(error, t('quotes.closeDialog.failed')));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('quotes.closeDialog.title')}
      description={t('quotes.closeDialog.description')}
      confirmLabel={t('quotes.closeDialog.confirm')}
      busyLabel={t('quotes.closeDialog.busy')}
      isBusy={close.isPending}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <fieldset className="grid gap-2" aria-describedby={reasonError ? `${uid}-reason-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">{t('quotes.closeDialog.reasonLegend')}</legend>
        {CLOSE_REASONS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${uid}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setReasonError(null);
              }}
              className="size-4 accent-blue-700"
            />
            {t(CLOSE_REASON_KEYS[value])}
          </label>
        ))}
        {reasonError && (
          <p id={`${uid}-reason-error`} role="alert" className="text-sm text-red-700">
            {reasonError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-note`}>{t('quotes.closeDialog.noteLabel')}</Label>
        <Textarea
          id={`${uid}-note`}
          value={note}
          maxLength={CLOSE_NOTE_MAX}
          rows={3}
          aria-describedby={`${uid}-note-count`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${uid}-note-count`} className="text-xs text-slate-600">
          {t('quotes.closeDialog.noteCount', { count: note.length, max: CLOSE_NOTE_MAX })}
        </p>
      </div>
      {problem && <Alert variant="error">{problem}</Alert>}
    </ConfirmDialog>
  );
}
