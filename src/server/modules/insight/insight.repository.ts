/** The figures of the pros' insight, read per company through each source's company index. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { DayRange } from './period';

export type CompanyFiguresRow = {
  since: string;
  page_views: number;
  search_appearances: number;
  category_appearances: number;
  requests: number;
  declined: number;
  replied: number;
  from_search: number;
  from_category: number;
  from_favorites: number;
  median_first_reply_seconds: number | null;
  hires: number;
  coins_spent: number;
  coins_credited: number;
};

/**
 * One company's figures over a range of UTC days. A request counts on the day it was sent, and
 * its reply and decline with it, whenever they came; a hire on its day; coins on the day they
 * moved.
 */
export async function companyFigures(db: DbOrTx, companyId: number, { from, until }: DayRange): Promise<CompanyFiguresRow> {
  const result = await db.execute<CompanyFiguresRow>(sql`
    WITH since AS (SELECT ${from}::date AS day),
    since_at AS (SELECT ${from}::timestamp AT TIME ZONE 'UTC' AS at, ${until}::timestamp AT TIME ZONE 'UTC' AS until),
    leads AS (
      SELECT q.submitted_at, qc.declined_at, qc.source,
             (SELECT min(m.created_at) FROM messages m
               WHERE m.quote_id = qc.quote_id AND m.company_id = qc.company_id AND m.sender_type = 'company') AS first_reply_at
        FROM quote_companies qc JOIN quotes q ON q.id = qc.quote_id
       WHERE qc.company_id = ${companyId} AND q.status <> 'draft'
         AND q.submitted_at >= (SELECT at FROM since_at) AND q.submitted_at < (SELECT until FROM since_at)
    )
    SELECT to_char((SELECT day FROM since), 'YYYY-MM-DD') AS since,
           (SELECT coalesce(sum(views), 0) FROM company_page_views
             WHERE company_id = ${companyId} AND day >= ${from} AND day < ${until})::int AS page_views,
           (SELECT coalesce(sum(appearances), 0) FROM company_appearances
             WHERE company_id = ${companyId} AND source = 'search' AND day >= ${from}::date AND day < ${until}::date)::int AS search_appearances,
           (SELECT coalesce(sum(appearances), 0) FROM company_appearances
             WHERE company_id = ${companyId} AND source = 'category' AND day >= ${from}::date AND day < ${until}::date)::int AS category_appearances,
           (SELECT count(*) FROM leads)::int AS requests,
           (SELECT count(*) FROM leads WHERE declined_at IS NOT NULL)::int AS declined,
           (SELECT count(*) FROM leads WHERE first_reply_at IS NOT NULL)::int AS replied,
           (SELECT count(*) FROM leads WHERE source = 'search')::int AS from_search,
           (SELECT count(*) FROM leads WHERE source = 'category')::int AS from_category,
           (SELECT count(*) FROM leads WHERE source = 'favorites')::int AS from_favorites,
           (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_reply_at - submitted_at))
              FROM leads WHERE first_reply_at IS NOT NULL)::float8 AS median_first_reply_seconds,
           (SELECT count(*) FROM quotes
             WHERE hired_company_id = ${companyId} AND outcome = 'hired' AND decided_at >= (SELECT at FROM since_at) AND decided_at < (SELECT until FROM since_at))::int AS hires,
           (SELECT coalesce(sum(-delta), 0) FROM coin_ledger
             WHERE company_id = ${companyId} AND reason = 'reply_charge' AND created_at >= (SELECT at FROM since_at) AND created_at < (SELECT until FROM since_at))::int AS coins_spent,
           (SELECT coalesce(sum(delta), 0) FROM coin_ledger
             WHERE company_id = ${companyId} AND reason = 'refund' AND created_at >= (SELECT at FROM since_at) AND created_at < (SELECT until FROM since_at))::int AS coins_credited`);
  return result.rows[0];
}

export type DailyFiguresRow = {
  day: string;
  page_views: number;
  appearances: number;
  requests: number;
  replied: number;
  hires: number;
  coins_spent: number;
};

/**
 * The same figures per UTC day, every day of the range present (zeros where nothing happened).
 * Each source is grouped by day once and joined to the list of days, so a 90-day period costs the
 * same handful of index reads as a week.
 */
export async function dailyFigures(db: DbOrTx, companyId: number, { from, until }: DayRange): Promise<DailyFiguresRow[]> {
  const result = await db.execute<DailyFiguresRow>(sql`
    WITH bounds AS (SELECT ${from}::timestamp AT TIME ZONE 'UTC' AS at, ${until}::timestamp AT TIME ZONE 'UTC' AS until),
    days AS (SELECT ${from}::date + i AS day FROM generate_series(0, ${until}::date - ${from}::date - 1) AS i),
    views AS (
      SELECT day::date AS day, sum(views) AS n FROM company_page_views
       WHERE company_id = ${companyId} AND day >= ${from} AND day < ${until}
       GROUP BY day
    ),
    shown AS (
      SELECT day, sum(appearances) AS n FROM company_appearances
       WHERE company_id = ${companyId} AND day >= ${from}::date AND day < ${until}::date
       GROUP BY day
    ),
    leads AS (
      SELECT (q.submitted_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n,
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM messages m
               WHERE m.quote_id = qc.quote_id AND m.company_id = qc.company_id AND m.sender_type = 'company')) AS replied
        FROM quote_companies qc JOIN quotes q ON q.id = qc.quote_id
       WHERE qc.company_id = ${companyId} AND q.status <> 'draft'
         AND q.submitted_at >= (SELECT at FROM bounds) AND q.submitted_at < (SELECT until FROM bounds)
       GROUP BY 1
    ),
    hires AS (
      SELECT (decided_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM quotes
       WHERE hired_company_id = ${companyId} AND outcome = 'hired'
         AND decided_at >= (SELECT at FROM bounds) AND decided_at < (SELECT until FROM bounds)
       GROUP BY 1
    ),
    spent AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, sum(-delta) AS n FROM coin_ledger
       WHERE company_id = ${companyId} AND reason = 'reply_charge'
         AND created_at >= (SELECT at FROM bounds) AND created_at < (SELECT until FROM bounds)
       GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(views.n, 0)::int AS page_views,
           coalesce(shown.n, 0)::int AS appearances,
           coalesce(leads.n, 0)::int AS requests,
           coalesce(leads.replied, 0)::int AS replied,
           coalesce(hires.n, 0)::int AS hires,
           coalesce(spent.n, 0)::int AS coins_spent
      FROM days
      LEFT JOIN views ON views.day = days.day
      LEFT JOIN shown ON shown.day = days.day
      LEFT JOIN leads ON leads.day = days.day
      LEFT JOIN hires ON hires.day = days.day
      LEFT JOIN spent ON spent.day = days.day
     ORDER BY days.day`);
  return result.rows;
}

export type SearchLogRow = { words: string; place: string; searches: number; empty_searches: number };

/**
 * The searches of the last `days` days (UTC, today included) summed over their days, most often
 * without a result first (or most often made, with `onlyEmpty` false).
 */
export async function searchLogOf(db: DbOrTx, days: number, onlyEmpty: boolean, limit: number): Promise<SearchLogRow[]> {
  const result = await db.execute<SearchLogRow>(sql`
    SELECT words, place, sum(searches)::int AS searches, sum(empty_searches)::int AS empty_searches
      FROM search_log
     WHERE day >= (now() AT TIME ZONE 'UTC')::date - ${days - 1}::int
     GROUP BY words, place
    HAVING ${onlyEmpty ? sql`sum(empty_searches) > 0` : sql`true`}
     ORDER BY ${onlyEmpty ? sql`sum(empty_searches) DESC, sum(searches) DESC` : sql`sum(searches) DESC, sum(empty_searches) DESC`},
              words, place
     LIMIT ${limit}`);
  return result.rows;
}
