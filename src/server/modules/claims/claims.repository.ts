import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/server/db/client';
import { containing } from '@/server/db/like-pattern';
import { claims as claimsTable } from '@/server/db/schema';
import type { QuoteStatus } from '@/shared/schemas/quote';

export interface NewClaim {
  id: string;
  companyId: number;
  quoteId: number;
  isMobile: boolean;
  phoneNumber: string | null;
  emailAddress: string | null;
}

/** One claim per (company, quote): a repeated call creates nothing and answers the existing ids. */
export async function insertClaims(tx: Tx, claims: NewClaim[]): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  for (const claim of claims) {
    const result = await tx.execute<{ id: string }>(sql`
      INSERT INTO claims (id, company_id, quote_id, is_mobile, phone_number, email_address)
      VALUES (${claim.id}, ${claim.companyId}, ${claim.quoteId}, ${claim.isMobile}, ${claim.phoneNumber}, ${claim.emailAddress})
      ON CONFLICT (company_id, quote_id) DO UPDATE SET company_id = EXCLUDED.company_id
      RETURNING id`);
    ids.set(claim.companyId, result.rows[0].id);
  }
  return ids;
}

export type ClaimViewRow = {
  id: string;
  company_id: number;
  quote_id: number;
  is_mobile: boolean;
  created_at: Date;
  redeemed_at: Date | null;
  company_name: string;
  category_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  quote_name: string;
  quote_status: QuoteStatus;
  description: string;
  quote_created_at: Date;
};

export async function findClaimView(db: DbOrTx, id: string): Promise<ClaimViewRow | undefined> {
  const result = await db.execute<ClaimViewRow>(sql`
    SELECT cl.id, cl.company_id, cl.quote_id, cl.is_mobile, cl.created_at, cl.redeemed_at,
           c.name AS company_name, cat.name AS category_name, c.address, c.city, c.state, c.zip, c.phone, c.email,
           q.quote_name, q.status AS quote_status, q.description, q.created_at AS quote_created_at
      FROM claims cl
      JOIN companies c ON c.id = cl.company_id
      JOIN categories cat ON cat.id = c.category_id
      JOIN quotes q ON q.id = cl.quote_id
     WHERE cl.id = ${id}`);
  return result.rows[0];
}

/** Locks the claim for its redemption. */
export async function lockClaim(tx: Tx, id: string) {
  const result = await tx.execute<{ company_id: number; quote_id: number; redeemed_at: Date | null }>(
    sql`SELECT company_id, quote_id, redeemed_at FROM claims WHERE id = ${id} FOR UPDATE`,
  );
  return result.rows[0];
}

/** Makes `userId` the owner unless someone else already is; answers whether the caller owns it now. */
export async function takeOwnership(tx: Tx, companyId: number, userId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    UPDATE companies SET owner_id = ${userId}, updated_at = now()
     WHERE id = ${companyId} AND (owner_id IS NULL OR owner_id = ${userId})
    RETURNING id`);
  return result.rows.length > 0;
}

export async function markRedeemed(tx: Tx, id: string, userId: number): Promise<void> {
  await tx.execute(sql`UPDATE claims SET redeemed_at = now(), redeemed_by_user_id = ${userId} WHERE id = ${id}`);
}

/** Deletes the claim; answers the row it was (undefined when there was none). */
export async function deleteClaim(tx: Tx, id: string): Promise<typeof claimsTable.$inferSelect | undefined> {
  const [row] = await tx.delete(claimsTable).where(eq(claimsTable.id, id)).returning();
  return row;
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

/** The admin screen's list, newest first, with the pending and redeemed counts of every claim the search matches. */
export async function listClaimsForAdmin(
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
