import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { companies, quoteCompanies, quotes, ratings, users } from '@/server/db/schema';

export type RatingRow = typeof ratings.$inferSelect;

const ratingWithAuthor = {
  rating: ratings,
  user: { firstName: users.firstName, lastName: users.lastName },
};

export async function listRatingsOfCompany(db: DbOrTx, companyId: number) {
  return db
    .select(ratingWithAuthor)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(eq(ratings.companyId, companyId))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
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
    .where(and(eq(ratings.userId, userId), eq(ratings.companyId, companyId)));
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

/** averageRating and ratingsCount recomputed from the ratings themselves: always exact. */
export async function refreshCompanyRatingFigures(db: DbOrTx, companyId: number): Promise<void> {
  await db.execute(sql`
    UPDATE companies SET
      average_rating = (SELECT round(avg(rating), 2) FROM ratings WHERE company_id = ${companyId}),
      ratings_count = (SELECT count(*) FROM ratings WHERE company_id = ${companyId}),
      updated_at = now()
    WHERE id = ${companyId}`);
}
