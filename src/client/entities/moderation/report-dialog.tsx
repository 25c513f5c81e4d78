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
import { useT, useTranslateText } from '@/client/lib/i18n';
import { REPORT_NOTE_MAX, ReportBodySchema, type ModerationItemType, type ModerationReason } from '@/shared/schemas/moderation';
import { useReportItem } from './moderation-api';
import { REASON_LABELS, REASONS } from './moderation-labels';

export interface ReportDialogProps {
  itemType: ModerationItemType;
  itemId: number;
  /** What is reported, for the dialog's title ("review by Rita"). */
  label: string;
  onClose(): void;
}

export default function ReportDialog({ itemType, itemId, label, onClose }: ReportDialogProps) {
  const t = useT();
  const translateText = useTranslateText();
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
        next[field] ??= translateText(issue.message);
      }
      setProblems(next);
      return;
    }
    try {
      await report.mutateAsync(parsed.data);
    } catch (error) {
      const field = error instanceof ApiError && (error.field === 'note' || error.field === 'reason') ? error.field : 'form';
      setProblems({ [field]: errorMessage(error, t('moderation.report.sendFailed')) });
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('moderation.report.reportItem', { item: label })}</DialogTitle>
          <DialogDescription>{sent ? t('moderation.report.sent') : t('moderation.report.description')}</DialogDescription>
        </DialogHeader>
        {sent ? (
          <>
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
              {t('moderation.report.thanks')}
            </p>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                {t('moderation.common.close')}
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
              <legend className="mb-1 text-sm font-medium text-slate-900">{t('moderation.report.reason')}</legend>
              {REASONS.map((value) => (
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
                  {t(REASON_LABELS[value])}
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
                {t(reason === 'other' ? 'moderation.report.noteRequired' : 'moderation.report.noteOptional')}
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
                {t('moderation.common.cancel')}
              </Button>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? t('moderation.common.sending') : t('moderation.report.send')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
