import { eq, inArray } from 'drizzle-orm';
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
