/** What a company's listing brought its owner: the figures of its insight, over 7, 30 or 90 days. */
import type { Db } from '@/server/db/client';
import { toCsv, type CsvFile } from '@/server/lib/csv';
import { SEARCH_LOG_LIMIT, type CompanyInsight, type SearchLog, type SearchLogQuery } from '@/shared/schemas/insight';
import { companyFigures, dailyFigures, searchLogOf } from './insight.repository';
import { lastDays } from './period';

/** A ratio to one decimal, or null when there is nothing to divide by. */
const per = (amount: number, count: number) => (count > 0 ? Math.round((amount / count) * 10) / 10 : null);

export class InsightService {
  constructor(private readonly db: Db) {}

  async companyInsight(companyId: number, days: number): Promise<CompanyInsight> {
    const range = lastDays(days);
    const [row, daily] = await Promise.all([companyFigures(this.db, companyId, range), dailyFigures(this.db, companyId, range)]);
    const netCoins = row.coins_spent - row.coins_credited;
    return {
      companyId,
      days,
      since: row.since,
      pageViews: row.page_views,
      appearances: { search: row.search_appearances, category: row.category_appearances },
      requests: row.requests,
      declined: row.declined,
      replied: row.replied,
      sources: {
        search: row.from_search,
        category: row.from_category,
        favorites: row.from_favorites,
        other: row.requests - row.from_search - row.from_category - row.from_favorites,
      },
      hires: row.hires,
      coinsSpent: row.coins_spent,
      coinsCredited: row.coins_credited,
      costPerHire: per(netCoins, row.hires),
      costPerReply: per(netCoins, row.replied),
      medianFirstReplyMinutes:
        row.median_first_reply_seconds === null ? null : Math.round(Number(row.median_first_reply_seconds) / 60),
      series: daily.map((day) => ({
        day: day.day,
        pageViews: day.page_views,
        appearances: day.appearances,
        requests: day.requests,
        replied: day.replied,
        hires: day.hires,
        coinsSpent: day.coins_spent,
      })),
    };
  }

  /** The daily figures as CSV, one row per day and a last row of totals, with its file name. */
  async companyInsightCsv(companyId: number, days: number): Promise<CsvFile> {
    const insight = await this.companyInsight(companyId, days);
    return {
      filename: `insight-${companyId}-${insight.since}-${days}d.csv`,
      csv: toCsv(
        ['day', 'page views', 'appearances', 'requests', 'replied', 'hires', 'coins spent'],
        [
          ...insight.series.map((day) => [
            day.day,
            day.pageViews,
            day.appearances,
            day.requests,
            day.replied,
            day.hires,
            day.coinsSpent,
          ]),
          [
            'total',
            insight.pageViews,
            insight.appearances.search + insight.appearances.category,
            insight.requests,
            insight.replied,
            insight.hires,
            insight.coinsSpent,
          ],
        ],
      ),
    };
  }

  /** The operator's report of what customers searched for (words and place, never who). */
  async searchLog({ days, found }: SearchLogQuery): Promise<SearchLog> {
    const rows = await searchLogOf(this.db, days, found === 'none', SEARCH_LOG_LIMIT);
    return {
      days,
      since: lastDays(days).from,
      searches: rows.map((row) => ({
        words: row.words,
        place: row.place,
        searches: row.searches,
        emptySearches: row.empty_searches,
      })),
    };
  }

  /** The same report as CSV, with its file name. */
  async searchLogCsv(query: SearchLogQuery): Promise<CsvFile> {
    const log = await this.searchLog(query);
    return {
      filename: `searches-${query.found === 'none' ? 'without-results' : 'all'}-${log.since}-${query.days}d.csv`,
      csv: toCsv(
        ['words', 'place', 'searches', 'searches without a result'],
        log.searches.map((row) => [row.words, row.place, row.searches, row.emptySearches]),
      ),
    };
  }
}
