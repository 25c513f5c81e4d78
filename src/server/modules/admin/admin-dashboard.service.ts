/**
 * The admin dashboard: how many users, companies, ratings, quotes, claims, categories and
 * subcategories there are, in one answer. The admin screens' lists and changes live in their own
 * modules (users, companies, ratings, quotes, claims, categories, settings).
 */
import type { Db } from '@/server/db/client';
import type { AdminStats } from '@/shared/schemas/admin';
import { readStats } from './admin-dashboard.repository';

export class AdminDashboardService {
  constructor(private readonly db: Db) {}

  async stats(): Promise<AdminStats> {
    const s = await readStats(this.db);
    return {
      usersCount: s.users,
      companiesCount: s.companies,
      ratingsCount: s.ratings,
      quotesCount: s.quotes,
      claimsCount: s.claims,
      categoriesCount: s.categories,
      subcategoriesCount: s.subcategories,
    };
  }
}
