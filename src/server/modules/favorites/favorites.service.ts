/**
 * Server-side favourites of signed-in users (beyond the spec's local storage): they follow the
 * user across devices and feed "Most Favorited" through companies.favorites_count, which moves
 * in the same transaction as the row.
 */
import type { Db } from '@/server/db/client';
import { notFound } from '@/server/lib/app-error';
import { addFavorites, findExistingCompanyIds, listIds, removeFavorite } from './favorites.repository';

const parseId = (raw: string): number | undefined => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

export class FavoritesService {
  constructor(private readonly db: Db) {}

  list(userId: number): Promise<number[]> {
    return listIds(this.db, userId);
  }

  async add(userId: number, rawCompanyId: string): Promise<number[]> {
    const companyId = parseId(rawCompanyId);
    const [known] = companyId ? await findExistingCompanyIds(this.db, [companyId]) : [];
    if (!known) throw notFound('Company not found');
    await addFavorites(this.db, userId, [known]);
    return listIds(this.db, userId);
  }

  async remove(userId: number, rawCompanyId: string): Promise<number[]> {
    const companyId = parseId(rawCompanyId);
    if (companyId) await removeFavorite(this.db, userId, companyId);
    return listIds(this.db, userId);
  }

  /** Adds a visitor's local favourites at login; unknown ids are skipped. */
  async merge(userId: number, companyIds: number[]): Promise<number[]> {
    await addFavorites(this.db, userId, await findExistingCompanyIds(this.db, companyIds));
    return listIds(this.db, userId);
  }
}
