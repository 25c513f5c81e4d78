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

/**
 * Whether `userId` is a party to the quote a private image (or its thumbnail) belongs to: a quote
 * image to the quote's customer and, once submitted, the owners of its companies; a message image
 * to the customer and the owner of that conversation's company (one a moderator hid: only its
 * sender's side); a credential's document to the company's owner.
 */
export async function isPartyToPrivateObject(db: DbOrTx, id: string, userId: number): Promise<boolean> {
  const result = await db.execute<{ allowed: boolean }>(sql`
    WITH target AS (
      SELECT coalesce((SELECT so.id FROM stored_objects so WHERE so.thumbnail_id = ${id} LIMIT 1), ${id}) AS id
    )
    SELECT EXISTS (
      SELECT 1 FROM target JOIN quote_images qi ON qi.object_id = target.id JOIN quotes q ON q.id = qi.quote_id
       WHERE q.user_id = ${userId}
          OR (q.status <> 'draft' AND EXISTS (
                SELECT 1 FROM quote_companies qc JOIN companies c ON c.id = qc.company_id
                 WHERE qc.quote_id = q.id AND c.owner_id = ${userId}))
      UNION ALL
      SELECT 1 FROM target JOIN messages m ON m.image_object_id = target.id
        JOIN quotes q ON q.id = m.quote_id JOIN companies c ON c.id = m.company_id
       -- A message a moderator hid keeps its image for its sender's side only.
       WHERE (q.user_id = ${userId} AND (m.moderation_state IS NULL OR m.sender_type = 'user'))
          OR (c.owner_id = ${userId} AND (m.moderation_state IS NULL OR m.sender_type = 'company'))
      UNION ALL
      SELECT 1 FROM target JOIN company_credentials cc ON cc.document_object_id = target.id
        JOIN companies c ON c.id = cc.company_id
       WHERE c.owner_id = ${userId}
    ) AS allowed`);
  return result.rows[0]?.allowed ?? false;
}

/**
 * The owner of the company a withheld picture belongs to: a company photo (or its thumbnail) a
 * moderator hid, or a photo or the logo of a listing a moderator hid or removed. Undefined when
 * the picture is public.
 */
export async function findWithheldPictureOwner(db: DbOrTx, id: string): Promise<{ ownerId: number | null } | undefined> {
  const result = await db.execute<{ owner_id: number | null }>(sql`
    WITH target AS (
      SELECT coalesce((SELECT so.id FROM stored_objects so WHERE so.thumbnail_id = ${id} LIMIT 1), ${id}) AS id
    )
    SELECT c.owner_id FROM target
      JOIN company_images ci ON ci.object_id = target.id JOIN companies c ON c.id = ci.company_id
     WHERE ci.moderation_state IS NOT NULL OR c.moderation_state IS NOT NULL
    UNION ALL
    SELECT c.owner_id FROM target JOIN companies c ON c.logo_object_id = target.id
     WHERE c.moderation_state IS NOT NULL
    LIMIT 1`);
  const row = result.rows[0];
  return row ? { ownerId: row.owner_id } : undefined;
}
