/**
 * The operator's analytics: the platform's figures over a period, by day, week or month and by
 * category, with the search-to-hire funnel. Read from the daily roll-ups the job keeps, plus the
 * days after the last rolled-up one (today at least) computed live by the same query.
 */
import type { Db } from '@/server/db/client';
import { toCsv, type CsvFile } from '@/server/lib/csv';
import { currencyDigits } from '@/shared/schemas/offers';
import {
  CATEGORY_FIGURES,
  FIGURE_LABELS,
  FUNNEL_LABELS,
  PLATFORM_FIGURES,
  type AnalyticsCsvQuery,
  type AnalyticsInterval,
  type AnalyticsQuery,
  type CategoryFigures,
  type Figures,
  type PlatformAnalytics,
} from '@/shared/schemas/analytics';
import {
  categoryNames,
  figureSums,
  firstActiveDay,
  lastRolledUpDay,
  liveRows,
  replyMedians,
  rollUp,
  type FigureRow,
  type MedianRow,
} from './daily-figures.repository';
import { addDays, dayOf, lastDays } from './period';

/**
 * Days the job computes again on every run: a request's "replied" and its wait change when a
 * company answers later, so the recent days are refreshed (a reply later than this is not counted).
 */
export const REFRESH_DAYS = 30;
/** Days stored per transaction when catching up. */
const CHUNK_DAYS = 31;
/**
 * How long a node reuses the days it computed live (today's, at least): every screen and period
 * reads them, and at a million requests they cost more than the rest of an answer together.
 */
export const LIVE_FIGURES_TTL_MS = 60_000;

const earlier = (a: string, b: string) => (a < b ? a : b);

/** The first day of each interval of [from, until), as SQL's date_trunc names it. */
function bucketStarts(from: string, until: string, interval: AnalyticsInterval): string[] {
  const first = new Date(`${from}T00:00:00Z`);
  if (interval === 'week') first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  if (interval === 'month') first.setUTCDate(1);
  const starts: string[] = [];
  for (const at = first; dayOf(at) < until;) {
    starts.push(dayOf(at));
    if (interval === 'day') at.setUTCDate(at.getUTCDate() + 1);
    else if (interval === 'week') at.setUTCDate(at.getUTCDate() + 7);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return starts;
}

function figuresOf(rows: FigureRow[], median: number | null): Figures {
  const figures = Object.fromEntries(PLATFORM_FIGURES.map((figure) => [figure, 0])) as Record<
    (typeof PLATFORM_FIGURES)[number],
    number
  >;
  for (const row of rows) {
    if (row.figure in figures) figures[row.figure as keyof typeof figures] = Number(row.value);
  }
  return {
    ...figures,
    replyShare: figures.requests > 0 ? Math.round((figures.requestsReplied / figures.requests) * 1000) / 1000 : null,
    medianFirstReplyMinutes: median,
  };
}

type Live = Awaited<ReturnType<typeof liveRows>>;

export class OperatorAnalyticsService {
  /** The live days last computed, shared by the answers within LIVE_FIGURES_TTL_MS (and by concurrent ones). */
  private live?: { key: string; at: number; rows: Promise<Live> };

  constructor(
    private readonly db: Db,
    private readonly currency: string,
    private readonly now: () => number = Date.now,
  ) {}

  private liveDays(from: string, until: string): Promise<Live> {
    const key = `${from}|${until}`;
    const now = this.now();
    if (this.live && this.live.key === key && now - this.live.at < LIVE_FIGURES_TTL_MS) return this.live.rows;
    const rows = liveRows(this.db, { from, until }, this.currency);
    this.live = { key, at: now, rows };
    // A failure is not kept: the next answer tries again.
    rows.catch(() => {
      if (this.live?.rows === rows) this.live = undefined;
    });
    return rows;
  }

  /**
   * The job: stores every day up to yesterday not stored yet, and computes the last REFRESH_DAYS
   * again. Answers what it did, for the jobs screen.
   */
  async rollUpDays(now: number = this.now()): Promise<string> {
    const today = dayOf(now);
    const first = await firstActiveDay(this.db);
    if (!first) return 'nothing to roll up yet';
    const last = await lastRolledUpDay(this.db);
    let from = last ? earlier(addDays(last, 1), addDays(today, -REFRESH_DAYS)) : first;
    if (from < first) from = first;
    if (from >= today) return 'up to date';
    let days = 0;
    for (let start = from; start < today; start = addDays(start, CHUNK_DAYS)) {
      const until = earlier(addDays(start, CHUNK_DAYS), today);
      await rollUp(this.db, { from: start, until }, this.currency);
      days += (Date.parse(until) - Date.parse(start)) / 86_400_000;
    }
    // What was live is stored now: the next answer reads it from the roll-ups.
    this.live = undefined;
    return `${days} days rolled up, ${from} to ${addDays(today, -1)}`;
  }

  async figures({ days, interval }: AnalyticsQuery): Promise<PlatformAnalytics> {
    const range = lastDays(days, this.now());
    const last = await lastRolledUpDay(this.db);
    // Stored days are read up to the last one; everything after it is computed live.
    const liveFrom = last && last >= range.from ? earlier(addDays(last, 1), range.until) : range.from;
    const live = await this.liveDays(liveFrom, range.until);
    const [sums, medians, names] = await Promise.all([
      figureSums(this.db, range, liveFrom, interval, live.figures),
      replyMedians(this.db, range, liveFrom, interval, live.replyTimes),
      categoryNames(this.db),
    ]);
    const group = <R extends FigureRow | MedianRow>(rows: R[], key: (row: R) => string | null) => {
      const groups = new Map<string, R[]>();
      for (const row of rows) {
        const k = key(row);
        if (k !== null) groups.set(k, [...(groups.get(k) ?? []), row]);
      }
      return groups;
    };
    const byBucket = group(sums, (row) => (row.bucket !== null ? row.bucket : null));
    const byCategory = group(sums, (row) => (row.category_id !== null ? String(row.category_id) : null));
    const medianOf = (match: (row: MedianRow) => boolean) => {
      const median = medians.find(match)?.median;
      return median === undefined || median === null ? null : Number(median);
    };
    const totals = figuresOf(
      sums.filter((row) => row.bucket === null && row.category_id === null),
      medianOf((row) => row.bucket === null && row.category_id === null),
    );
    const series = bucketStarts(range.from, range.until, interval).map((start) => ({
      ...figuresOf(
        byBucket.get(start) ?? [],
        medianOf((row) => row.bucket === start),
      ),
      // A week or month that began before the period is shown from the period's first day.
      start: start < range.from ? range.from : start,
    }));
    const categoryRows = [...names];
    // Category 0 also holds the figures that have none (sign-ups, searches, money): listed only
    // when a category figure landed there (a request whose category was deleted).
    const categoryFigure = new Set<string>(CATEGORY_FIGURES);
    if (byCategory.get('0')?.some((row) => categoryFigure.has(row.figure))) categoryRows.push({ id: 0, name: 'No category' });
    const categories: CategoryFigures[] = categoryRows.map(({ id, name }) => {
      const figures = figuresOf(
        byCategory.get(String(id)) ?? [],
        medianOf((row) => row.category_id === id),
      );
      return {
        categoryId: id,
        name,
        ...Object.fromEntries(CATEGORY_FIGURES.map((figure) => [figure, figures[figure]])),
        replyShare: figures.replyShare,
        medianFirstReplyMinutes: figures.medianFirstReplyMinutes,
      } as CategoryFigures;
    });
    return {
      days,
      interval,
      since: range.from,
      through: addDays(range.until, -1),
      currency: this.currency,
      totals,
      series,
      categories,
      funnel: [
        { step: 'searches', count: totals.searches },
        { step: 'searchesWithResults', count: totals.searches - totals.emptySearches },
        { step: 'pageViews', count: totals.pageViews },
        { step: 'drafts', count: totals.drafts },
        { step: 'requests', count: totals.requests },
        { step: 'requestsReplied', count: totals.requestsReplied },
        { step: 'hires', count: totals.hires },
      ],
      rolledUpThrough: last,
    };
  }

  /** One of the screen's tables as CSV, with its file name. */
  async figuresCsv(query: AnalyticsCsvQuery): Promise<CsvFile> {
    const analytics = await this.figures(query);
    const filename = `analytics-${query.table}-${analytics.since}-${query.days}d${query.table === 'series' ? `-${query.interval}` : ''}.csv`;
    const digits = currencyDigits(this.currency);
    const money = (minor: number) => (minor / 10 ** digits).toFixed(digits);
    const label = (figure: keyof typeof FIGURE_LABELS) =>
      figure === 'revenueCents' ? `${FIGURE_LABELS.revenueCents} (${this.currency})` : FIGURE_LABELS[figure];
    const cells = (figures: Partial<Figures>, names: readonly (keyof typeof FIGURE_LABELS)[]) =>
      names.map((figure) => {
        const value = figures[figure];
        if (value === null || value === undefined) return '';
        return figure === 'revenueCents' ? money(value) : value;
      });
    const derived = ['replyShare', 'medianFirstReplyMinutes'] as const;
    if (query.table === 'series') {
      const names = [...PLATFORM_FIGURES, ...derived];
      return {
        filename,
        csv: toCsv(
          [query.interval === 'day' ? 'day' : `${query.interval} from`, ...names.map(label)],
          analytics.series.map((row) => [row.start, ...cells(row, names)]),
        ),
      };
    }
    if (query.table === 'categories') {
      const names = [...CATEGORY_FIGURES, ...derived];
      return {
        filename,
        csv: toCsv(
          ['category', ...names.map(label)],
          analytics.categories.map((row) => [row.name, ...cells(row, names)]),
        ),
      };
    }
    return {
      filename,
      csv: toCsv(
        ['step', 'count'],
        analytics.funnel.map((row) => [FUNNEL_LABELS[row.step], row.count]),
      ),
    };
  }
}
