/**
 * The operator's figures per day (UTC) and category. One definition, `figuresBetween`, serves both
 * the roll-up job (which stores days in `daily_figures`) and the reads (which add the days not
 * rolled up yet, computed live), so a stored day and a live one can never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { AnalyticsInterval } from '@/shared/schemas/analytics';
import type { DayRange } from './period';

/** A timestamp column's UTC day. */
const dayOf = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC')::date`;

function bounds({ from, until }: DayRange) {
  return {
    since: sql`(${from}::timestamp AT TIME ZONE 'UTC')`,
    until: sql`(${until}::timestamp AT TIME ZONE 'UTC')`,
    fromDay: sql`${from}::date`,
    untilDay: sql`${until}::date`,
  };
}

/**
 * Rows (day, figure, category_id, value) of every figure over `range`. Requests count on the day
 * they were sent, "replied" when any company has answered since; a company is activated on the
 * day of its first paid reply; coins sold and revenue on the day the payment was credited.
 */
export function figuresBetween(range: DayRange, currency: string): SQL {
  const { since, until, fromDay, untilDay } = bounds(range);
  const at = (column: SQL) => sql`${column} >= ${since} AND ${column} < ${until}`;
  return sql`
    SELECT ${dayOf(sql`created_at`)} AS day, 'signups' AS figure, 0 AS category_id, count(*)::bigint AS value
      FROM users WHERE ${at(sql`created_at`)} GROUP BY 1
    UNION ALL
    SELECT ${dayOf(sql`created_at`)}, 'companiesCreated', category_id, count(*)
      FROM companies WHERE ${at(sql`created_at`)} GROUP BY 1, 3
    UNION ALL
    SELECT ${dayOf(sql`l.created_at`)}, 'companiesActivated', c.category_id, count(DISTINCT l.company_id)
      FROM coin_ledger l JOIN companies c ON c.id = l.company_id
     WHERE l.reason = 'reply_charge' AND ${at(sql`l.created_at`)}
       AND NOT EXISTS (SELECT 1 FROM coin_ledger e
                        WHERE e.company_id = l.company_id AND e.reason = 'reply_charge' AND e.created_at < l.created_at)
     GROUP BY 1, 3
    UNION ALL
    SELECT day, 'searches', 0, sum(searches) FROM search_log WHERE day >= ${fromDay} AND day < ${untilDay} GROUP BY 1
    UNION ALL
    SELECT day, 'emptySearches', 0, sum(empty_searches) FROM search_log
     WHERE day >= ${fromDay} AND day < ${untilDay} GROUP BY 1
    UNION ALL
    -- Kept per category as they are counted: a day's company rows are not joined with every company.
    SELECT day, figure, category_id, sum(value)::bigint FROM category_activity
     WHERE day >= ${fromDay} AND day < ${untilDay} GROUP BY 1, 2, 3
    UNION ALL
    SELECT ${dayOf(sql`created_at`)}, 'drafts', coalesce(category_id, 0), count(*)
      FROM quotes WHERE ${at(sql`created_at`)} GROUP BY 1, 3
    UNION ALL
    SELECT ${dayOf(sql`q.submitted_at`)}, 'requests', coalesce(q.category_id, 0), count(*)
      FROM quotes q WHERE q.status <> 'draft' AND ${at(sql`q.submitted_at`)} GROUP BY 1, 3
    UNION ALL
    SELECT ${dayOf(sql`q.submitted_at`)}, 'requestsReplied', coalesce(q.category_id, 0), count(*)
      FROM quotes q
     WHERE q.status <> 'draft' AND ${at(sql`q.submitted_at`)}
       AND EXISTS (SELECT 1 FROM messages m WHERE m.quote_id = q.id AND m.sender_type = 'company')
     GROUP BY 1, 3
    UNION ALL
    SELECT ${dayOf(sql`decided_at`)}, 'hires', coalesce(category_id, 0), count(*)
      FROM quotes WHERE outcome = 'hired' AND ${at(sql`decided_at`)} GROUP BY 1, 3
    UNION ALL
    SELECT ${dayOf(sql`credited_at`)}, 'coinsSold', 0, sum(coins)
      FROM payments WHERE ${at(sql`credited_at`)} GROUP BY 1
    UNION ALL
    SELECT ${dayOf(sql`credited_at`)}, 'revenueCents', 0, sum(amount_cents)
      FROM payments WHERE ${at(sql`credited_at`)} AND lower(currency) = lower(${currency}) GROUP BY 1
    UNION ALL
    SELECT ${dayOf(sql`l.created_at`)}, 'coinsSpent', coalesce(q.category_id, 0), sum(-l.delta)
      FROM coin_ledger l LEFT JOIN quotes q ON q.id = l.quote_id
     WHERE l.reason = 'reply_charge' AND ${at(sql`l.created_at`)} GROUP BY 1, 3
    UNION ALL
    -- Coins given back: for a reply the customer never read, or for a lead an admin credited.
    SELECT ${dayOf(sql`l.created_at`)},
           CASE WHEN r.status = 'credited' THEN 'badLeadCredits' ELSE 'coinsRefunded' END,
           coalesce(q.category_id, 0), sum(l.delta)
      FROM coin_ledger l
      LEFT JOIN quotes q ON q.id = l.quote_id
      LEFT JOIN lead_reports r ON r.quote_id = l.quote_id AND r.company_id = l.company_id
     WHERE l.reason = 'refund' AND ${at(sql`l.created_at`)} GROUP BY 1, 2, 3`;
}

/**
 * The steps a wait for a first reply is counted in (minutes; each wait is rounded down to the
 * step below it): fine where customers notice the difference, wider with the wait. Few steps keep
 * a year of days by category small enough to read a median from at once.
 */
export const REPLY_TIME_STEPS = [
  0, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 960, 1440, 2160, 2880, 4320, 5760, 7200, 10080, 14400, 20160,
  30240, 43200,
] as const;

const replyTimeStep = (minutes: SQL) =>
  sql`(SELECT max(step) FROM unnest(${sql.raw(`ARRAY[${REPLY_TIME_STEPS.join(', ')}]`)}::int[]) AS step WHERE step <= ${minutes})`;

/** Rows (day, category_id, minutes, requests): requests sent in `range` by the wait for their first reply. */
export function replyTimesBetween(range: DayRange): SQL {
  const { since, until } = bounds(range);
  return sql`
    SELECT day, category_id, ${replyTimeStep(sql`minutes`)} AS minutes, count(*)::int AS requests
      FROM (SELECT day, category_id, greatest(0, floor(extract(epoch FROM first_reply_at - submitted_at) / 60))::int AS minutes
              FROM (SELECT ${dayOf(sql`q.submitted_at`)} AS day, coalesce(q.category_id, 0) AS category_id, q.submitted_at,
                           (SELECT min(m.created_at) FROM messages m
                             WHERE m.quote_id = q.id AND m.sender_type = 'company') AS first_reply_at
                      FROM quotes q
                     WHERE q.status <> 'draft' AND q.submitted_at >= ${since} AND q.submitted_at < ${until}) requests
             -- greatest() passes over a null: an unanswered request is left out here, not counted as 0.
             WHERE first_reply_at IS NOT NULL) waits
     GROUP BY 1, 2, 3`;
}

/** The last day the roll-ups hold, or null. */
export async function lastRolledUpDay(db: DbOrTx): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM rolled_up_days`);
  return result.rows[0]?.day ?? null;
}

/** The first day anything happened: the first account (the administrator's, at install). */
export async function firstActiveDay(db: DbOrTx): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(
    sql`SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM users`,
  );
  return result.rows[0]?.day ?? null;
}

/** The categories, by name, for the per-category table. */
export async function categoryNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  const result = await db.execute<{ id: number; name: string }>(sql`SELECT id, name FROM categories ORDER BY name, id`);
  return result.rows;
}

/** Computes and stores the days of `range` (replacing what they held), in one transaction. */
export async function rollUp(db: DbOrTx, range: DayRange, currency: string): Promise<void> {
  const { fromDay, untilDay } = bounds(range);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM daily_figures WHERE day >= ${fromDay} AND day < ${untilDay}`);
    await tx.execute(sql`DELETE FROM daily_reply_times WHERE day >= ${fromDay} AND day < ${untilDay}`);
    await tx.execute(sql`
      INSERT INTO daily_figures (day, figure, category_id, value)
      SELECT day, figure, category_id, value FROM (${figuresBetween(range, currency)}) figures WHERE value <> 0`);
    await tx.execute(sql`
      INSERT INTO daily_reply_times (day, category_id, minutes, requests) ${replyTimesBetween(range)}`);
    await tx.execute(sql`
      INSERT INTO rolled_up_days (day)
      SELECT generate_series(${fromDay}, ${untilDay} - 1, interval '1 day')::date
      ON CONFLICT (day) DO UPDATE SET rolled_up_at = now()`);
  });
}

const bucketOf = (interval: AnalyticsInterval) =>
  interval === 'day' ? sql`day` : sql`date_trunc(${interval}, day::timestamp)::date`;

export type FigureRow = { bucket: string | null; category_id: number | null; figure: string; value: number };
export type MedianRow = { bucket: string | null; category_id: number | null; median: number | null };
export type LiveFigure = { day: string; figure: string; category_id: number; value: number };
export type LiveReplyTime = { day: string; category_id: number; minutes: number; requests: number };

/** The figures and the waits of the days not rolled up yet, computed from the source tables. */
export async function liveRows(
  db: DbOrTx,
  live: DayRange,
  currency: string,
): Promise<{ figures: LiveFigure[]; replyTimes: LiveReplyTime[] }> {
  const [figures, replyTimes] = await Promise.all([
    db.execute<LiveFigure>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, figure, category_id, value::float8 AS value
        FROM (${figuresBetween(live, currency)}) live WHERE value <> 0`),
    db.execute<LiveReplyTime>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, category_id, minutes, requests FROM (${replyTimesBetween(live)}) live`),
  ]);
  return { figures: figures.rows, replyTimes: replyTimes.rows };
}

/**
 * The sums over `range` by interval, by category and in all: stored days before `liveFrom`, then
 * the live rows (handed in as JSON).
 */
export async function figureSums(
  db: DbOrTx,
  range: DayRange,
  liveFrom: string,
  interval: AnalyticsInterval,
  live: LiveFigure[],
): Promise<FigureRow[]> {
  const result = await db.execute<FigureRow>(sql`
    WITH figures AS (
      SELECT day, figure, category_id, value FROM daily_figures WHERE day >= ${range.from}::date AND day < ${liveFrom}::date
      UNION ALL
      SELECT day, figure, category_id, value
        FROM jsonb_to_recordset(${JSON.stringify(live)}::jsonb) AS live(day date, figure text, category_id int, value bigint)
       WHERE day >= ${range.from}::date
    ), bucketed AS (SELECT ${bucketOf(interval)} AS bucket, figure, category_id, value FROM figures)
    SELECT to_char(bucket, 'YYYY-MM-DD') AS bucket, category_id, figure, sum(value)::float8 AS value
      FROM bucketed
     GROUP BY GROUPING SETS ((bucket, figure), (category_id, figure), (figure))`);
  return result.rows;
}

/**
 * The median wait for a first reply by interval, by category and in all: the smallest step at
 * which half the requests had been answered.
 */
export async function replyMedians(
  db: DbOrTx,
  range: DayRange,
  liveFrom: string,
  interval: AnalyticsInterval,
  live: LiveReplyTime[],
): Promise<MedianRow[]> {
  const result = await db.execute<MedianRow>(sql`
    WITH times AS (
      SELECT day, category_id, minutes, requests FROM daily_reply_times
       WHERE day >= ${range.from}::date AND day < ${liveFrom}::date
      UNION ALL
      SELECT day, category_id, minutes, requests
        FROM jsonb_to_recordset(${JSON.stringify(live)}::jsonb) AS live(day date, category_id int, minutes int, requests int)
       WHERE day >= ${range.from}::date
    ), grouped AS (
      SELECT GROUPING(bucket, category_id) AS g, bucket, category_id, minutes, sum(requests) AS n
        FROM (SELECT ${bucketOf(interval)} AS bucket, category_id, minutes, requests FROM times) t
       GROUP BY GROUPING SETS ((bucket, minutes), (category_id, minutes), (minutes))
    ), ranked AS (
      SELECT g, bucket, category_id, minutes,
             sum(n) OVER (PARTITION BY g, bucket, category_id ORDER BY minutes) AS running,
             sum(n) OVER (PARTITION BY g, bucket, category_id) AS total
        FROM grouped
    )
    SELECT to_char(bucket, 'YYYY-MM-DD') AS bucket, category_id, min(minutes) FILTER (WHERE running * 2 >= total) AS median
      FROM ranked GROUP BY g, bucket, category_id`);
  return result.rows;
}
