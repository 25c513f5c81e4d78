/**
 * Favourites and the companies' favorites_count, which moves in the same transaction as the row
 * ("Most Favorited" sorts on it).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { companies, favorites } from '@/server/db/schema';

export async function listIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ companyId: favorites.companyId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt));
  return rows.map((r) => r.companyId);
}

/** The ids among `ids` that name a company. */
export async function findExistingCompanyIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return rows.map((row) => row.id);
}

/** Adds favourites (existing ones stay as they are) and counts the new ones on their companies. */
export async function addFavorites(db: Db, userId: number, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(favorites)
      .values(companyIds.map((companyId) => ({ userId, companyId })))
      .onConflictDoNothing()
      .returning({ companyId: favorites.companyId });
    if (added.length > 0) {
      await tx
        .update(companies)
        .set({ favoritesCount: sql`${companies.favoritesCount} + 1` })
        .where(
          inArray(
            companies.id,
            added.map((a) => a.companyId),
          ),
        );
    }
  });
}

export async function removeFavorite(db: Db, userId: number, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.companyId, companyId)))
      .returning({ companyId: favorites.companyId });
    if (removed.length > 0) {
      await tx
        .update(companies)
        .set({ favoritesCount: sql`${companies.favoritesCount} - 1` })
        .where(eq(companies.id, companyId));
    }
  });
}
