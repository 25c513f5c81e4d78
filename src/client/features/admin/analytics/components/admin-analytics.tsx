/**
 * The operator's analytics: the period's headline figures, the search-to-hire funnel, the figures
 * per day, week or month and per category, and the searches that found nothing — each table with
 * its CSV file. The period and the interval live in the address, so a view can be shared.
 */
import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { RetryAlert } from '@/client/components/list-states';
import { Alert } from '@/client/components/ui/alert';
import { cn } from '@/client/components/ui/cn';
import { fieldClasses } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatDuration, formatMoney, formatNumber } from '@/client/lib/format';
import { setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import {
  ANALYTICS_INTERVALS,
  ANALYTICS_PERIODS,
  FUNNEL_LABELS,
  type AnalyticsInterval,
  type AnalyticsQuery,
  type Figures,
  type PlatformAnalytics,
} from '@/shared/schemas/analytics';
import { currencyDigits } from '@/shared/schemas/offers';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { analyticsCsvUrl, searchesCsvUrl, usePlatformAnalytics, useSearchesWithoutResults } from '../api/get-platform-analytics';

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = { day: 'By day', week: 'By week', month: 'By month' };

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

function CsvLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
    >
      <Download className="size-4" aria-hidden />
      {children}
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

function Headline({ analytics }: { analytics: PlatformAnalytics }) {
  const { totals } = analytics;
  const money = (minor: number) => formatMoney(minor / 10 ** currencyDigits(analytics.currency));
  const tiles: [string, string, string?][] = [
    ['Sign-ups', formatNumber(totals.signups)],
    ['Companies created', formatNumber(totals.companiesCreated)],
    ['Companies activated', formatNumber(totals.companiesActivated), 'first paid reply'],
    ['Requests sent', formatNumber(totals.requests)],
    [
      'Replied to',
      formatShare(totals.replyShare),
      `${formatNumber(totals.requestsReplied)} ${totals.requestsReplied === 1 ? 'request' : 'requests'}`,
    ],
    ['Median first reply', formatDuration(totals.medianFirstReplyMinutes)],
    ['Hires', formatNumber(totals.hires)],
    ['Revenue', money(totals.revenueCents), `${formatNumber(totals.coinsSold)} coins sold`],
    ['Coins spent', formatNumber(totals.coinsSpent), 'on first replies'],
    ['Coins refunded', formatNumber(totals.coinsRefunded), 'for replies the customer never read'],
    ['Bad-lead credits', formatNumber(totals.badLeadCredits), 'coins'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {tiles.map(([label, value, hint]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`analytics-${label}`}>
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
  const top = Math.max(1, ...funnel.map((step) => step.count));
  return (
    <ol className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {funnel.map((step, i) => {
        const previous = i > 0 ? funnel[i - 1].count : null;
        return (
          <li key={step.step} className="grid gap-1 sm:grid-cols-[12rem_1fr_14rem] sm:items-center sm:gap-3">
            <span className="text-sm font-medium text-slate-800">{FUNNEL_LABELS[step.step]}</span>
            <span className="h-3 rounded bg-slate-100" aria-hidden>
              <span className="block h-3 rounded bg-blue-600" style={{ width: `${(step.count / top) * 100}%` }} />
            </span>
            <span className="text-sm text-slate-700 tabular-nums">
              {formatNumber(step.count)}
              {previous ? ` · ${formatShare(step.count / previous)} of the step before` : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const SERIES_COLUMNS: [string, (row: Figures, analytics: PlatformAnalytics) => string][] = [
  ['Sign-ups', (row) => formatNumber(row.signups)],
  ['Companies', (row) => formatNumber(row.companiesCreated)],
  ['Activated', (row) => formatNumber(row.companiesActivated)],
  ['Searches', (row) => formatNumber(row.searches)],
  ['Page views', (row) => formatNumber(row.pageViews)],
  ['Requests', (row) => formatNumber(row.requests)],
  ['Replied', (row) => formatShare(row.replyShare)],
  ['Median reply', (row) => formatDuration(row.medianFirstReplyMinutes)],
  ['Hires', (row) => formatNumber(row.hires)],
  ['Revenue', (row, a) => formatMoney(row.revenueCents / 10 ** currencyDigits(a.currency))],
  ['Coins spent', (row) => formatNumber(row.coinsSpent)],
  ['Refunded', (row) => formatNumber(row.coinsRefunded)],
  ['Credited', (row) => formatNumber(row.badLeadCredits)],
];

function SeriesTable({ analytics }: { analytics: PlatformAnalytics }) {
  const first = analytics.interval === 'day' ? 'Day' : analytics.interval === 'week' ? 'Week from' : 'Month from';
  return (
    <AdminTableRegion label="Figures by period table">
      <table className={adminTable.table}>
        <caption className="sr-only">The platform's figures {INTERVAL_LABELS[analytics.interval].toLowerCase()}</caption>
        <AdminTableHead columns={[first, ...SERIES_COLUMNS.map(([name]) => name)]} />
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
  const columns: [string, (row: PlatformAnalytics['categories'][number]) => string][] = [
    ['Companies', (row) => formatNumber(row.companiesCreated)],
    ['Activated', (row) => formatNumber(row.companiesActivated)],
    ['Appearances', (row) => formatNumber(row.searchAppearances + row.categoryAppearances)],
    ['Page views', (row) => formatNumber(row.pageViews)],
    ['Requests', (row) => formatNumber(row.requests)],
    ['Replied', (row) => formatShare(row.replyShare)],
    ['Median reply', (row) => formatDuration(row.medianFirstReplyMinutes)],
    ['Hires', (row) => formatNumber(row.hires)],
    ['Coins spent', (row) => formatNumber(row.coinsSpent)],
    ['Refunded', (row) => formatNumber(row.coinsRefunded)],
    ['Credited', (row) => formatNumber(row.badLeadCredits)],
  ];
  // The busiest categories first.
  const rows = [...analytics.categories].sort((a, b) => b.requests - a.requests || b.pageViews - a.pageViews);
  return (
    <AdminTableRegion label="Figures by category table">
      <table className={adminTable.table}>
        <caption className="sr-only">The platform's figures by category, most requests first</caption>
        <AdminTableHead columns={['Category', ...columns.map(([name]) => name)]} />
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

function SearchesWithoutResults({ days }: { days: number }) {
  const searches = useSearchesWithoutResults(days);
  if (searches.isPending) return <Skeleton className="h-24 w-full" />;
  if (searches.isError) {
    return <Alert variant="error" title="Failed to load the searches" />;
  }
  if (!searches.data.searches.length) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">Every search found a company.</p>
    );
  }
  return (
    <AdminTableRegion label="Searches without a result table">
      <table className={cn(adminTable.table, 'min-w-[480px]')}>
        <caption className="sr-only">What customers searched for and did not find, most often first</caption>
        <AdminTableHead columns={['Words', 'Place', 'Without a result', 'Searches']} />
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
  const [query, update] = useAnalyticsQuery();
  const analytics = usePlatformAnalytics(query);
  const data = analytics.data;
  return (
    <div>
      <AdminPageHeader
        title="Analytics"
        description={
          data
            ? `${formatDate(`${data.since}T12:00:00Z`)} to ${formatDate(`${data.through}T12:00:00Z`)} (UTC days). Requests count on the day they were sent.`
            : 'What happened on the platform over a period.'
        }
        actions={
          <>
            <Select
              label="Period"
              value={query.days}
              options={ANALYTICS_PERIODS.map((days) => ({ value: days, label: `Last ${days} days` }))}
              onChange={(days) => update({ days })}
            />
            <Select
              label="Interval"
              value={query.interval}
              options={ANALYTICS_INTERVALS.map((interval) => ({ value: interval, label: INTERVAL_LABELS[interval] }))}
              onChange={(interval) => update({ interval })}
            />
          </>
        }
      />

      {analytics.isError ? (
        <RetryAlert
          block
          title="Failed to load analytics"
          message="The figures could not be loaded. Please try again."
          onRetry={() => void analytics.refetch()}
          className="mb-6"
        />
      ) : null}

      <div aria-busy={analytics.isFetching} aria-live="polite">
        {data ? (
          <Headline analytics={data} />
        ) : analytics.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Loading the figures" role="status">
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
            title="From a search to a hire"
            csv={<CsvLink href={analyticsCsvUrl('funnel', query)}>Download CSV</CsvLink>}
          >
            <Funnel funnel={data.funnel} />
          </Section>
          <Section
            id="analytics-series"
            title={`Figures ${INTERVAL_LABELS[query.interval].toLowerCase()}`}
            csv={<CsvLink href={analyticsCsvUrl('series', query)}>Download CSV</CsvLink>}
          >
            <SeriesTable analytics={data} />
          </Section>
          <Section
            id="analytics-categories"
            title="By category"
            csv={<CsvLink href={analyticsCsvUrl('categories', query)}>Download CSV</CsvLink>}
          >
            <CategoriesTable analytics={data} />
          </Section>
        </>
      ) : null}

      <Section
        id="analytics-searches"
        title={`Searches without a result${query.days > 90 ? ' (last 90 days)' : ''}`}
        csv={<CsvLink href={searchesCsvUrl(query.days)}>Download CSV</CsvLink>}
      >
        <SearchesWithoutResults days={query.days} />
      </Section>

      {data ? (
        <p className="mt-6 text-xs text-slate-600">
          {data.rolledUpThrough
            ? `Days up to ${formatDate(`${data.rolledUpThrough}T12:00:00Z`)} are read from the hourly roll-up; later days are counted live. `
            : 'Every day is counted live until the hourly roll-up has run. '}
          A request counts as replied to when any company has answered it; the median is the middle request's wait for its first
          reply. Money is in {data.currency}.
        </p>
      ) : null}
    </div>
  );
}
