import { asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categories, categoryCoinCosts, subcategories } from '@/server/db/schema';

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

/** A subcategory by slug or by name (a listing's `subcategory` may name it either way), optionally within a category. */
export async function findSubcategory(db: DbOrTx, slugOrName: string, categoryId?: number) {
  const rows = await db
    .select()
    .from(subcategories)
    .where(or(eq(subcategories.slug, slugOrName.toLowerCase()), sql`lower(${subcategories.name}) = ${slugOrName.toLowerCase()}`));
  return rows.find((r) => categoryId === undefined || r.categoryId === categoryId) ?? undefined;
}

// ───────────── the admin screen: coin costs and images ─────────────

/** Every category's reply cost with its name (0 where none was ever set), by name: the public rules page lists them. */
export async function listNamedCoinCosts(db: DbOrTx): Promise<{ categoryId: number; categoryName: string; cost: number }[]> {
  const result = await db.execute<{ category_id: number; name: string; cost: number }>(sql`
    SELECT c.id AS category_id, c.name, coalesce(ccc.cost, 0) AS cost
      FROM categories c LEFT JOIN category_coin_costs ccc ON ccc.category_id = c.id ORDER BY c.name`);
  return result.rows.map((row) => ({ categoryId: row.category_id, categoryName: row.name, cost: row.cost }));
}

export async function listCoinCosts(db: DbOrTx): Promise<{ categoryId: number; cost: number }[]> {
  const result = await db.execute<{ category_id: number; cost: number }>(sql`
    SELECT c.id AS category_id, coalesce(ccc.cost, 0) AS cost
      FROM categories c LEFT JOIN category_coin_costs ccc ON ccc.category_id = c.id ORDER BY c.name`);
  return result.rows.map((row) => ({ categoryId: row.category_id, cost: row.cost }));
}

/** The category's coin cost row, locked until the transaction ends (undefined when none was set). */
export async function lockCoinCost(tx: DbOrTx, categoryId: number) {
  const [row] = await tx.select().from(categoryCoinCosts).where(eq(categoryCoinCosts.categoryId, categoryId)).for('update');
  return row;
}

export async function upsertCoinCost(tx: DbOrTx, categoryId: number, cost: number): Promise<void> {
  await tx
    .insert(categoryCoinCosts)
    .values({ categoryId, cost })
    .onConflictDoUpdate({ target: categoryCoinCosts.categoryId, set: { cost, updatedAt: new Date() } });
}

export type ImageOwner = 'category' | 'subcategory';
const imageTable = (kind: ImageOwner) => (kind === 'category' ? categories : subcategories);

/** A category's or subcategory's image, its row locked until the transaction ends. */
export async function lockImageUrl(tx: DbOrTx, kind: ImageOwner, id: number): Promise<{ imageUrl: string | null } | undefined> {
  const table = imageTable(kind);
  const [row] = await tx.select({ imageUrl: table.imageUrl }).from(table).where(eq(table.id, id)).for('update');
  return row;
}

export async function setImageUrl(tx: DbOrTx, kind: ImageOwner, id: number, imageUrl: string | null): Promise<void> {
  const table = imageTable(kind);
  await tx.update(table).set({ imageUrl }).where(eq(table.id, id));
}
