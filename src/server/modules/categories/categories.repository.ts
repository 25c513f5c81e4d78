import { asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categories, subcategories } from '@/server/db/schema';

/** Alphabetical as people read it ("Handyman" before "HVAC"), whatever the database collation. */
const byName = sql`lower(${categories.name})`;

export async function listCategories(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
      imageUrl: categories.imageUrl,
    })
    .from(categories)
    .orderBy(byName);
}

export async function listCategoriesWithDetails(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      icon: categories.icon,
      imageUrl: categories.imageUrl,
    })
    .from(categories)
    .orderBy(byName);
}

export async function listAllSubcategories(db: DbOrTx) {
  return db
    .select({
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      name: subcategories.name,
      slug: subcategories.slug,
      imageUrl: subcategories.imageUrl,
    })
    .from(subcategories)
    .orderBy(asc(subcategories.name));
}

export async function findCategoryBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug));
  return row;
}

export async function findCategoryById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

/** A subcategory by slug or by name (RUNTIME.md: both are accepted), optionally within a category. */
export async function findSubcategory(db: DbOrTx, slugOrName: string, categoryId?: number) {
  const rows = await db
    .select()
    .from(subcategories)
    .where(or(eq(subcategories.slug, slugOrName.toLowerCase()), sql`lower(${subcategories.name}) = ${slugOrName.toLowerCase()}`));
  return rows.find((r) => categoryId === undefined || r.categoryId === categoryId) ?? undefined;
}
