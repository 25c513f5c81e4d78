/**
 * Bad-lead reports in the vendor's thread: after paying for a reply, within the report window, the
 * vendor reports the lead with a fixed reason. The panel says what became of a report, and the form
 * shows the vendor's record, so mostly refused reports are no surprise.
 */
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import {
  LEAD_REPORT_REASON_LABELS,
  LEAD_REPORT_WINDOW_DAYS,
  type LeadReport,
  type LeadReportHistory,
  type LeadReportReason,
} from '@/shared/schemas/lead-reports';
import { useLeadReport, useReportLead } from '../api/lead-report';

const REASONS = Object.entries(LEAD_REPORT_REASON_LABELS) as [LeadReportReason, string][];

function ReportOutcome({ report }: { report: LeadReport }) {
  const label = LEAD_REPORT_REASON_LABELS[report.reason];
  if (report.status === 'pending') {
    return <Alert variant="info">You reported this lead ({label}). An administrator will review it.</Alert>;
  }
  if (report.status === 'credited') {
    return (
      <Alert variant="success">
        You reported this lead ({label}): {report.coins} coins came back
        {report.automatic ? ' automatically' : ''}. {report.decisionReason}
      </Alert>
    );
  }
  if (report.status === 'already_refunded') {
    return (
      <Alert variant="info">
        You reported this lead ({label}): accepted, but its {report.coins} coins had already come back before the decision, so
        nothing more was added. {report.decisionReason}
      </Alert>
    );
  }
  return (
    <Alert variant="warning">
      You reported this lead ({label}): not credited. {report.decisionReason}
    </Alert>
  );
}

/** The vendor's record, and a plain word when most decided reports were refused. */
function historyText({ credited, refused, pending }: LeadReportHistory): string | null {
  if (credited + refused + pending === 0) return null;
  const record = `Your reports so far: ${credited} credited, ${refused} refused, ${pending} waiting.`;
  return refused > credited && refused >= 2
    ? `${record} Most of your reports were refused: report a lead only when one of these reasons applies.`
    : record;
}

export function LeadReportPanel({ quoteId, companyId }: { quoteId: number; companyId: number }) {
  const uid = useId();
  const state = useLeadReport({ quoteId, companyId });
  const reportLead = useReportLead({ quoteId, companyId });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<LeadReportReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = reportLead.isPending;

  if (!state.data) return null;
  if (state.data.report) return <ReportOutcome report={state.data.report} />;
  if (state.data.unavailable) return null;
  const history = historyText(state.data.history);

  const submit = async () => {
    if (!reason) {
      setProblem('Choose why this lead was bad');
      return;
    }
    try {
      const report = await reportLead.mutateAsync({ reason, note });
      setOpen(false);
      if (report.status === 'credited') notify.success('Coins back', `${report.coins} coins are back in your balance.`);
      else notify.success('Report sent', 'An administrator will review it; you will get an e-mail with the decision.');
    } catch (error) {
      setProblem(errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        Report a bad lead
      </Button>
      <ConfirmDialog
        open={open}
        title="Report a bad lead"
        description={
          <>
            Within {LEAD_REPORT_WINDOW_DAYS} days of paying for your reply. A duplicate of a request for the same job that the
            same customer sent you and you paid to answer in the month before is credited at once; other reports are reviewed by
            an administrator. A credited lead&apos;s conversation closes.
          </>
        }
        confirmLabel="Send report"
        busyLabel="Sending…"
        isBusy={busy}
        onConfirm={() => void submit()}
        onClose={() => setOpen(false)}
      >
        <fieldset className="grid gap-2" aria-describedby={problem ? `${uid}-problem` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-900">Why was this lead bad?</legend>
          {REASONS.map(([value, label]) => {
            // What the cost notice told the company before it paid is no reason for a credit.
            const known = state.data.reasonsUnavailable[value];
            return (
              <div key={value} className="grid gap-0.5">
                <label className={`flex items-center gap-2 text-sm ${known ? 'text-slate-500' : 'text-slate-800'}`}>
                  <input
                    type="radio"
                    name={`${uid}-reason`}
                    value={value}
                    checked={reason === value}
                    disabled={!!known}
                    aria-describedby={known ? `${uid}-${value}-known` : undefined}
                    onChange={() => {
                      setReason(value);
                      setProblem(null);
                    }}
                    className="size-4"
                  />
                  {label}
                </label>
                {known && (
                  <p id={`${uid}-${value}-known`} className="ms-6 text-xs text-slate-700">
                    {known}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-note`}>Note for the reviewer (optional)</Label>
          <Textarea id={`${uid}-note`} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
        </div>
        {history && <p className="text-sm text-slate-700">{history}</p>}
        {problem && (
          <p id={`${uid}-problem`} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
