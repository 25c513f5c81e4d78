/** What the sitemap lists: one query per table, never one per page. */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categories, companies } from '@/server/db/schema';

/** The date only (UTC), as a sitemap's <lastmod> wants it. */
const dateOf = (column: typeof companies.updatedAt | typeof categories.updatedAt) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

export async function listCategoriesForSitemap(db: DbOrTx) {
  return db
    .select({ slug: categories.slug, lastmod: dateOf(categories.updatedAt) })
    .from(categories)
    .orderBy(asc(categories.id));
}

export async function listActiveCompaniesForSitemap(db: DbOrTx, limit: number) {
  return db
    .select({ id: companies.id, lastmod: dateOf(companies.updatedAt) })
    .from(companies)
    .where(eq(companies.isActive, true))
    .orderBy(asc(companies.id))
    .limit(limit);
}
