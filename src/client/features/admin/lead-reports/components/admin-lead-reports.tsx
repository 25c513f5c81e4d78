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
import { notify } from '@/client/lib/notify';
import { LeadReportDecisionBodySchema, type LeadReportQueue } from '@/shared/schemas/lead-reports';
import { AdminQueue, useQueueAddress } from '../../shared/admin-queue';
import { useDecideLeadReport, useLeadReportQueue, type LeadReportStatus } from '../api/lead-reports';

type QueueReport = LeadReportQueue['reports'][number];
const STATUSES: { value: LeadReportStatus; label: string }[] = [
  { value: 'pending', label: 'Waiting for a decision' },
  { value: 'credited', label: 'Credited' },
  { value: 'refused', label: 'Refused' },
  { value: 'already_refunded', label: 'Coins already back' },
];

function Decision({ report }: { report: QueueReport }) {
  const uid = useId();
  const decide = useDecideLeadReport();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = decide.isPending;

  const submit = async (credit: boolean) => {
    const parsed = LeadReportDecisionBodySchema.safeParse({ credit, reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give the reason for the decision');
      return;
    }
    try {
      const decided = await decide.mutateAsync({ id: report.id, ...parsed.data });
      const outcome = { credited: 'Coins credited', refused: 'Report refused', already_refunded: 'The coins were already back' };
      notify.success(outcome[decided.status as keyof typeof outcome] ?? 'Decided', `${report.companyName}: ${report.quoteName}`);
    } catch (error) {
      setProblem(errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={`${uid}-reason`}>Reason for the decision</Label>
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
          Credit {report.coins} coins
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void submit(false)}>
          Refuse
        </Button>
      </div>
    </div>
  );
}

/** Where and what the job was, and what the company's preferences said of it when it was sent. */
function jobText(job: QueueReport['job']): string {
  const place =
    job.zip === null
      ? 'No ZIP code given'
      : `ZIP code ${job.zip}${job.outsideServiceArea === null ? '' : job.outsideServiceArea ? ' (outside the service area when sent)' : ' (inside the service area when sent)'}`;
  const service =
    job.serviceName === null
      ? 'no service given'
      : `${job.serviceName}${job.outsideServices === null ? '' : job.outsideServices ? ' (not a service it took when sent)' : ' (a service it took when sent)'}`;
  return `${place}; ${service}`;
}

function ReportCard({ report }: { report: QueueReport }) {
  const history = report.reporterHistory;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{report.quoteName}</h2>
          <p className="text-sm text-slate-700">
            {report.companyName} · customer {report.customerName} · {report.coins} coins
          </p>
        </div>
        <Badge variant={report.status === 'pending' ? 'warning' : report.status === 'credited' ? 'default' : 'secondary'}>
          {report.reasonLabel}
        </Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-900">Reported</dt>
        <dd className="text-slate-700">
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          {report.reporter ? ` by ${report.reporter.name} (${report.reporter.email})` : ''}
        </dd>
        <dt className="font-medium text-slate-900">Note</dt>
        <dd className="text-slate-700">{report.note ?? 'None'}</dd>
        <dt className="font-medium text-slate-900">Reporter&apos;s record</dt>
        <dd className="text-slate-700">
          {history ? `${history.credited} credited, ${history.refused} refused, ${history.pending} waiting` : 'Unknown'}
        </dd>
        <dt className="font-medium text-slate-900">Job</dt>
        <dd className="text-slate-700">{jobText(report.job)}</dd>
        <dt className="font-medium text-slate-900">Request</dt>
        <dd className="whitespace-pre-line text-slate-700">{report.quoteDescription}</dd>
      </dl>
      <details className="rounded-md border border-slate-200 p-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">Messages ({report.messageCount})</summary>
        <ol className="mt-2 grid gap-1.5">
          {report.messages.map((m, i) => (
            <li key={i} className="text-slate-700">
              <span className="font-medium text-slate-900">
                {m.senderType === 'company' ? report.companyName : report.customerName}
              </span>
              {': '}
              {m.message ?? ''}
              {m.hasImage ? ' [image]' : ''}
            </li>
          ))}
        </ol>
      </details>
      {report.status === 'pending' ? (
        <Decision report={report} />
      ) : (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-700">
          {report.status === 'credited' ? 'Credited' : 'Refused'}
          {report.automatic ? ' automatically' : ''}
          {report.decidedAt ? ` on ${formatDateTime(report.decidedAt)}` : ''}: {report.decisionReason}
        </p>
      )}
    </Card>
  );
}

export function AdminLeadReports() {
  const address = useQueueAddress(
    STATUSES.map((s) => s.value),
    'pending',
  );
  const queue = useLeadReportQueue({ status: address.status, page: address.page });
  return (
    <AdminQueue
      title="Lead Reports"
      description="Pros' reports of bad leads. Duplicates are credited automatically; the rest wait for a decision here."
      address={address}
      filters={STATUSES}
      queue={queue}
      itemsOf={(loaded) => loaded.reports}
      totalOf={(loaded) => loaded.total}
      noun="reports"
      pagesLabel="Report pages"
      renderItem={(report) => <ReportCard key={report.id} report={report} />}
    />
  );
}
