/** What the sitemap lists: one query per table, never one per page. */
import { and, asc, between, eq, sql } from 'drizzle-orm';
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

/** The active companies with ids in [fromId, toId], by id (one range scan of the primary key). */
export async function listActiveCompaniesForSitemap(db: DbOrTx, fromId: number, toId: number) {
  return db
    .select({ id: companies.id, lastmod: dateOf(companies.updatedAt) })
    .from(companies)
    .where(and(eq(companies.isActive, true), between(companies.id, fromId, toId)))
    .orderBy(asc(companies.id));
}

/** The highest company id (0 when there is none): how many company files the index lists. */
export async function findMaxCompanyId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${companies.id})` }).from(companies);
  return Number(row?.max ?? 0);
}
