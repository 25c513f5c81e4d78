import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { storedObjects } from '@/server/db/schema';

export type StoredObjectRow = typeof storedObjects.$inferSelect;
export type NewStoredObjectRow = typeof storedObjects.$inferInsert;

export async function insertStoredObjects(db: DbOrTx, rows: NewStoredObjectRow[]): Promise<void> {
  await db.insert(storedObjects).values(rows);
}

export async function findStoredObject(db: DbOrTx, id: string): Promise<StoredObjectRow | undefined> {
  const [row] = await db.select().from(storedObjects).where(eq(storedObjects.id, id));
  return row;
}

export async function deleteStoredObjects(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(storedObjects).where(inArray(storedObjects.id, ids));
}

/**
 * Generic uploads older than `cutoff` that nothing shows: uploaded for a logo that was never set,
 * or on the test page. Answers the display objects (their thumbnails go with them).
 */
export async function findOrphanUploads(db: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT so.id FROM stored_objects so
     WHERE so.kind = 'upload' AND so.thumbnail_id IS NOT NULL AND so.created_at < ${cutoff.toISOString()}::timestamptz
       AND NOT EXISTS (SELECT 1 FROM companies c WHERE c.logo_object_id = so.id)
     LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}
