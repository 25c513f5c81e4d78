import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categoryCoinCosts, companies, quoteCompanies, quoteImages, quotes } from '@/server/db/schema';

export type QuoteRow = typeof quotes.$inferSelect;

export async function findCompaniesForQuote(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: companies.id, categoryId: companies.categoryId, isActive: companies.isActive, ownerId: companies.ownerId })
    .from(companies)
    .where(inArray(companies.id, ids));
}

export async function insertQuote(db: DbOrTx, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row;
}

export async function insertQuoteCompanies(db: DbOrTx, quoteId: number, companyIds: number[]): Promise<void> {
  await db.insert(quoteCompanies).values(companyIds.map((companyId) => ({ quoteId, companyId })));
}

export async function findQuoteCompanies(db: DbOrTx, quoteId: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      logo: companies.logo,
      logoObjectId: companies.logoObjectId,
      city: companies.city,
      state: companies.state,
    })
    .from(quoteCompanies)
    .innerJoin(companies, eq(companies.id, quoteCompanies.companyId))
    .where(eq(quoteCompanies.quoteId, quoteId))
    .orderBy(asc(companies.name));
}

// ───────────── the quote loop ─────────────

export type QuoteSummaryRow = {
  id: number;
  user_id: number;
  quote_name: string;
  description: string;
  status: QuoteRow['status'];
  created_at: Date;
  company_count: number;
  unread_count: number;
  total: number;
};

/** A page of the customer's quotes, newest first, with company and unread counts and the total. */
export async function listQuotesOfUser(
  db: DbOrTx,
  userId: number,
  status: QuoteRow['status'] | undefined,
  limit: number,
  offset: number,
): Promise<QuoteSummaryRow[]> {
  const statusFilter =
    status === undefined
      ? sql``
      : status === 'in_progress'
        ? sql`AND q.status IN ('in_progress', 'submitted')`
        : sql`AND q.status = ${status}`;
  const result = await db.execute<QuoteSummaryRow>(sql`
    SELECT q.id, q.user_id, q.quote_name, q.description, q.status, q.created_at,
           (SELECT count(*)::int FROM quote_companies qc WHERE qc.quote_id = q.id) AS company_count,
           (SELECT count(*)::int FROM messages m
             WHERE m.quote_id = q.id AND m.sender_type = 'company' AND m.is_read = false) AS unread_count,
           count(*) OVER ()::int AS total
      FROM quotes q
     WHERE q.user_id = ${userId} ${statusFilter}
     ORDER BY q.created_at DESC, q.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

export async function countQuotesByStatus(db: DbOrTx, userId: number): Promise<Record<string, number>> {
  const result = await db.execute<{ status: string; n: number }>(sql`
    SELECT status, count(*)::int AS n FROM quotes WHERE user_id = ${userId} GROUP BY status`);
  return Object.fromEntries(result.rows.map((row) => [row.status, row.n]));
}

export async function findQuoteById(db: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The companies of a quote owned by `userId` (the vendor's side of the quote). */
export async function findOwnedCompaniesInQuote(db: DbOrTx, quoteId: number, userId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT c.id FROM quote_companies qc JOIN companies c ON c.id = qc.company_id
     WHERE qc.quote_id = ${quoteId} AND c.owner_id = ${userId} ORDER BY c.id`);
  return result.rows.map((row) => row.id);
}

export async function updateQuoteRow(db: DbOrTx, id: number, values: Partial<typeof quotes.$inferInsert>) {
  const [row] = await db
    .update(quotes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  return row;
}

/**
 * The reply price a quote keeps from the moment it leaves draft: its own once set, else its
 * category's cost now (0 when the category has none). For UPDATE … SET reply_coin_cost.
 */
export const replyCoinCostFixedNow = () =>
  sql`coalesce(${quotes.replyCoinCost}, (SELECT ${categoryCoinCosts.cost} FROM ${categoryCoinCosts} WHERE ${categoryCoinCosts.categoryId} = ${quotes.categoryId}), 0)`;

/**
 * Moves a draft on, fixing its reply price (issue 14, finding 3); answers nothing when the quote
 * is no longer a draft (a racing submit won).
 */
export async function submitDraftRow(db: DbOrTx, id: number, values: Partial<typeof quotes.$inferInsert>) {
  const [row] = await db
    .update(quotes)
    .set({ ...values, replyCoinCost: replyCoinCostFixedNow(), updatedAt: new Date() })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'draft')))
    .returning();
  return row;
}

/** How a customer is named to businesses in notices: first name and last initial ("Cara D."). */
export function customerDisplayName(firstName: string, lastName: string): string {
  return [firstName, lastName ? `${lastName.slice(0, 1)}.` : ''].filter(Boolean).join(' ');
}

export type QuoteImageRow = { id: number; object_id: string; thumbnail_id: string | null; caption: string | null };

export async function listQuoteImages(db: DbOrTx, quoteId: number): Promise<QuoteImageRow[]> {
  const result = await db.execute<QuoteImageRow>(sql`
    SELECT qi.id, qi.object_id, so.thumbnail_id, qi.caption
      FROM quote_images qi LEFT JOIN stored_objects so ON so.id = qi.object_id
     WHERE qi.quote_id = ${quoteId} ORDER BY qi.id`);
  return result.rows;
}

export async function insertQuoteImage(db: DbOrTx, quoteId: number, objectId: string): Promise<number> {
  const [row] = await db.insert(quoteImages).values({ quoteId, objectId }).returning({ id: quoteImages.id });
  return row.id;
}

export async function deleteQuoteImage(db: DbOrTx, quoteId: number, imageId: number): Promise<string | undefined> {
  const rows = await db
    .delete(quoteImages)
    .where(and(eq(quoteImages.quoteId, quoteId), eq(quoteImages.id, imageId)))
    .returning({ objectId: quoteImages.objectId });
  return rows[0]?.objectId;
}

/**
 * Locks a quote's row for the rest of the transaction and answers its status: writes that count
 * the quote's images (the 10-image limit) take turns, so racing uploads cannot all see room.
 */
export async function lockQuote(tx: DbOrTx, quoteId: number): Promise<QuoteRow['status'] | undefined> {
  const result = await tx.execute<{ status: QuoteRow['status'] }>(
    sql`SELECT status FROM quotes WHERE id = ${quoteId} FOR UPDATE`,
  );
  return result.rows[0]?.status;
}

export async function countQuoteImages(db: DbOrTx, quoteId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM quote_images WHERE quote_id = ${quoteId}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Completes submitted quotes with no activity for `days` days (001 §4). One node at a time: the
 * transaction-scoped advisory lock makes every other node's concurrent sweep a no-op.
 */
export async function completeInactiveQuotes(db: DbOrTx, lockKey: number): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${lockKey}) AS locked`);
    if (!locked.rows[0]?.locked) return undefined;
    const setting = await tx.execute<{ value: string }>(
      sql`SELECT value FROM platform_settings WHERE key = 'quote_inactivity_timeout_days'`,
    );
    const days = Number.parseInt(setting.rows[0]?.value ?? '0', 10);
    if (!Number.isFinite(days) || days <= 0) return [];
    const done = await tx.execute<{ id: number }>(sql`
      UPDATE quotes SET status = 'completed', completed_at = now(), updated_at = now()
       WHERE status IN ('in_progress', 'submitted') AND last_activity_at < now() - make_interval(days => ${days}::int)
      RETURNING id`);
    return done.rows.map((row) => row.id);
  });
}
