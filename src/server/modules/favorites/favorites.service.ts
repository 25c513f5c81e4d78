/**
 * Server-side favourites of signed-in users (beyond the spec's local storage): they follow the
 * user across devices and feed "Most Favorited" through companies.favorites_count, which moves
 * in the same transaction as the row.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { companies, favorites } from '@/server/db/schema';
import { notFound } from '@/server/lib/app-error';

const parseId = (raw: string): number | undefined => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

async function listIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ companyId: favorites.companyId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt));
  return rows.map((r) => r.companyId);
}

export class FavoritesService {
  constructor(private readonly db: Db) {}

  list(userId: number): Promise<number[]> {
    return listIds(this.db, userId);
  }

  async add(userId: number, rawCompanyId: string): Promise<number[]> {
    const companyId = parseId(rawCompanyId);
    const [company] = companyId
      ? await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))
      : [];
    if (!company) throw notFound('Company not found');
    await this.addMany(userId, [company.id]);
    return listIds(this.db, userId);
  }

  async remove(userId: number, rawCompanyId: string): Promise<number[]> {
    const companyId = parseId(rawCompanyId);
    if (companyId) {
      await this.db.transaction(async (tx) => {
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
    return listIds(this.db, userId);
  }

  /** Adds a visitor's local favourites at login; unknown ids are skipped. */
  async merge(userId: number, companyIds: number[]): Promise<number[]> {
    const known = companyIds.length
      ? await this.db.select({ id: companies.id }).from(companies).where(inArray(companies.id, companyIds))
      : [];
    await this.addMany(
      userId,
      known.map((c) => c.id),
    );
    return listIds(this.db, userId);
  }

  private async addMany(userId: number, companyIds: number[]): Promise<void> {
    if (companyIds.length === 0) return;
    await this.db.transaction(async (tx) => {
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
}
