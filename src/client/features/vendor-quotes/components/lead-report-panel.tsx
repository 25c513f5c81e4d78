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
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
  LEAD_REPORT_REASON_LABELS,
  LEAD_REPORT_WINDOW_DAYS,
  type LeadReport,
  type LeadReportHistory,
  type LeadReportReason,
} from '@/shared/schemas/lead-reports';
import { useLeadReport, useReportLead } from '../api/lead-report';

const REASONS = Object.keys(LEAD_REPORT_REASON_LABELS) as LeadReportReason[];

/** The fixed reasons a lead is reported for, in the vendor's words. */
const REASON_KEYS: Record<LeadReportReason, MessageKey> = {
  unreachable: 'vendor-quotes.reportReason.unreachable',
  outside_area: 'vendor-quotes.reportReason.outsideArea',
  wrong_service: 'vendor-quotes.reportReason.wrongService',
  duplicate: 'vendor-quotes.reportReason.duplicate',
  spam: 'vendor-quotes.reportReason.spam',
};

function ReportOutcome({ report }: { report: LeadReport }) {
  const t = useT();
  const translateText = useTranslateText();
  const label = t(REASON_KEYS[report.reason]);
  // The decision's words, written by the product or by the administrator.
  const reason = report.decisionReason ? translateText(report.decisionReason) : '';
  if (report.status === 'pending') {
    return <Alert variant="info">{t('vendor-quotes.report.pending', { label })}</Alert>;
  }
  if (report.status === 'credited') {
    return (
      <Alert variant="success">
        {t(report.automatic ? 'vendor-quotes.report.creditedAutomatically' : 'vendor-quotes.report.credited', {
          label,
          coins: report.coins,
          reason,
        })}
      </Alert>
    );
  }
  if (report.status === 'already_refunded') {
    return <Alert variant="info">{t('vendor-quotes.report.alreadyRefunded', { label, coins: report.coins, reason })}</Alert>;
  }
  return <Alert variant="warning">{t('vendor-quotes.report.refused', { label, reason })}</Alert>;
}

/** The vendor's record, and a plain word when most decided reports were refused. */
function historyText({ credited, refused, pending }: LeadReportHistory, t: ReturnType<typeof useT>): string | null {
  if (credited + refused + pending === 0) return null;
  return refused > credited && refused >= 2
    ? t('vendor-quotes.report.historyMostRefused', { credited, refused, pending })
    : t('vendor-quotes.report.history', { credited, refused, pending });
}

export function LeadReportPanel({ quoteId, companyId }: { quoteId: number; companyId: number }) {
  const t = useT();
  const translateText = useTranslateText();
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
  const history = historyText(state.data.history, t);

  const submit = async () => {
    if (!reason) {
      setProblem(t('vendor-quotes.report.chooseReason'));
      return;
    }
    try {
      const report = await reportLead.mutateAsync({ reason, note });
      setOpen(false);
      if (report.status === 'credited') {
        notify.success(t('vendor-quotes.report.coinsBackTitle'), t('vendor-quotes.report.coinsBack', { coins: report.coins }));
      } else notify.success(t('vendor-quotes.report.sentTitle'), t('vendor-quotes.report.sent'));
    } catch (error) {
      setProblem(errorMessage(error, t('vendor-quotes.common.tryAgain')));
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        {t('vendor-quotes.report.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('vendor-quotes.report.title')}
        description={t('vendor-quotes.report.description', { days: LEAD_REPORT_WINDOW_DAYS })}
        confirmLabel={t('vendor-quotes.report.confirm')}
        busyLabel={t('vendor-quotes.report.busy')}
        isBusy={busy}
        onConfirm={() => void submit()}
        onClose={() => setOpen(false)}
      >
        <fieldset className="grid gap-2" aria-describedby={problem ? `${uid}-problem` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-900">{t('vendor-quotes.report.reasonLegend')}</legend>
          {REASONS.map((value) => {
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
                  {t(REASON_KEYS[value])}
                </label>
                {known && (
                  <p id={`${uid}-${value}-known`} className="ms-6 text-xs text-slate-700">
                    {translateText(known)}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-note`}>{t('vendor-quotes.report.noteLabel')}</Label>
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
