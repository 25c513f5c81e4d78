/**
 * The report dialog: the fixed reasons as radio buttons and a note (needed for "Other"), the
 * server's refusals shown in it, and the confirmation once sent. A chunk of its own (the Radix
 * dialog and the moderation schemas with zod), fetched when a Report button is first used.
 */
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Textarea } from '@/client/components/ui/textarea';
import { ApiError, errorMessage } from '@/client/lib/api';
import {
  MODERATION_REASON_LABELS,
  REPORT_NOTE_MAX,
  REPORT_THANKS,
  ReportBodySchema,
  type ModerationItemType,
  type ModerationReason,
} from '@/shared/schemas/moderation';
import { useReportItem } from './moderation-api';

const REASONS = Object.entries(MODERATION_REASON_LABELS) as [ModerationReason, string][];

export interface ReportDialogProps {
  itemType: ModerationItemType;
  itemId: number;
  /** What is reported, for the dialog's title ("review by Rita"). */
  label: string;
  onClose(): void;
}

export default function ReportDialog({ itemType, itemId, label, onClose }: ReportDialogProps) {
  const uid = useId();
  const report = useReportItem();
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ reason?: string; note?: string; form?: string }>({});
  const sent = report.isSuccess;

  const submit = async () => {
    const parsed = ReportBodySchema.safeParse({ itemType, itemId, reason, note });
    if (!parsed.success) {
      const next: typeof problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'note' ? 'note' : issue.path[0] === 'reason' ? 'reason' : 'form';
        next[field] ??= issue.message;
      }
      setProblems(next);
      return;
    }
    try {
      await report.mutateAsync(parsed.data);
    } catch (error) {
      const field = error instanceof ApiError && (error.field === 'note' || error.field === 'reason') ? error.field : 'form';
      setProblems({ [field]: errorMessage(error, 'The report could not be sent. Please try again.') });
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Report {label}</DialogTitle>
          <DialogDescription>
            {sent ? 'Your report was sent.' : 'Tell us what is wrong. Our moderators review every report.'}
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <>
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
              {REPORT_THANKS}
            </p>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset
              className="grid gap-2"
              aria-describedby={problems.reason ? `${uid}-reason-problem` : undefined}
              aria-invalid={problems.reason ? true : undefined}
            >
              <legend className="mb-1 text-sm font-medium text-slate-900">Reason</legend>
              {REASONS.map(([value, text]) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${uid}-reason`}
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setProblems({});
                    }}
                    className="size-4 accent-blue-700"
                  />
                  {text}
                </label>
              ))}
              {problems.reason && (
                <p id={`${uid}-reason-problem`} role="alert" className="text-sm text-red-700">
                  {problems.reason}
                </p>
              )}
            </fieldset>
            <div className="grid gap-1.5">
              <label htmlFor={`${uid}-note`} className="text-sm font-medium text-slate-900">
                Note {reason === 'other' ? '(required)' : '(optional)'}
              </label>
              <Textarea
                id={`${uid}-note`}
                value={note}
                maxLength={REPORT_NOTE_MAX}
                aria-invalid={problems.note ? true : undefined}
                aria-describedby={problems.note ? `${uid}-note-problem` : undefined}
                onChange={(event) => {
                  setNote(event.target.value);
                  setProblems((current) => ({ ...current, note: undefined, form: undefined }));
                }}
              />
              {problems.note && (
                <p id={`${uid}-note-problem`} role="alert" className="text-sm text-red-700">
                  {problems.note}
                </p>
              )}
            </div>
            {problems.form && (
              <p role="alert" className="text-sm text-red-700">
                {problems.form}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
