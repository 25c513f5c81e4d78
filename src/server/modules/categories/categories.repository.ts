import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categories } from '@/server/db/schema';

export async function listCategories(db: DbOrTx) {
  return (
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        icon: categories.icon,
        imageUrl: categories.imageUrl,
      })
      .from(categories)
      // Alphabetical as people read it ("Handyman" before "HVAC"), whatever the database collation.
      .orderBy(sql`lower(${categories.name})`)
  );
}
