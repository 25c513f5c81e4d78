/**
 * What the companies module needs to know of moderation: a listing a moderator hid or removed is
 * never re-activated but by a decision, and its owner's edit sends its case back to the queue.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '@/server/lib/app-error';
import type { DbOrTx } from './client';

export const listingModerated = () =>
  new AppError('LISTING_MODERATED', 'A moderator hid this listing: it cannot be re-activated until the moderators decide again');

/** Whether a moderator hid or removed the listing. */
export async function findListingModeration(db: DbOrTx, companyId: number): Promise<'hidden' | 'removed' | null> {
  const result = await db.execute<{ moderation_state: 'hidden' | 'removed' | null }>(
    sql`SELECT moderation_state FROM companies WHERE id = ${companyId}`,
  );
  return result.rows[0]?.moderation_state ?? null;
}

/**
 * The owner edited a listing a moderator hid: its case goes back to the queue as open (the
 * listing stays hidden until an admin decides), with the edit in its history.
 */
export async function reopenEditedListing(tx: DbOrTx, companyId: number, editorId: number): Promise<void> {
  await tx.execute(sql`
    WITH reopened AS (
      UPDATE moderation_cases mc SET status = 'open', updated_at = now()
        FROM companies c
       WHERE mc.item_type = 'company' AND mc.item_id = ${companyId} AND mc.status = 'decided'
         AND c.id = ${companyId} AND c.moderation_state = 'hidden'
      RETURNING mc.id)
    INSERT INTO moderation_events (case_id, kind, actor_user_id, detail)
    SELECT id, 'edit', ${editorId}, '{}'::jsonb FROM reopened`);
}
