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
import { notify } from '@/client/lib/notify';
import { CLOSE_NOTE_MAX, CLOSE_REASON_LABELS, CloseBodySchema, type CloseReason } from '@/shared/schemas/hires';
import { useCloseQuote } from '../api/close-quote';

const REASONS = Object.entries(CLOSE_REASON_LABELS) as [CloseReason, string][];

interface Props {
  quoteId: number;
  open: boolean;
  onClose(): void;
  /** After the close went through and the page has the outcome. */
  onClosed(): void;
  onCloseAutoFocus?(event: Event): void;
}

export function CloseRequestDialog({ quoteId, open, onClose, onClosed, onCloseAutoFocus }: Props) {
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
      if (issue?.path[0] === 'reason') setReasonError(issue.message);
      else setProblem(issue?.message ?? 'Please check the form');
      return;
    }
    try {
      await close.mutateAsync(body.data);
      notify.success('Request closed', 'The companies were told that it is closed.');
      onClosed();
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to close the request. Please try again.'));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Close this request?"
      description="Every company of the request is told that it is closed, and none can reply or send an offer any more. This cannot be undone."
      confirmLabel="Close request"
      busyLabel="Closing…"
      isBusy={close.isPending}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <fieldset className="grid gap-2" aria-describedby={reasonError ? `${uid}-reason-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">Why are you closing the request?</legend>
        {REASONS.map(([value, label]) => (
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
            {label}
          </label>
        ))}
        {reasonError && (
          <p id={`${uid}-reason-error`} role="alert" className="text-sm text-red-700">
            {reasonError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-note`}>Note (optional)</Label>
        <Textarea
          id={`${uid}-note`}
          value={note}
          maxLength={CLOSE_NOTE_MAX}
          rows={3}
          aria-describedby={`${uid}-note-count`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${uid}-note-count`} className="text-xs text-slate-600">
          {note.length}/{CLOSE_NOTE_MAX} characters
        </p>
      </div>
      {problem && <Alert variant="error">{problem}</Alert>}
    </ConfirmDialog>
  );
}
