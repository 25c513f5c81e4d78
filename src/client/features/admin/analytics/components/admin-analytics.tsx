/**
 * The operator's analytics: the period's headline figures, the search-to-hire funnel, the figures
 * per day, week or month and per category, and the searches that found nothing — each table with
 * its CSV file. The period and the interval live in the address, so a view can be shared.
 */
import Download from 'lucide-react/icons/download';
import { useId, type ReactNode } from 'react';
import { RetryAlert } from '@/client/components/list-states';
import { Alert } from '@/client/components/ui/alert';
import { cn } from '@/client/components/ui/cn';
import { fieldClasses } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatDuration, formatMoney, formatNumber } from '@/client/lib/format';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import {
  ANALYTICS_INTERVALS,
  ANALYTICS_PERIODS,
  type AnalyticsInterval,
  type AnalyticsQuery,
  type Figures,
  type FUNNEL_STEPS,
  type PlatformAnalytics,
} from '@/shared/schemas/analytics';
import { currencyDigits } from '@/shared/schemas/offers';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { analyticsCsvUrl, searchesCsvUrl, usePlatformAnalytics, useSearchesWithoutResults } from '../api/get-platform-analytics';

const INTERVAL_LABELS: Record<AnalyticsInterval, MessageKey> = {
  day: 'admin.analytics.interval.day',
  week: 'admin.analytics.interval.week',
  month: 'admin.analytics.interval.month',
};
/** "Figures by day", the series section's heading. */
const SERIES_TITLES: Record<AnalyticsInterval, MessageKey> = {
  day: 'admin.analytics.series.titleDay',
  week: 'admin.analytics.series.titleWeek',
  month: 'admin.analytics.series.titleMonth',
};
const SERIES_CAPTIONS: Record<AnalyticsInterval, MessageKey> = {
  day: 'admin.analytics.series.captionDay',
  week: 'admin.analytics.series.captionWeek',
  month: 'admin.analytics.series.captionMonth',
};
/** The series table's first column: the day, or the first day of the week or month. */
const SERIES_FIRST_COLUMNS: Record<AnalyticsInterval, MessageKey> = {
  day: 'admin.analytics.series.day',
  week: 'admin.analytics.series.weekFrom',
  month: 'admin.analytics.series.monthFrom',
};
const FUNNEL_LABELS: Record<(typeof FUNNEL_STEPS)[number], MessageKey> = {
  searches: 'admin.analytics.funnel.searches',
  searchesWithResults: 'admin.analytics.funnel.searchesWithResults',
  pageViews: 'admin.analytics.funnel.pageViews',
  drafts: 'admin.analytics.funnel.drafts',
  requests: 'admin.analytics.funnel.requests',
  requestsReplied: 'admin.analytics.funnel.requestsReplied',
  hires: 'admin.analytics.funnel.hires',
};

/** The period and interval from the address; anything else falls back to the defaults. */
function useAnalyticsQuery(): [AnalyticsQuery, (next: Partial<AnalyticsQuery>) => void] {
  const [params, changeParams] = useAddressQuery();
  const days = Number(params.get('days'));
  const interval = params.get('interval') as AnalyticsInterval;
  const query: AnalyticsQuery = {
    days: (ANALYTICS_PERIODS as readonly number[]).includes(days) ? (days as AnalyticsQuery['days']) : 30,
    interval: ANALYTICS_INTERVALS.includes(interval) ? interval : 'day',
  };
  const update = (change: Partial<AnalyticsQuery>) =>
    changeParams((next) => setQueryValues(next, { days: change.days?.toString(), interval: change.interval }), { replace: true });
  return [query, update];
}

const formatShare = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

function Select<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className={cn(fieldClasses, 'h-10 w-40 py-2')}
      >
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function CsvLink({ href }: { href: string }) {
  const t = useT();
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
    >
      <Download className="size-4" aria-hidden />
      {t('admin.analytics.downloadCsv')}
    </a>
  );
}

function Section({ id, title, csv, children }: { id: string; title: string; csv?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {csv}
      </div>
      {children}
    </section>
  );
}

/** A headline figure: its test id (the English name it always had), its name, value and hint. */
type Tile = [testId: string, label: MessageKey, value: string, hint?: string];

function Headline({ analytics }: { analytics: PlatformAnalytics }) {
  const t = useT();
  const { totals } = analytics;
  const money = (minor: number) => formatMoney(minor / 10 ** currencyDigits(analytics.currency));
  const tiles: Tile[] = [
    ['Sign-ups', 'admin.analytics.headline.signups', formatNumber(totals.signups)],
    ['Companies created', 'admin.analytics.headline.companiesCreated', formatNumber(totals.companiesCreated)],
    [
      'Companies activated',
      'admin.analytics.headline.companiesActivated',
      formatNumber(totals.companiesActivated),
      t('admin.analytics.headline.companiesActivatedHint'),
    ],
    ['Requests sent', 'admin.analytics.headline.requests', formatNumber(totals.requests)],
    [
      'Replied to',
      'admin.analytics.headline.repliedTo',
      formatShare(totals.replyShare),
      t('admin.analytics.headline.repliedToHint', {
        count: totals.requestsReplied,
        number: formatNumber(totals.requestsReplied),
      }),
    ],
    ['Median first reply', 'admin.analytics.headline.medianFirstReply', formatDuration(totals.medianFirstReplyMinutes)],
    ['Hires', 'admin.analytics.headline.hires', formatNumber(totals.hires)],
    [
      'Revenue',
      'admin.analytics.headline.revenue',
      money(totals.revenueCents),
      t('admin.analytics.headline.revenueHint', { count: totals.coinsSold, number: formatNumber(totals.coinsSold) }),
    ],
    [
      'Coins spent',
      'admin.analytics.headline.coinsSpent',
      formatNumber(totals.coinsSpent),
      t('admin.analytics.headline.coinsSpentHint'),
    ],
    [
      'Coins refunded',
      'admin.analytics.headline.coinsRefunded',
      formatNumber(totals.coinsRefunded),
      t('admin.analytics.headline.coinsRefundedHint'),
    ],
    [
      'Bad-lead credits',
      'admin.analytics.headline.badLeadCredits',
      formatNumber(totals.badLeadCredits),
      t('admin.analytics.headline.badLeadCreditsHint'),
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {tiles.map(([testId, label, value, hint]) => (
        <div key={testId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{t(label)}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`analytics-${testId}`}>
            {value}
          </dd>
          {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Each step as a bar as long as its share of the first, with the count and the share written out. */
function Funnel({ funnel }: { funnel: PlatformAnalytics['funnel'] }) {
  const t = useT();
  const top = Math.max(1, ...funnel.map((step) => step.count));
  return (
    <ol className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {funnel.map((step, i) => {
        const previous = i > 0 ? funnel[i - 1].count : null;
        return (
          <li key={step.step} className="grid gap-1 sm:grid-cols-[12rem_1fr_14rem] sm:items-center sm:gap-3">
            <span className="text-sm font-medium text-slate-800">{t(FUNNEL_LABELS[step.step])}</span>
            <span className="h-3 rounded bg-slate-100" aria-hidden>
              <span className="block h-3 rounded bg-blue-600" style={{ width: `${(step.count / top) * 100}%` }} />
            </span>
            <span className="text-sm text-slate-700 tabular-nums">
              {previous
                ? t('admin.analytics.funnel.countOfStepBefore', {
                    count: formatNumber(step.count),
                    share: formatShare(step.count / previous),
                  })
                : formatNumber(step.count)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const SERIES_COLUMNS: [MessageKey, (row: Figures, analytics: PlatformAnalytics) => string][] = [
  ['admin.analytics.column.signups', (row) => formatNumber(row.signups)],
  ['admin.analytics.column.companies', (row) => formatNumber(row.companiesCreated)],
  ['admin.analytics.column.activated', (row) => formatNumber(row.companiesActivated)],
  ['admin.analytics.column.searches', (row) => formatNumber(row.searches)],
  ['admin.analytics.column.pageViews', (row) => formatNumber(row.pageViews)],
  ['admin.analytics.column.requests', (row) => formatNumber(row.requests)],
  ['admin.analytics.column.replied', (row) => formatShare(row.replyShare)],
  ['admin.analytics.column.medianReply', (row) => formatDuration(row.medianFirstReplyMinutes)],
  ['admin.analytics.column.hires', (row) => formatNumber(row.hires)],
  ['admin.analytics.column.revenue', (row, a) => formatMoney(row.revenueCents / 10 ** currencyDigits(a.currency))],
  ['admin.analytics.column.coinsSpent', (row) => formatNumber(row.coinsSpent)],
  ['admin.analytics.column.refunded', (row) => formatNumber(row.coinsRefunded)],
  ['admin.analytics.column.credited', (row) => formatNumber(row.badLeadCredits)],
];

function SeriesTable({ analytics }: { analytics: PlatformAnalytics }) {
  const t = useT();
  return (
    <AdminTableRegion label={t('admin.analytics.series.table')}>
      <table className={adminTable.table}>
        <caption className="sr-only">{t(SERIES_CAPTIONS[analytics.interval])}</caption>
        <AdminTableHead columns={[t(SERIES_FIRST_COLUMNS[analytics.interval]), ...SERIES_COLUMNS.map(([name]) => t(name))]} />
        <tbody>
          {[...analytics.series].reverse().map((row) => (
            <tr key={row.start} className={adminTable.tr}>
              <th scope="row" className={cn(adminTable.td, 'font-medium whitespace-nowrap')}>
                <time dateTime={row.start}>{formatDate(`${row.start}T12:00:00Z`)}</time>
              </th>
              {SERIES_COLUMNS.map(([name, cell]) => (
                <td key={name} className={cn(adminTable.td, 'tabular-nums')}>
                  {cell(row, analytics)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableRegion>
  );
}

function CategoriesTable({ analytics }: { analytics: PlatformAnalytics }) {
  const t = useT();
  const columns: [MessageKey, (row: PlatformAnalytics['categories'][number]) => string][] = [
    ['admin.analytics.column.companies', (row) => formatNumber(row.companiesCreated)],
    ['admin.analytics.column.activated', (row) => formatNumber(row.companiesActivated)],
    ['admin.analytics.column.appearances', (row) => formatNumber(row.searchAppearances + row.categoryAppearances)],
    ['admin.analytics.column.pageViews', (row) => formatNumber(row.pageViews)],
    ['admin.analytics.column.requests', (row) => formatNumber(row.requests)],
    ['admin.analytics.column.replied', (row) => formatShare(row.replyShare)],
    ['admin.analytics.column.medianReply', (row) => formatDuration(row.medianFirstReplyMinutes)],
    ['admin.analytics.column.hires', (row) => formatNumber(row.hires)],
    ['admin.analytics.column.coinsSpent', (row) => formatNumber(row.coinsSpent)],
    ['admin.analytics.column.refunded', (row) => formatNumber(row.coinsRefunded)],
    ['admin.analytics.column.credited', (row) => formatNumber(row.badLeadCredits)],
  ];
  // The busiest categories first.
  const rows = [...analytics.categories].sort((a, b) => b.requests - a.requests || b.pageViews - a.pageViews);
  return (
    <AdminTableRegion label={t('admin.analytics.categories.table')}>
      <table className={adminTable.table}>
        <caption className="sr-only">{t('admin.analytics.categories.caption')}</caption>
        <AdminTableHead columns={[t('admin.analytics.column.category'), ...columns.map(([name]) => t(name))]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.categoryId} className={adminTable.tr}>
              <th scope="row" className={cn(adminTable.td, 'font-medium')}>
                {row.name}
              </th>
              {columns.map(([name, cell]) => (
                <td key={name} className={cn(adminTable.td, 'tabular-nums')}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableRegion>
  );
}

const SEARCHES_COLUMNS: MessageKey[] = [
  'admin.analytics.searches.words',
  'admin.analytics.searches.place',
  'admin.analytics.searches.withoutResult',
  'admin.analytics.column.searches',
];

function SearchesWithoutResults({ days }: { days: number }) {
  const t = useT();
  const searches = useSearchesWithoutResults(days);
  if (searches.isPending) return <Skeleton className="h-24 w-full" />;
  if (searches.isError) {
    return <Alert variant="error" title={t('admin.analytics.searches.loadFailed')} />;
  }
  if (!searches.data.searches.length) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        {t('admin.analytics.searches.none')}
      </p>
    );
  }
  return (
    <AdminTableRegion label={t('admin.analytics.searches.table')}>
      <table className={cn(adminTable.table, 'min-w-[480px]')}>
        <caption className="sr-only">{t('admin.analytics.searches.caption')}</caption>
        <AdminTableHead columns={SEARCHES_COLUMNS.map((column) => t(column))} />
        <tbody>
          {searches.data.searches.map((row) => (
            <tr key={`${row.words}\u0000${row.place}`} className={adminTable.tr}>
              <td className={adminTable.td}>{row.words || '—'}</td>
              <td className={adminTable.td}>{row.place || '—'}</td>
              <td className={cn(adminTable.td, 'tabular-nums')}>{formatNumber(row.emptySearches)}</td>
              <td className={cn(adminTable.td, 'tabular-nums')}>{formatNumber(row.searches)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableRegion>
  );
}

export function AdminAnalytics() {
  const t = useT();
  const [query, update] = useAnalyticsQuery();
  const analytics = usePlatformAnalytics(query);
  const data = analytics.data;
  return (
    <div>
      <AdminPageHeader
        title={t('admin.analytics.title')}
        description={
          data
            ? t('admin.analytics.period', {
                since: formatDate(`${data.since}T12:00:00Z`),
                through: formatDate(`${data.through}T12:00:00Z`),
              })
            : t('admin.analytics.description')
        }
        actions={
          <>
            <Select
              label={t('admin.analytics.periodLabel')}
              value={query.days}
              options={ANALYTICS_PERIODS.map((days) => ({ value: days, label: t('admin.analytics.lastDays', { days }) }))}
              onChange={(days) => update({ days })}
            />
            <Select
              label={t('admin.analytics.intervalLabel')}
              value={query.interval}
              options={ANALYTICS_INTERVALS.map((interval) => ({ value: interval, label: t(INTERVAL_LABELS[interval]) }))}
              onChange={(interval) => update({ interval })}
            />
          </>
        }
      />

      {analytics.isError ? (
        <RetryAlert
          block
          title={t('admin.analytics.loadFailedTitle')}
          message={t('admin.analytics.loadFailed')}
          onRetry={() => void analytics.refetch()}
          className="mb-6"
        />
      ) : null}

      <div aria-busy={analytics.isFetching} aria-live="polite">
        {data ? (
          <Headline analytics={data} />
        ) : analytics.isPending ? (
          <div
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
            aria-label={t('admin.analytics.loading')}
            role="status"
          >
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : null}
      </div>

      {data ? (
        <>
          <Section
            id="analytics-funnel"
            title={t('admin.analytics.funnel.title')}
            csv={<CsvLink href={analyticsCsvUrl('funnel', query)} />}
          >
            <Funnel funnel={data.funnel} />
          </Section>
          <Section
            id="analytics-series"
            title={t(SERIES_TITLES[query.interval])}
            csv={<CsvLink href={analyticsCsvUrl('series', query)} />}
          >
            <SeriesTable analytics={data} />
          </Section>
          <Section
            id="analytics-categories"
            title={t('admin.analytics.categories.title')}
            csv={<CsvLink href={analyticsCsvUrl('categories', query)} />}
          >
            <CategoriesTable analytics={data} />
          </Section>
        </>
      ) : null}

      <Section
        id="analytics-searches"
        title={t(query.days > 90 ? 'admin.analytics.searches.titleLast90Days' : 'admin.analytics.searches.title')}
        csv={<CsvLink href={searchesCsvUrl(query.days)} />}
      >
        <SearchesWithoutResults days={query.days} />
      </Section>

      {data ? (
        <p className="mt-6 text-xs text-slate-600">
          {data.rolledUpThrough
            ? t('admin.analytics.rolledUp', { date: formatDate(`${data.rolledUpThrough}T12:00:00Z`) })
            : t('admin.analytics.countedLive')}{' '}
          {t('admin.analytics.footnote', { currency: data.currency })}
        </p>
      ) : null}
    </div>
  );
}
