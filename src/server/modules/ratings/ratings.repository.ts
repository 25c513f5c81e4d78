import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { containing } from '@/server/db/like-pattern';
import { companies, quoteCompanies, quotes, ratings, users } from '@/server/db/schema';

export type RatingRow = typeof ratings.$inferSelect;

const ratingWithAuthor = {
  rating: ratings,
  user: { firstName: users.firstName, lastName: users.lastName },
};

export async function listRatingsOfCompany(db: DbOrTx, companyId: number) {
  return (
    db
      .select(ratingWithAuthor)
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.userId))
      // A review a moderator hid is not public (its author sees it in their profile).
      .where(and(eq(ratings.companyId, companyId), isNull(ratings.moderationState)))
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
  );
}

export async function findRatingWithAuthor(db: DbOrTx, id: number) {
  const [row] = await db
    .select(ratingWithAuthor)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(eq(ratings.id, id));
  return row;
}

export async function findRatingById(db: DbOrTx, id: number): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(ratings).where(eq(ratings.id, id));
  return row;
}

export async function findRatingOfUser(db: DbOrTx, userId: number, companyId: number) {
  const [row] = await db
    .select(ratingWithAuthor)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.userId, userId), eq(ratings.companyId, companyId), isNull(ratings.moderationState)));
  return row;
}

/** True once the user has sent (not merely drafted) a quote that includes the company. */
export async function hasRequestedQuoteFrom(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .innerJoin(quoteCompanies, eq(quoteCompanies.quoteId, quotes.id))
    .where(and(eq(quotes.userId, userId), eq(quoteCompanies.companyId, companyId), ne(quotes.status, 'draft')))
    .limit(1);
  return rows.length > 0;
}

export async function findCompanyOwner(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** Locks the company row so that concurrent rating changes recompute its figures one at a time. */
export async function lockCompany(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row;
}

export async function insertRating(
  db: DbOrTx,
  values: { userId: number; companyId: number; rating: number; comment: string | null },
): Promise<number | undefined> {
  const [inserted] = await db.insert(ratings).values(values).onConflictDoNothing().returning({ id: ratings.id });
  return inserted?.id;
}

/** A new rating and comment; an administrator's change is marked as such. */
export async function updateRating(
  db: DbOrTx,
  id: number,
  values: { rating: number; comment: string | null },
  byAdmin: boolean,
): Promise<void> {
  await db
    .update(ratings)
    .set({ ...values, updatedAt: new Date(), ...(byAdmin ? { editedByAdminAt: new Date() } : {}) })
    .where(eq(ratings.id, id));
}

/**
 * Marks the review as written by a customer who hired the company through a request (their latest
 * such hire), keeping the job's category and the hire's date as they are now. A review already
 * marked keeps its mark; one whose author never hired the company stays unmarked.
 */
export async function markReviewOfHire(db: DbOrTx, ratingId: number): Promise<void> {
  await db.execute(sql`
    UPDATE ratings r SET hired_quote_id = h.quote_id, hired_category_name = h.category_name, hired_at = h.decided_at
      FROM (
        SELECT q.id AS quote_id, cat.name AS category_name, q.decided_at
          FROM ratings x
          JOIN quotes q ON q.user_id = x.user_id AND q.hired_company_id = x.company_id AND q.outcome = 'hired'
          LEFT JOIN categories cat ON cat.id = q.category_id
         WHERE x.id = ${ratingId}
         ORDER BY q.decided_at DESC LIMIT 1) h
     WHERE r.id = ${ratingId} AND r.hired_at IS NULL`);
}

export async function setRatingModeration(db: DbOrTx, id: number, state: 'hidden' | null): Promise<void> {
  await db.update(ratings).set({ moderationState: state }).where(eq(ratings.id, id));
}

/**
 * Erases a review's words for good and keeps its row as 'removed': out of every list and figure,
 * and holding its author's one review of the business, so it cannot be posted again.
 */
export async function eraseRemovedRating(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(ratings)
    .set({ moderationState: 'removed', comment: null, ownerReply: null, ownerReplyAt: null })
    .where(eq(ratings.id, id));
}

/** Whether the user's review of the company was removed by a moderator (or deleted while hidden). */
export async function isRatingRemoved(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.companyId, companyId), eq(ratings.moderationState, 'removed')));
  return rows.length > 0;
}

export async function deleteRating(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ratings).where(eq(ratings.id, id));
}

/** The owner's public answer, or none (null). */
export async function setOwnerReply(db: DbOrTx, id: number, reply: string | null): Promise<void> {
  await db
    .update(ratings)
    .set({ ownerReply: reply, ownerReplyAt: reply === null ? null : new Date() })
    .where(eq(ratings.id, id));
}

/**
 * averageRating and ratingsCount recomputed from the ratings themselves: always exact. A review a
 * moderator hid counts for nothing until it is shown again.
 */
export async function refreshCompanyRatingFigures(db: DbOrTx, companyId: number): Promise<void> {
  await db.execute(sql`
    UPDATE companies SET
      average_rating = (SELECT round(avg(rating), 2) FROM ratings WHERE company_id = ${companyId} AND moderation_state IS NULL),
      ratings_count = (SELECT count(*) FROM ratings WHERE company_id = ${companyId} AND moderation_state IS NULL),
      updated_at = now()
    WHERE id = ${companyId}`);
}

export type AdminRatingDbRow = {
  id: number;
  rating: string | number;
  comment: string | null;
  created_at: Date;
  edited_by_admin_at: Date | null;
  moderation_state: 'hidden' | 'removed' | null;
  first_name: string;
  last_name: string;
  email: string;
  company_id: number;
  company_name: string;
  category: string;
  total: number;
};

/** One statement: the page's rows, each with the list's total (count(*) OVER ()). */
async function pageOfRatings(db: DbOrTx, limit: number, offset: number, search?: string): Promise<AdminRatingDbRow[]> {
  const where: SQL = search
    ? sql`WHERE c.name ILIKE ${containing(search)} OR r.comment ILIKE ${containing(search)}
            OR (u.first_name || ' ' || u.last_name) ILIKE ${containing(search)} OR u.email ILIKE ${containing(search)}`
    : sql``;
  const result = await db.execute<AdminRatingDbRow>(sql`
    SELECT r.id, r.rating, r.comment, r.created_at, r.edited_by_admin_at, r.moderation_state, u.first_name, u.last_name, u.email,
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

/** The admin screen's list, newest first; a page past the end has no row to carry the total, so the list's first row answers it. */
export async function listRatingsForAdmin(
  db: DbOrTx,
  limit: number,
  offset: number,
  search?: string,
): Promise<{ rows: AdminRatingDbRow[]; total: number }> {
  const rows = await pageOfRatings(db, limit, offset, search);
  if (rows[0]) return { rows, total: rows[0].total };
  return { rows, total: offset > 0 ? ((await pageOfRatings(db, 1, 0, search))[0]?.total ?? 0) : 0 };
}
