/**
 * The admin queue of bad-lead reports: pending ones oldest first, each with the request, its
 * conversation, the reporting pro and their record; decided with a reason (credit the coins, or
 * not). Decided reports are listed by status, newest first.
 */
import { useId, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import { Message, useT, useTranslateText, type MessageKey, type MessageValues } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { LeadReportDecisionBodySchema, type LeadReportQueue } from '@/shared/schemas/lead-reports';
import { AdminQueue, useQueueAddress } from '../../shared/admin-queue';
import { useDecideLeadReport, useLeadReportQueue, type LeadReportStatus } from '../api/lead-reports';

type QueueReport = LeadReportQueue['reports'][number];
type Translate = (key: MessageKey, values?: MessageValues) => string;
const STATUSES: { value: LeadReportStatus; label: MessageKey }[] = [
  { value: 'pending', label: 'moderation.leadReports.statusPending' },
  { value: 'credited', label: 'moderation.leadReports.credited' },
  { value: 'refused', label: 'moderation.leadReports.refused' },
  { value: 'already_refunded', label: 'moderation.leadReports.statusAlreadyRefunded' },
];
/** The toast's title after a decision, by the report's new status. */
const OUTCOMES: Partial<Record<LeadReportStatus, MessageKey>> = {
  credited: 'moderation.leadReports.outcomeCredited',
  refused: 'moderation.leadReports.outcomeRefused',
  already_refunded: 'moderation.leadReports.outcomeAlreadyRefunded',
};

function Decision({ report }: { report: QueueReport }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const decide = useDecideLeadReport();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = decide.isPending;

  const submit = async (credit: boolean) => {
    const parsed = LeadReportDecisionBodySchema.safeParse({ credit, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? translateText(issue.message) : t('moderation.decision.reasonRequired'));
      return;
    }
    try {
      const decided = await decide.mutateAsync({ id: report.id, ...parsed.data });
      const outcome = OUTCOMES[decided.status];
      notify.success(outcome ? t(outcome) : t('moderation.status.decided'), `${report.companyName}: ${report.quoteName}`);
    } catch (error) {
      setProblem(errorMessage(error, t('moderation.common.tryAgain')));
    }
  };

  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={`${uid}-reason`}>{t('moderation.leadReports.reasonLabel')}</Label>
      <Textarea
        id={`${uid}-reason`}
        value={reason}
        maxLength={1000}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${uid}-problem` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p id={`${uid}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={() => void submit(true)}>
          {t('moderation.leadReports.credit', { coins: report.coins })}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void submit(false)}>
          {t('moderation.leadReports.refuse')}
        </Button>
      </div>
    </div>
  );
}

/** Where and what the job was, and what the company's preferences said of it when it was sent. */
function jobText(job: QueueReport['job'], t: Translate): string {
  const place =
    job.zip === null
      ? t('moderation.leadReports.noZip')
      : t(
          job.outsideServiceArea === null
            ? 'moderation.leadReports.zip'
            : job.outsideServiceArea
              ? 'moderation.leadReports.zipOutside'
              : 'moderation.leadReports.zipInside',
          { zip: job.zip },
        );
  const service =
    job.serviceName === null
      ? t('moderation.leadReports.noService')
      : job.outsideServices === null
        ? job.serviceName
        : t(job.outsideServices ? 'moderation.leadReports.serviceOutside' : 'moderation.leadReports.serviceInside', {
            service: job.serviceName,
          });
  return t('moderation.leadReports.job', { place, service });
}

function ReportCard({ report }: { report: QueueReport }) {
  const t = useT();
  const history = report.reporterHistory;
  const credited = report.status === 'credited';
  const outcome = t(
    report.automatic
      ? credited
        ? 'moderation.leadReports.creditedAutomatically'
        : 'moderation.leadReports.refusedAutomatically'
      : credited
        ? 'moderation.leadReports.credited'
        : 'moderation.leadReports.refused',
  );
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{report.quoteName}</h2>
          <p className="text-sm text-slate-700">
            {t('moderation.leadReports.summary', {
              company: report.companyName,
              customer: report.customerName,
              coins: report.coins,
            })}
          </p>
        </div>
        <Badge variant={report.status === 'pending' ? 'warning' : report.status === 'credited' ? 'default' : 'secondary'}>
          {report.reasonLabel}
        </Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-900">{t('moderation.leadReports.reported')}</dt>
        <dd className="text-slate-700">
          {report.reporter ? (
            <Message
              id="moderation.leadReports.reportedBy"
              values={{ date: formatDateTime(report.createdAt), name: report.reporter.name, email: report.reporter.email }}
              parts={{ 0: <time dateTime={report.createdAt} /> }}
            />
          ) : (
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          )}
        </dd>
        <dt className="font-medium text-slate-900">{t('moderation.leadReports.note')}</dt>
        <dd className="text-slate-700">{report.note ?? t('moderation.leadReports.noNote')}</dd>
        <dt className="font-medium text-slate-900">{t('moderation.leadReports.reporterRecord')}</dt>
        <dd className="text-slate-700">
          {history
            ? t('moderation.leadReports.record', {
                credited: history.credited,
                refused: history.refused,
                pending: history.pending,
              })
            : t('moderation.leadReports.unknown')}
        </dd>
        <dt className="font-medium text-slate-900">{t('moderation.leadReports.jobLabel')}</dt>
        <dd className="text-slate-700">{jobText(report.job, t)}</dd>
        <dt className="font-medium text-slate-900">{t('moderation.leadReports.request')}</dt>
        <dd className="whitespace-pre-line text-slate-700">{report.quoteDescription}</dd>
      </dl>
      <details className="rounded-md border border-slate-200 p-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">
          {t('moderation.leadReports.messages', { count: report.messageCount })}
        </summary>
        <ol className="mt-2 grid gap-1.5">
          {report.messages.map((m, i) => (
            <li key={i} className="text-slate-700">
              <span className="font-medium text-slate-900">
                {m.senderType === 'company' ? report.companyName : report.customerName}
              </span>
              {': '}
              {m.message ?? ''}
              {m.hasImage ? ` ${t('moderation.context.imageMark')}` : ''}
            </li>
          ))}
        </ol>
      </details>
      {report.status === 'pending' ? (
        <Decision report={report} />
      ) : (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-700">
          {report.decidedAt
            ? t('moderation.common.decidedOn', { outcome, date: formatDateTime(report.decidedAt), reason: report.decisionReason })
            : t('moderation.common.decided', { outcome, reason: report.decisionReason })}
        </p>
      )}
    </Card>
  );
}

export function AdminLeadReports() {
  const t = useT();
  const address = useQueueAddress(
    STATUSES.map((s) => s.value),
    'pending',
  );
  const queue = useLeadReportQueue({ status: address.status, page: address.page });
  return (
    <AdminQueue
      title={t('moderation.leadReports.title')}
      description={t('moderation.leadReports.description')}
      address={address}
      filters={STATUSES.map(({ value, label }) => ({ value, label: t(label) }))}
      queue={queue}
      itemsOf={(loaded) => loaded.reports}
      totalOf={(loaded) => loaded.total}
      noun={t('moderation.leadReports.noun')}
      pagesLabel={t('moderation.leadReports.pages')}
      renderItem={(report) => <ReportCard key={report.id} report={report} />}
    />
  );
}
