/** The admin screen's quote list and figures (on their way to the quotes module): one statement each. */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { QuoteStatus } from '@/shared/schemas/quote';

/** `%term%` with LIKE's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AdminQuoteDbRow = {
  id: number;
  quote_name: string;
  description: string;
  status: QuoteStatus;
  created_at: Date;
  first_name: string;
  last_name: string;
  company_count: number;
  message_count: number;
  total: number;
};

/** The spec's "in progress" filter covers submitted quotes too (001 §4). */
const statusCondition = (status: QuoteStatus): SQL =>
  status === 'in_progress' || status === 'submitted' ? sql`q.status IN ('in_progress', 'submitted')` : sql`q.status = ${status}`;

export async function listQuotes(
  db: DbOrTx,
  limit: number,
  offset: number,
  search?: string,
  status?: QuoteStatus,
): Promise<AdminQuoteDbRow[]> {
  const conditions: SQL[] = [];
  if (status) conditions.push(statusCondition(status));
  if (search) {
    conditions.push(sql`(q.quote_name ILIKE ${containing(search)} OR q.description ILIKE ${containing(search)}
                         OR (u.first_name || ' ' || u.last_name) ILIKE ${containing(search)} OR u.email ILIKE ${containing(search)})`);
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // The counts of the page's rows only: one grouped read each, not one per row.
  const result = await db.execute<AdminQuoteDbRow>(sql`
    WITH page AS (
      SELECT q.id, q.quote_name, q.description, q.status, q.created_at, u.first_name, u.last_name, count(*) OVER ()::int AS total
        FROM quotes q JOIN users u ON u.id = q.user_id
       ${where}
       ORDER BY q.created_at DESC, q.id DESC
       LIMIT ${limit} OFFSET ${offset})
    SELECT page.*,
           (SELECT count(*) FROM quote_companies qc WHERE qc.quote_id = page.id)::int AS company_count,
           (SELECT count(*) FROM messages m WHERE m.quote_id = page.id)::int AS message_count
      FROM page
     ORDER BY page.created_at DESC, page.id DESC`);
  return result.rows;
}

/** One grouped query (beyond the spec, whose screen counted a page of 1000). */
export async function quoteStats(db: DbOrTx) {
  const result = await db.execute<{ status: QuoteStatus; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM quotes GROUP BY status`,
  );
  const count = (...statuses: QuoteStatus[]) =>
    result.rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  return {
    total: count('draft', 'submitted', 'in_progress', 'completed'),
    draft: count('draft'),
    inProgress: count('submitted', 'in_progress'),
    completed: count('completed'),
  };
}
