/**
 * The machinery, so that an admin sees background work that stalls or fails: each periodic job with
 * its last run, outcome and next time, with Run now; the notification outbox's queue (how many
 * wait, since when) and the notices given up on, with Retry. Refreshed every 10 s while open.
 */
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Play from 'lucide-react/icons/play';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Server from 'lucide-react/icons/server';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { formatDate, formatDateTime, formatNumber } from '@/client/lib/format';
import { Message, useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { InstanceStatus, JobStatus, Notice, OutboxSummary } from '@/shared/schemas/system';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { useFailedNotices, useSystemStatus } from '../api/get-system-status';
import { useRetryNotice, useRunJobNow } from '../api/system-actions';

type Translate = ReturnType<typeof useT>;

const formatWhen = (iso: string | null, t: Translate) => (iso ? formatDateTime(iso) : t('admin.system.never'));

const UNITS: [number, MessageKey][] = [
  [86_400, 'admin.system.days'],
  [3600, 'admin.system.hours'],
  [60, 'admin.system.minutes'],
  [1, 'admin.system.seconds'],
];

/** 600 → "10 minutes", 86400 → "1 day". */
export function formatSeconds(seconds: number, t: Translate): string {
  const [size, unit] = UNITS.find(([length]) => seconds >= length && seconds % length === 0) ?? UNITS[UNITS.length - 1];
  const count = Math.round(seconds / size);
  return t(unit, { count, n: String(count) });
}

/** The periodic jobs the server runs, in words; one added later reads as its name in words. */
const JOB_LABELS: Record<string, MessageKey> = {
  'quotes.complete-idle': 'admin.system.job.quotesCompleteIdle',
  'coins.refund-unread-replies': 'admin.system.job.coinsRefundUnreadReplies',
  'images.sweep-orphan-uploads': 'admin.system.job.imagesSweepOrphanUploads',
  'companies.refresh-reply-times': 'admin.system.job.companiesRefreshReplyTimes',
  'limits.prune-windows': 'admin.system.job.limitsPruneWindows',
  'auth.prune-sessions-and-tokens': 'admin.system.job.authPruneSessionsAndTokens',
  'insight.search-log-retention': 'admin.system.job.insightSearchLogRetention',
  'insight.daily-figures': 'admin.system.job.insightDailyFigures',
  'insight.weekly-summary': 'admin.system.job.insightWeeklySummary',
  'credentials.expire-and-remind': 'admin.system.job.credentialsExpireAndRemind',
  'credentials.recheck-notices': 'admin.system.job.credentialsRecheckNotices',
  'notifications.outbox-retention': 'admin.system.job.notificationsOutboxRetention',
  'privacy.build-exports': 'admin.system.job.privacyBuildExports',
  'privacy.export-retention': 'admin.system.job.privacyExportRetention',
  'privacy.deleted-accounts-sweep': 'admin.system.job.privacyDeletedAccountsSweep',
  'db.vacuum-analyze': 'admin.system.job.dbVacuumAnalyze',
};

/** "quotes.complete-idle" → "Quotes: complete idle". */
const jobLabel = (name: string, t: Translate) => {
  const key = JOB_LABELS[name];
  if (key) return t(key);
  const [domain = '', task = name] = name.includes('.') ? name.split('.', 2) : ['', name];
  const words = task.replace(/-/g, ' ');
  return domain ? `${domain.charAt(0).toUpperCase()}${domain.slice(1)}: ${words}` : words;
};

const JOB_COLUMNS: MessageKey[] = [
  'admin.system.column.job',
  'admin.system.column.every',
  'admin.system.column.lastRun',
  'admin.system.column.outcome',
  'admin.system.column.nextRun',
];
const NOTICE_COLUMNS: MessageKey[] = [
  'admin.system.column.to',
  'admin.system.column.notice',
  'admin.system.column.attempts',
  'admin.system.column.lastError',
  'admin.system.column.givenUp',
];

function Outcome({ job }: { job: JobStatus }) {
  const t = useT();
  if (job.runningOn) return <Badge variant="secondary">{t('admin.system.running')}</Badge>;
  if (job.lastOutcome === 'ok') {
    return (
      <span className="inline-flex items-center gap-1 text-green-800">
        <CircleCheck className="size-4" aria-hidden /> {t('admin.system.ok')}
      </span>
    );
  }
  if (job.lastOutcome === 'failed') {
    return (
      <span className="inline-flex flex-col">
        <span className="inline-flex items-center gap-1 font-medium text-red-700">
          <CircleAlert className="size-4" aria-hidden /> {t('admin.system.failed')}
        </span>
        <span className="text-xs text-slate-600">{t('admin.system.lastOk', { when: formatWhen(job.lastSucceededAt, t) })}</span>
      </span>
    );
  }
  return <span className="text-slate-600">{t('admin.system.notRunYet')}</span>;
}

function JobsTable({ jobs }: { jobs: JobStatus[] }) {
  const t = useT();
  const translateText = useTranslateText();
  const runNow = useRunJobNow();
  const run = (name: string) =>
    runNow.mutate(name, {
      onSuccess: () => notify.success(t('admin.system.jobStarted'), t('admin.system.jobRunsNow', { job: jobLabel(name, t) })),
      onError: (error) =>
        notify.error(t('admin.system.jobFailed'), translateText(errorMessage(error, t('admin.common.tryAgain')))),
    });
  return (
    <AdminTableRegion label={t('admin.system.jobsTable')}>
      <table className={adminTable.table}>
        <caption className="sr-only">{t('admin.system.jobsCaption')}</caption>
        <AdminTableHead columns={JOB_COLUMNS.map((column) => t(column))} hiddenLast={t('admin.system.column.actions')} />
        <tbody>
          {jobs.map((job) => (
            <tr key={job.name} className={adminTable.tr}>
              <td className={adminTable.td}>
                <span className="font-medium">{jobLabel(job.name, t)}</span>
                <span className="block font-mono text-xs text-slate-600">{job.name}</span>
              </td>
              <td className={`${adminTable.td} whitespace-nowrap`}>{formatSeconds(job.intervalSeconds, t)}</td>
              <td className={adminTable.td}>
                {job.lastStartedAt ? (
                  <time dateTime={job.lastStartedAt}>{formatWhen(job.lastStartedAt, t)}</time>
                ) : (
                  t('admin.system.never')
                )}
                {job.lastDurationMs !== null && (
                  <span className="block text-xs text-slate-600">
                    {t('admin.system.took', { ms: String(job.lastDurationMs) })}
                  </span>
                )}
              </td>
              <td className={adminTable.td}>
                <Outcome job={job} />
                {job.lastOutcome === 'ok' && job.lastResult && (
                  <span className="block text-xs text-slate-600">{translateText(job.lastResult)}</span>
                )}
                {job.lastOutcome === 'failed' && job.lastError && (
                  <span className="block max-w-xs text-xs break-words text-red-800">{job.lastError.split('\n')[0]}</span>
                )}
                <span className="block text-xs text-slate-600">
                  {job.failures
                    ? t('admin.system.runsFailed', { count: job.runs, runs: String(job.runs), failures: String(job.failures) })
                    : t('admin.system.runs', { count: job.runs, runs: String(job.runs) })}
                </span>
              </td>
              <td className={`${adminTable.td} whitespace-nowrap`}>
                <time dateTime={job.nextDueAt}>{formatWhen(job.nextDueAt, t)}</time>
              </td>
              <td className={adminTable.td}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => run(job.name)}
                  disabled={(runNow.isPending && runNow.variables === job.name) || job.runningOn !== null}
                >
                  {runNow.isPending && runNow.variables === job.name ? <Spinner /> : <Play aria-hidden />}
                  <Message
                    id="admin.system.runNow"
                    values={{ job: jobLabel(job.name, t) }}
                    parts={{ 0: <span className="sr-only" /> }}
                  />
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
  const t = useT();
  const translateText = useTranslateText();
  const notices = useFailedNotices();
  const retry = useRetryNotice();
  const onRetry = (notice: Notice) =>
    retry.mutate(notice.id, {
      onSuccess: () =>
        notify.success(
          t('admin.system.noticeQueued'),
          t(notice.channel === 'sms' ? 'admin.system.textSentAgain' : 'admin.system.mailSentAgain', {
            recipient: notice.recipient,
          }),
        ),
      onError: (error) =>
        notify.error(t('admin.system.noticeFailed'), translateText(errorMessage(error, t('admin.common.tryAgain')))),
    });
  if (notices.isPending) return <Skeleton className="h-24 w-full" />;
  if (notices.isError)
    return <Alert variant="error">{translateText(errorMessage(notices.error, t('admin.system.noticesLoadFailed')))}</Alert>;
  if (notices.data.length === 0) return <p className="text-sm text-slate-600">{t('admin.system.noNotices')}</p>;
  return (
    <AdminTableRegion label={t('admin.system.noticesTable')}>
      <table className={adminTable.table}>
        <caption className="sr-only">{t('admin.system.noticesCaption')}</caption>
        <AdminTableHead columns={NOTICE_COLUMNS.map((column) => t(column))} hiddenLast={t('admin.system.column.actions')} />
        <tbody>
          {notices.data.map((notice) => (
            <tr key={notice.id} className={adminTable.tr}>
              <td className={`${adminTable.td} break-all`}>{notice.recipient}</td>
              <td className={adminTable.td}>
                <span className="font-medium">
                  {notice.subject ?? t(notice.channel === 'sms' ? 'admin.system.textMessage' : 'admin.system.mail')}
                </span>
                <span className="block font-mono text-xs text-slate-600">{notice.kind}</span>
              </td>
              <td className={adminTable.td}>{notice.attempts}</td>
              <td className={`${adminTable.td} max-w-xs break-words text-red-800`}>{notice.lastError ?? '—'}</td>
              <td className={`${adminTable.td} whitespace-nowrap`}>{formatWhen(notice.failedAt, t)}</td>
              <td className={adminTable.td}>
                <Button variant="outline" size="sm" onClick={() => onRetry(notice)} disabled={retry.isPending}>
                  <RotateCw aria-hidden />{' '}
                  <Message
                    id="admin.system.retry"
                    values={{ recipient: notice.recipient }}
                    parts={{ 0: <span className="sr-only" /> }}
                  />
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
  const t = useT();
  const figures = [
    { label: t('admin.system.waiting'), value: String(queued) },
    { label: t('admin.system.oldestWaiting'), value: queued ? formatSeconds(Math.max(1, oldestQueuedSeconds), t) : '—' },
    { label: t('admin.system.givenUpOn'), value: String(failed) },
  ];
  return <Figures figures={figures} columns="sm:grid-cols-3" />;
}

/** 1,234,567 → "1.2 MB". */
export function formatBytes(bytes: number, t: Translate): string {
  if (bytes < 1000) return t('admin.system.bytes', { size: formatNumber(bytes) });
  const [size, unit]: [number, MessageKey] =
    bytes < 1e6
      ? [1e3, 'admin.system.kilobytes']
      : bytes < 1e9
        ? [1e6, 'admin.system.megabytes']
        : [1e9, 'admin.system.gigabytes'];
  return t(unit, { size: formatNumber(Math.round((bytes / size) * 10) / 10) });
}

/** The database's and the backup tool's names, the same in every language. */
const POSTGRES = 'PostgreSQL';
const PGLITE = 'PGlite, PostgreSQL';

function InstanceFigures({ instance }: { instance: InstanceStatus }) {
  const t = useT();
  const { database, migrations, objects, lastBackup } = instance;
  const figures = [
    { label: t('admin.system.version'), value: instance.version },
    {
      label: t('admin.system.database'),
      value: database.kind === 'postgres' ? POSTGRES : t('admin.system.embedded'),
      detail: t('admin.system.databaseDetail', {
        engine: database.kind === 'postgres' ? POSTGRES : PGLITE,
        version: database.serverVersion,
        size: formatBytes(database.bytes, t),
      }),
    },
    {
      label: t('admin.system.migrations'),
      value: t('admin.system.migrationsApplied', { applied: String(migrations.applied), known: String(migrations.known) }),
      detail: migrations.lastAppliedAt
        ? t('admin.system.latestMigration', { date: formatDate(migrations.lastAppliedAt) })
        : undefined,
    },
    { label: t('admin.system.storedFiles'), value: formatNumber(objects.count), detail: formatBytes(objects.bytes, t) },
    {
      label: t('admin.system.lastBackup'),
      value: lastBackup ? formatDateTime(lastBackup.at) : t('admin.system.noBackup'),
      detail: lastBackup ? formatBytes(lastBackup.bytes, t) : t('admin.system.backupHint'),
    },
  ];
  return <Figures figures={figures} columns="sm:grid-cols-2 lg:grid-cols-5" />;
}

export function AdminSystem() {
  const t = useT();
  const translateText = useTranslateText();
  const status = useSystemStatus();
  return (
    <div>
      <AdminPageHeader
        title={t('admin.system.title')}
        description={t('admin.system.description')}
        actions={
          <Button variant="outline" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
            {status.isFetching ? <Spinner /> : <RefreshCw aria-hidden />} {t('admin.system.refresh')}
          </Button>
        }
      />
      {status.isError && !status.data ? (
        <Alert variant="error" title={t('admin.common.error')}>
          {translateText(errorMessage(status.error, t('admin.system.loadFailed')))}
        </Alert>
      ) : (
        <div className="grid gap-8">
          <section aria-labelledby="instance-heading" className="grid gap-3">
            <h2 id="instance-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Server className="size-5 text-slate-600" aria-hidden /> {t('admin.system.instance')}
            </h2>
            {status.data ? <InstanceFigures instance={status.data.instance} /> : <Skeleton className="h-24 w-full" />}
          </section>
          <section aria-labelledby="outbox-heading" className="grid gap-3">
            <h2 id="outbox-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock className="size-5 text-slate-600" aria-hidden /> {t('admin.system.outbox')}
            </h2>
            {status.data ? <OutboxFigures {...status.data.outbox} /> : <Skeleton className="h-20 w-full" />}
            <h3 className="mt-2 text-base font-semibold text-slate-900">{t('admin.system.givenUpOn')}</h3>
            <FailedNotices />
          </section>
          <section aria-labelledby="jobs-heading" className="grid gap-3">
            <h2 id="jobs-heading" className="text-lg font-semibold text-slate-900">
              {t('admin.system.jobs')}
            </h2>
            {status.data ? (
              <JobsTable jobs={status.data.jobs} />
            ) : (
              <div className="grid gap-2" aria-busy="true">
                <span role="status" className="sr-only">
                  {t('admin.system.loadingJobs')}
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
