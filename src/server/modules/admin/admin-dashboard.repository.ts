/** The dashboard's figures: one statement counting every table the admin screens list (accounts: live ones). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

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
    SELECT (SELECT count(*) FROM users WHERE deleted_at IS NULL)::int AS users,
           (SELECT count(*) FROM companies)::int AS companies,
           (SELECT count(*) FROM ratings WHERE moderation_state IS DISTINCT FROM 'removed')::int AS ratings,
           (SELECT count(*) FROM quotes)::int AS quotes,
           (SELECT count(*) FROM claims)::int AS claims,
           (SELECT count(*) FROM categories)::int AS categories,
           (SELECT count(*) FROM subcategories)::int AS subcategories`);
  return result.rows[0];
}
