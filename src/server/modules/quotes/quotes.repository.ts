import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { containing } from '@/server/db/like-pattern';
import { isOpenQuoteSql } from '@/server/db/quote-statuses';
import { isOpenQuoteStatus } from '@/shared/schemas/quote';
import { categoryCoinCosts, companies, quoteCompanies, quoteImages, quotes } from '@/server/db/schema';
import { leadPauseSql, outsideServiceAreaSql, outsideServicesSql, type LeadPauseJson } from '@/server/db/lead-preferences-sql';
import type { QuoteRecipient } from '@/server/db/rows';
import type { QuoteCompanyLeftOut, RequestSource } from '@/shared/schemas/quote';

export type QuoteRow = typeof quotes.$inferSelect;

/** The companies a new quote names, with what the rules need and what its answer shows, in its order. */
export async function findCompaniesForQuote(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: companies.id,
      categoryId: companies.categoryId,
      isActive: companies.isActive,
      ownerId: companies.ownerId,
      name: companies.name,
      logo: companies.logo,
      logoObjectId: companies.logoObjectId,
      city: companies.city,
      state: companies.state,
      leadPause: sql<LeadPauseJson>`${leadPauseSql(sql`${companies.id}`)}`,
    })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(asc(companies.name), asc(companies.id));
}

/**
 * The postal-code row that stands for a job's code (its own, else its area's; null when neither is
 * known or none is given), and whether its service (a subcategory) is one of the category's (true
 * when none is given).
 */
export async function checkJobFields(
  db: DbOrTx,
  job: { zip?: string | null; subcategoryId?: number | null },
  categoryId: number | null,
): Promise<{ knownZip: string | null; serviceInCategory: boolean }> {
  if (!job.zip && !job.subcategoryId) return { knownZip: null, serviceInCategory: true };
  const result = await db.execute<{ known_zip: string | null; service_in_category: boolean }>(sql`
    SELECT ${job.zip ? sql`(SELECT zip FROM postal_place(${job.zip}))` : sql`NULL::text`} AS known_zip,
           ${
             job.subcategoryId
               ? sql`EXISTS (SELECT 1 FROM subcategories WHERE id = ${job.subcategoryId} AND category_id IS NOT DISTINCT FROM ${categoryId}::int)`
               : sql`true`
           } AS service_in_category`);
  const row = result.rows[0];
  return { knownZip: row.known_zip, serviceInCategory: row.service_in_category };
}

export async function insertQuote(db: DbOrTx, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row;
}

export async function insertQuoteCompanies(
  db: DbOrTx,
  quoteId: number,
  companyIds: number[],
  source: RequestSource | null = null,
): Promise<void> {
  await db.insert(quoteCompanies).values(companyIds.map((companyId) => ({ quoteId, companyId, source })));
}

/**
 * A quote's companies in its answer's order. While it is a draft, each says whether sending it now
 * would leave the company out, and why (paused, outside its service area, or not its service), so
 * the customer is told before sending; past draft, null (the companies left out were removed).
 */
export async function findQuoteCompanies(db: DbOrTx, quoteId: number) {
  const result = await db.execute<{
    id: number;
    name: string;
    logo: string | null;
    logoObjectId: string | null;
    city: string;
    state: string;
    leftOut: QuoteCompanyLeftOut | null;
  }>(sql`
    SELECT c.id, c.name, c.logo, c.logo_object_id AS "logoObjectId", c.city, c.state,
           CASE WHEN q.status <> 'draft' THEN NULL
                WHEN ${leadPauseSql(sql`c.id`)} IS NOT NULL THEN 'paused'
                WHEN ${outsideServiceAreaSql} THEN 'outside_area'
                WHEN ${outsideServicesSql} THEN 'outside_services'
           END AS "leftOut"
      FROM quote_companies qc
      JOIN quotes q ON q.id = qc.quote_id
      JOIN companies c ON c.id = qc.company_id
      LEFT JOIN zip_codes jz ON jz.zip = q.zip
     WHERE qc.quote_id = ${quoteId}
     ORDER BY c.name, c.id`);
  return result.rows;
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
        ? sql`AND ${isOpenQuoteSql(sql`q.status`)}`
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

/**
 * The quote's companies owned by `userId`, as an int[] column of a read of `quotes`. The outer
 * column is written out in full: Drizzle renders `${quotes.id}` unqualified in a one-table select,
 * where inside this subquery it would name `c.id`.
 */
const ownedCompanyIds = (userId: number) =>
  sql<number[]>`array(SELECT c.id FROM quote_companies qc JOIN companies c ON c.id = qc.company_id
                      WHERE qc.quote_id = "quotes"."id" AND c.owner_id = ${userId} ORDER BY c.id)`;

/** A quote with the companies of it that `userId` owns, in one read (the quote policy's question). */
export async function findQuoteForUser(
  db: DbOrTx,
  quoteId: number,
  userId: number,
): Promise<{ quote: QuoteRow; ownedCompanyIds: number[] } | undefined> {
  const [row] = await db
    .select({ quote: quotes, ownedCompanyIds: ownedCompanyIds(userId) })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return row;
}

/**
 * A quote, the companies of it `userId` owns, and company `companyId` when it is one of the
 * quote's (null otherwise), in one read (the conversation policy's question).
 */
export async function findConversationForUser(
  db: DbOrTx,
  quoteId: number,
  companyId: number,
  userId: number,
): Promise<
  { quote: QuoteRow; ownedCompanyIds: number[]; company: { id: number; ownerId: number | null; name: string } | null } | undefined
> {
  const [row] = await db
    .select({
      quote: quotes,
      ownedCompanyIds: ownedCompanyIds(userId),
      company: { id: companies.id, ownerId: companies.ownerId, name: companies.name },
    })
    .from(quotes)
    .leftJoin(quoteCompanies, and(eq(quoteCompanies.quoteId, quotes.id), eq(quoteCompanies.companyId, companyId)))
    .leftJoin(companies, eq(companies.id, quoteCompanies.companyId))
    .where(eq(quotes.id, quoteId));
  return row;
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
const replyCoinCostFixedNow = () =>
  sql`coalesce(${quotes.replyCoinCost}, (SELECT ${categoryCoinCosts.cost} FROM ${categoryCoinCosts} WHERE ${categoryCoinCosts.categoryId} = ${quotes.categoryId}), 0)`;

/**
 * Moves a draft on, fixing its reply price (the category's cost now, whatever category the company
 * moves to later); answers nothing when the quote is no longer a draft (a racing submit won).
 */
export async function submitDraftRow(db: DbOrTx, id: number, values: Partial<typeof quotes.$inferInsert>) {
  const [row] = await db
    .update(quotes)
    .set({ ...values, replyCoinCost: replyCoinCostFixedNow(), updatedAt: new Date() })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'draft')))
    .returning();
  return row;
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

/** Completes the open quotes idle for `days` days; answers their ids (call under the sweep's lock). */
export async function completeIdleQuotes(tx: DbOrTx, days: number): Promise<number[]> {
  const done = await tx.execute<{ id: number }>(sql`
    UPDATE quotes SET status = 'completed', completed_at = now(), updated_at = now()
     WHERE ${isOpenQuoteSql(sql`status`)} AND last_activity_at < now() - make_interval(days => ${days}::int)
    RETURNING id`);
  return done.rows.map((row) => row.id);
}

/**
 * An administrator's status change: completed stamps completion, in progress restarts
 * the inactivity clock, and a quote past draft keeps a fixed reply price (set here if an admin
 * moves a draft on). Answers the status before, undefined when there is no such quote.
 */
export async function setQuoteStatusRow(
  tx: DbOrTx,
  quoteId: number,
  status: 'draft' | 'in_progress' | 'completed',
): Promise<QuoteRow['status'] | undefined> {
  const before = await lockQuote(tx, quoteId);
  if (!before) return undefined;
  const now = new Date();
  await tx
    .update(quotes)
    .set({
      status,
      updatedAt: now,
      completedAt: status === 'completed' ? now : null,
      replyCoinCost: replyCoinCostFixedNow(),
      ...(status === 'in_progress' ? { lastActivityAt: now, submittedAt: sql`coalesce(${quotes.submittedAt}, now())` } : {}),
    })
    .where(eq(quotes.id, quoteId));
  return before;
}

/**
 * The companies a quote goes to, with what it takes to reach each (owner, or the listing's contact),
 * and why each is left out, if it is: paused, or outside the service area or services it had when
 * the quote was sent.
 */
export async function findQuoteRecipients(
  db: DbOrTx,
  quoteId: number,
): Promise<(QuoteRecipient & { leftOut: QuoteCompanyLeftOut | null })[]> {
  const result = await db.execute<{
    company_id: number;
    company_name: string;
    owner_id: number | null;
    email: string;
    phone: string;
    is_mobile_phone: boolean;
    left_out: QuoteCompanyLeftOut | null;
  }>(sql`
    SELECT c.id AS company_id, c.name AS company_name, c.owner_id, c.email, c.phone, c.is_mobile_phone,
           -- The service area and services as recorded when it was sent (recordLeadScopeAtSend).
           CASE WHEN ${leadPauseSql(sql`c.id`)} IS NOT NULL THEN 'paused'
                WHEN qc.outside_service_area THEN 'outside_area'
                WHEN qc.outside_services THEN 'outside_services'
           END AS left_out
      FROM quote_companies qc JOIN companies c ON c.id = qc.company_id
     WHERE qc.quote_id = ${quoteId}
     ORDER BY c.id`);
  return result.rows.map((row) => ({
    companyId: row.company_id,
    companyName: row.company_name,
    ownerId: row.owner_id,
    email: row.email,
    phone: row.phone,
    isMobilePhone: row.is_mobile_phone,
    leftOut: row.left_out,
  }));
}

/** Takes companies out of a draft being sent (those that would not take it in). */
export async function removeQuoteCompanies(db: DbOrTx, quoteId: number, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db.delete(quoteCompanies).where(and(eq(quoteCompanies.quoteId, quoteId), inArray(quoteCompanies.companyId, companyIds)));
}

// ───────────── the administrators' view ─────────────

export type AdminQuoteDbRow = {
  id: number;
  quote_name: string;
  description: string;
  status: QuoteRow['status'];
  created_at: Date;
  first_name: string;
  last_name: string;
  company_count: number;
  message_count: number;
  total: number;
};

/** Every customer's quotes, newest first; the "in progress" filter covers every open status (isOpenQuoteStatus). */
export async function listAllQuotes(
  db: DbOrTx,
  limit: number,
  offset: number,
  search?: string,
  status?: QuoteRow['status'],
): Promise<AdminQuoteDbRow[]> {
  const conditions: SQL[] = [];
  if (status) conditions.push(isOpenQuoteStatus(status) ? isOpenQuoteSql(sql`q.status`) : sql`q.status = ${status}`);
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

/** Quotes by status across the platform (one grouped query). */
export async function countAllQuotesByStatus(db: DbOrTx): Promise<{ status: QuoteRow['status']; n: number }[]> {
  const result = await db.execute<{ status: QuoteRow['status']; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM quotes GROUP BY status`,
  );
  return result.rows;
}

/** Deletes a quote (its conversations, images and claims go with it); answers it and its stored objects. */
export async function deleteQuoteRow(tx: DbOrTx, quoteId: number): Promise<{ quote: QuoteRow; objectIds: string[] } | undefined> {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  if (!quote) return undefined;
  const objects = await tx.execute<{ object_id: string }>(sql`
    SELECT object_id FROM quote_images WHERE quote_id = ${quoteId}
    UNION SELECT image_object_id FROM messages WHERE quote_id = ${quoteId} AND image_object_id IS NOT NULL`);
  await tx.delete(quotes).where(eq(quotes.id, quoteId));
  return { quote, objectIds: objects.rows.map((row) => row.object_id) };
}
