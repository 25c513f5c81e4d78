/** The admin screens' reads: each list is one statement with its total (count(*) OVER ()). */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { QuoteStatus } from '@/shared/schemas/quote';

/** `%term%` with LIKE's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function readStats(db: DbOrTx) {
  const result = await db.execute<{
    users: number;
    companies: number;
    ratings: number;
    quotes: number;
    claims: number;
    categories: number;
    subcategories: number;
  }>(sql`
    SELECT (SELECT count(*) FROM users)::int AS users,
           (SELECT count(*) FROM companies)::int AS companies,
           (SELECT count(*) FROM ratings)::int AS ratings,
           (SELECT count(*) FROM quotes)::int AS quotes,
           (SELECT count(*) FROM claims)::int AS claims,
           (SELECT count(*) FROM categories)::int AS categories,
           (SELECT count(*) FROM subcategories)::int AS subcategories`);
  return result.rows[0];
}

export type AdminRatingDbRow = {
  id: number;
  rating: string | number;
  comment: string | null;
  created_at: Date;
  edited_by_admin_at: Date | null;
  first_name: string;
  last_name: string;
  email: string;
  company_id: number;
  company_name: string;
  category: string;
  total: number;
};

export async function listRatings(db: DbOrTx, limit: number, offset: number, search?: string): Promise<AdminRatingDbRow[]> {
  const where: SQL = search
    ? sql`WHERE c.name ILIKE ${containing(search)} OR r.comment ILIKE ${containing(search)}
            OR (u.first_name || ' ' || u.last_name) ILIKE ${containing(search)} OR u.email ILIKE ${containing(search)}`
    : sql``;
  const result = await db.execute<AdminRatingDbRow>(sql`
    SELECT r.id, r.rating, r.comment, r.created_at, r.edited_by_admin_at, u.first_name, u.last_name, u.email,
           c.id AS company_id, c.name AS company_name, cat.name AS category, count(*) OVER ()::int AS total
      FROM ratings r
      JOIN users u ON u.id = r.user_id
      JOIN companies c ON c.id = r.company_id
      JOIN categories cat ON cat.id = c.category_id
     ${where}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

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

export type AdminClaimDbRow = {
  id: string;
  company_id: number;
  quote_id: number;
  company_name: string | null;
  category: string | null;
  city: string | null;
  state: string | null;
  quote_name: string | null;
  quote_status: QuoteStatus | null;
  is_mobile: boolean;
  phone_number: string | null;
  email_address: string | null;
  created_at: Date;
  redeemed_at: Date | null;
};

function claimSearch(search?: string): SQL {
  if (!search) return sql`TRUE`;
  return sql`(c.name ILIKE ${containing(search)} OR q.quote_name ILIKE ${containing(search)}
              OR cl.email_address ILIKE ${containing(search)} OR cl.phone_number ILIKE ${containing(search)})`;
}

export async function listClaims(
  db: DbOrTx,
  limit: number,
  offset: number,
  search?: string,
  status?: 'pending' | 'redeemed',
): Promise<{ rows: AdminClaimDbRow[]; pending: number; redeemed: number; total: number }> {
  const statusFilter =
    status === 'pending' ? sql`cl.redeemed_at IS NULL` : status === 'redeemed' ? sql`cl.redeemed_at IS NOT NULL` : sql`TRUE`;
  const from = sql`FROM claims cl
      LEFT JOIN companies c ON c.id = cl.company_id
      LEFT JOIN categories cat ON cat.id = c.category_id
      LEFT JOIN quotes q ON q.id = cl.quote_id`;
  const [rows, counts] = await Promise.all([
    db.execute<AdminClaimDbRow>(sql`
      SELECT cl.id, cl.company_id, cl.quote_id, c.name AS company_name, cat.name AS category, c.city, c.state,
             q.quote_name, q.status AS quote_status, cl.is_mobile, cl.phone_number, cl.email_address, cl.created_at, cl.redeemed_at
        ${from}
       WHERE ${claimSearch(search)} AND ${statusFilter}
       ORDER BY cl.created_at DESC, cl.id
       LIMIT ${limit} OFFSET ${offset}`),
    // The Pending and Redeemed figures cover every claim the search matches, not just this page.
    db.execute<{ pending: number; redeemed: number }>(sql`
      SELECT count(*) FILTER (WHERE cl.redeemed_at IS NULL)::int AS pending,
             count(*) FILTER (WHERE cl.redeemed_at IS NOT NULL)::int AS redeemed
        ${from}
       WHERE ${claimSearch(search)}`),
  ]);
  const { pending, redeemed } = counts.rows[0] ?? { pending: 0, redeemed: 0 };
  const total = status === 'pending' ? pending : status === 'redeemed' ? redeemed : pending + redeemed;
  return { rows: rows.rows, pending, redeemed, total };
}
