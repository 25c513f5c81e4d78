/** Who gets a weekly summary, for which companies, and what their categories' reply times are. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { DayRange } from './period';

export type SummaryCompanyRow = {
  owner_id: number;
  email: string;
  first_name: string;
  /** The owner's language; null: the operator's default. */
  language: string | null;
  company_id: number;
  company_name: string;
  category_id: number;
  category_name: string;
};

/**
 * The companies that saw activity in `range` (a page view, a listing appearance or a sent request)
 * and whose owner still wants the weekly summary (e-mail on, summary on) and has not had this
 * week's yet (no outbox row under `dedupeKeyPrefix` + owner + `range.from`). Sorted by owner.
 * Checking the outbox here makes the hourly runs after the first cheap: owners done are skipped.
 */
export async function companiesWithActivity(db: DbOrTx, range: DayRange, dedupeKeyPrefix: string): Promise<SummaryCompanyRow[]> {
  const { from, until } = range;
  const result = await db.execute<SummaryCompanyRow>(sql`
    WITH bounds AS (SELECT ${from}::timestamp AT TIME ZONE 'UTC' AS at, ${until}::timestamp AT TIME ZONE 'UTC' AS until)
    SELECT u.id AS owner_id, u.email, u.first_name, u.language, c.id AS company_id, c.name AS company_name,
           c.category_id, cat.name AS category_name
      FROM users u
      JOIN companies c ON c.owner_id = u.id
      JOIN categories cat ON cat.id = c.category_id
     WHERE u.email_notifications AND u.email_weekly_summary
       AND NOT EXISTS (SELECT 1 FROM notification_outbox o WHERE o.dedupe_key = ${dedupeKeyPrefix} || u.id || ':' || ${from})
       AND (EXISTS (SELECT 1 FROM company_page_views v
                     WHERE v.company_id = c.id AND v.day >= ${from} AND v.day < ${until} AND v.views > 0)
            OR EXISTS (SELECT 1 FROM company_appearances a
                        WHERE a.company_id = c.id AND a.day >= ${from}::date AND a.day < ${until}::date AND a.appearances > 0)
            OR EXISTS (SELECT 1 FROM quote_companies qc JOIN quotes q ON q.id = qc.quote_id
                        WHERE qc.company_id = c.id AND q.status <> 'draft'
                          AND q.submitted_at >= (SELECT at FROM bounds) AND q.submitted_at < (SELECT until FROM bounds)))
     ORDER BY u.id, c.name, c.id`);
  return result.rows;
}

/**
 * The median of the active companies' own median first reply (minutes), per category: what a
 * customer in that category can expect. Categories where no company has one are left out.
 */
export async function categoryReplyMedians(db: DbOrTx, categoryIds: number[]): Promise<Map<number, number>> {
  if (categoryIds.length === 0) return new Map();
  const result = await db.execute<{ category_id: number; median: number }>(sql`
    SELECT category_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY reply_median_minutes)::float8 AS median
      FROM companies
     WHERE is_active AND reply_median_minutes IS NOT NULL
       AND category_id IN (${sql.join(
         categoryIds.map((id) => sql`${id}`),
         sql`, `,
       )})
     GROUP BY category_id`);
  return new Map(result.rows.map((row) => [Number(row.category_id), Number(row.median)]));
}
