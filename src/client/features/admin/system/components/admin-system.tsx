/**
 * The machinery, so that an admin sees background work that stalls or fails: each periodic job with
 * its last run, outcome and next time, with Run now; the notification outbox's queue (how many
 * wait, since when) and the notices given up on, with Retry. Refreshed every 10 s while open.
 */
import { CircleAlert, CircleCheck, Clock, Play, RefreshCw, RotateCw, Server } from 'lucide-react';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { formatDate, formatDateTime, formatNumber } from '@/client/lib/format';
import { notify } from '@/client/lib/notify';
import type { InstanceStatus, JobStatus, Notice, OutboxSummary } from '@/shared/schemas/system';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { useFailedNotices, useSystemStatus } from '../api/get-system-status';
import { useRetryNotice, useRunJobNow } from '../api/system-actions';

const formatWhen = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/** 600 → "10 minutes", 86400 → "1 day". */
export function formatSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([unit]) => seconds >= unit && seconds % unit === 0) ?? [1, 'second'];
  const count = Math.round(seconds / size);
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

/** "quotes.complete-idle" → "Quotes: complete idle". */
const jobLabel = (name: string) => {
  const [domain = '', task = name] = name.includes('.') ? name.split('.', 2) : ['', name];
  const words = task.replace(/-/g, ' ');
  return domain ? `${domain.charAt(0).toUpperCase()}${domain.slice(1)}: ${words}` : words;
};

function Outcome({ job }: { job: JobStatus }) {
  if (job.runningOn) return <Badge variant="secondary">Running</Badge>;
  if (job.lastOutcome === 'ok') {
    return (
      <span className="inline-flex items-center gap-1 text-green-800">
        <CircleCheck className="size-4" aria-hidden /> OK
      </span>
    );
  }
  if (job.lastOutcome === 'failed') {
    return (
      <span className="inline-flex flex-col">
        <span className="inline-flex items-center gap-1 font-medium text-red-700">
          <CircleAlert className="size-4" aria-hidden /> Failed
        </span>
        <span className="text-xs text-slate-600">Last OK: {formatWhen(job.lastSucceededAt)}</span>
      </span>
    );
  }
  return <span className="text-slate-600">Not run yet</span>;
}

function JobsTable({ jobs }: { jobs: JobStatus[] }) {
  const runNow = useRunJobNow();
  const run = (name: string) =>
    runNow.mutate(name, {
      onSuccess: () => notify.success('Job started', `${jobLabel(name)} runs now.`),
      onError: (error) => notify.error('Failed to start the job', errorMessage(error, 'Please try again.')),
    });
  return (
    <AdminTableRegion label="Periodic jobs table">
      <table className={adminTable.table}>
        <caption className="sr-only">Periodic jobs, their last run and their next</caption>
        <AdminTableHead columns={['Job', 'Every', 'Last run', 'Outcome', 'Next run']} hiddenLast="Actions" />
        <tbody>
          {jobs.map((job) => (
            <tr key={job.name} className={adminTable.tr}>
              <td className={adminTable.td}>
                <span className="font-medium">{jobLabel(job.name)}</span>
                <span className="block font-mono text-xs text-slate-600">{job.name}</span>
              </td>
              <td className={`${adminTable.td} whitespace-nowrap`}>{formatSeconds(job.intervalSeconds)}</td>
              <td className={adminTable.td}>
                {job.lastStartedAt ? <time dateTime={job.lastStartedAt}>{formatWhen(job.lastStartedAt)}</time> : 'Never'}
                {job.lastDurationMs !== null && (
                  <span className="block text-xs text-slate-600">took {job.lastDurationMs} ms</span>
                )}
              </td>
              <td className={adminTable.td}>
                <Outcome job={job} />
                {job.lastOutcome === 'ok' && job.lastResult && (
                  <span className="block text-xs text-slate-600">{job.lastResult}</span>
                )}
                {job.lastOutcome === 'failed' && job.lastError && (
                  <span className="block max-w-xs text-xs break-words text-red-800">{job.lastError.split('\n')[0]}</span>
                )}
                <span className="block text-xs text-slate-600">
                  {job.runs} runs{job.failures ? `, ${job.failures} failed` : ''}
                </span>
              </td>
              <td className={`${adminTable.td} whitespace-nowrap`}>
                <time dateTime={job.nextDueAt}>{formatWhen(job.nextDueAt)}</time>
              </td>
              <td className={adminTable.td}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => run(job.name)}
                  disabled={(runNow.isPending && runNow.variables === job.name) || job.runningOn !== null}
                >
                  {runNow.isPending && runNow.variables === job.name ? <Spinner /> : <Play aria-hidden />}
                  Run now<span className="sr-only">: {jobLabel(job.name)}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableRegion>
  );
}

function FailedNotices() {
  const notices = useFailedNotices();
  const retry = useRetryNotice();
  const onRetry = (notice: Notice) =>
    retry.mutate(notice.id, {
      onSuccess: () =>
        notify.success(
          'Notice queued again',
          `The ${notice.channel === 'sms' ? 'text' : 'mail'} to ${notice.recipient} is sent again.`,
        ),
      onError: (error) => notify.error('Failed to retry the notice', errorMessage(error, 'Please try again.')),
    });
  if (notices.isPending) return <Skeleton className="h-24 w-full" />;
  if (notices.isError) return <Alert variant="error">{errorMessage(notices.error, 'Failed to load the failed notices.')}</Alert>;
  if (notices.data.length === 0) return <p className="text-sm text-slate-600">No notice has been given up on.</p>;
  return (
    <AdminTableRegion label="Failed notices table">
      <table className={adminTable.table}>
        <caption className="sr-only">Notices given up on after their last attempt, newest first</caption>
        <AdminTableHead columns={['To', 'Notice', 'Attempts', 'Last error', 'Given up']} hiddenLast="Actions" />
        <tbody>
          {notices.data.map((notice) => (
            <tr key={notice.id} className={adminTable.tr}>
              <td className={`${adminTable.td} break-all`}>{notice.recipient}</td>
              <td className={adminTable.td}>
                <span className="font-medium">{notice.subject ?? (notice.channel === 'sms' ? 'Text message' : 'Mail')}</span>
                <span className="block font-mono text-xs text-slate-600">{notice.kind}</span>
              </td>
              <td className={adminTable.td}>{notice.attempts}</td>
              <td className={`${adminTable.td} max-w-xs break-words text-red-800`}>{notice.lastError ?? '—'}</td>
              <td className={`${adminTable.td} whitespace-nowrap`}>{formatWhen(notice.failedAt)}</td>
              <td className={adminTable.td}>
                <Button variant="outline" size="sm" onClick={() => onRetry(notice)} disabled={retry.isPending}>
                  <RotateCw aria-hidden /> Retry<span className="sr-only">: notice to {notice.recipient}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableRegion>
  );
}

/** A row of labelled figures, each in its card. */
function Figures({ figures, columns }: { figures: { label: string; value: string; detail?: string }[]; columns: string }) {
  return (
    <dl className={`grid grid-cols-1 gap-3 ${columns}`}>
      {figures.map((figure) => (
        <Card key={figure.label} className="p-4">
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{figure.value}</dd>
          {figure.detail && <dd className="mt-1 text-sm text-slate-600">{figure.detail}</dd>}
        </Card>
      ))}
    </dl>
  );
}

function OutboxFigures({ queued, failed, oldestQueuedSeconds }: OutboxSummary) {
  const figures = [
    { label: 'Waiting to be sent', value: String(queued) },
    { label: 'Oldest waiting for', value: queued ? formatSeconds(Math.max(1, oldestQueuedSeconds)) : '—' },
    { label: 'Given up on', value: String(failed) },
  ];
  return <Figures figures={figures} columns="sm:grid-cols-3" />;
}

/** 1,234,567 → "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${formatNumber(bytes)} bytes`;
  const [size, unit] = bytes < 1e6 ? [1e3, 'KB'] : bytes < 1e9 ? [1e6, 'MB'] : [1e9, 'GB'];
  return `${formatNumber(Math.round((bytes / size) * 10) / 10)} ${unit}`;
}

function InstanceFigures({ instance }: { instance: InstanceStatus }) {
  const { database, migrations, objects, lastBackup } = instance;
  const figures = [
    { label: 'Version', value: instance.version },
    {
      label: 'Database',
      value: database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded',
      detail: `${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite, PostgreSQL'} ${database.serverVersion}; ${formatBytes(database.bytes)}`,
    },
    {
      label: 'Migrations applied',
      value: `${migrations.applied} of ${migrations.known}`,
      detail: migrations.lastAppliedAt ? `Latest of ${formatDate(migrations.lastAppliedAt)}` : undefined,
    },
    { label: 'Stored files', value: formatNumber(objects.count), detail: formatBytes(objects.bytes) },
    {
      label: 'Last backup',
      value: lastBackup ? formatDateTime(lastBackup.at) : 'None recorded',
      detail: lastBackup ? formatBytes(lastBackup.bytes) : 'npm run backup on this server records it',
    },
  ];
  return <Figures figures={figures} columns="sm:grid-cols-2 lg:grid-cols-5" />;
}

export function AdminSystem() {
  const status = useSystemStatus();
  return (
    <div>
      <AdminPageHeader
        title="System"
        description="The instance, the notification outbox and the periodic jobs. This page refreshes every 10 seconds."
        actions={
          <Button variant="outline" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
            {status.isFetching ? <Spinner /> : <RefreshCw aria-hidden />} Refresh
          </Button>
        }
      />
      {status.isError && !status.data ? (
        <Alert variant="error" title="Error">
          {errorMessage(status.error, 'Failed to load the system status.')}
        </Alert>
      ) : (
        <div className="grid gap-8">
          <section aria-labelledby="instance-heading" className="grid gap-3">
            <h2 id="instance-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Server className="size-5 text-slate-600" aria-hidden /> Instance
            </h2>
            {status.data ? <InstanceFigures instance={status.data.instance} /> : <Skeleton className="h-24 w-full" />}
          </section>
          <section aria-labelledby="outbox-heading" className="grid gap-3">
            <h2 id="outbox-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock className="size-5 text-slate-600" aria-hidden /> Notification outbox
            </h2>
            {status.data ? <OutboxFigures {...status.data.outbox} /> : <Skeleton className="h-20 w-full" />}
            <h3 className="mt-2 text-base font-semibold text-slate-900">Given up on</h3>
            <FailedNotices />
          </section>
          <section aria-labelledby="jobs-heading" className="grid gap-3">
            <h2 id="jobs-heading" className="text-lg font-semibold text-slate-900">
              Periodic jobs
            </h2>
            {status.data ? (
              <JobsTable jobs={status.data.jobs} />
            ) : (
              <div className="grid gap-2" aria-busy="true">
                <span role="status" className="sr-only">
                  Loading the jobs…
                </span>
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-12 w-full" />
                ))}
              </div>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
