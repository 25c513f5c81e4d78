/**
 * What the companies and ratings modules need to know of moderation: a listing a moderator hid or
 * removed is gone for the public (but not for its owner and admins) and is never re-activated but
 * by a decision; an author's edit of a hidden listing or review sends its case back to the queue.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/server/lib/app-error';
import type { DbOrTx } from './client';

export const listingModerated = () =>
  new AppError('LISTING_MODERATED', 'A moderator hid this listing: it cannot be re-activated until the moderators decide again');

/** Who reads a listing: a signed-in person (or an admin), or the public. */
export type ListingViewer = { id: number; isAdmin: boolean } | null | undefined;

/** Whether a listing shows to `viewer`: one a moderator took down, only to its owner and admins. */
export function isListingShownTo(
  row: { moderation_state?: string | null; owner_id: number | null },
  viewer: ListingViewer,
): boolean {
  return !row.moderation_state || Boolean(viewer && (viewer.isAdmin || viewer.id === row.owner_id));
}

/** The same, in SQL, of the company aliased `company`. */
export function listingShownToSql(company: SQL, viewer: ListingViewer): SQL {
  if (viewer?.isAdmin) return sql`TRUE`;
  return sql`(${company}.moderation_state IS NULL OR ${company}.owner_id = ${viewer?.id ?? null}::int)`;
}

/**
 * Switches a listing on or off as its owner or an admin asks, in one statement, so it holds
 * against a moderator's decision made at the same time. A listing a moderator took down stays
 * off: switching it on is refused ('moderated'); switching it off is remembered for when a
 * decision brings it back.
 */
export async function setListingActive(
  tx: DbOrTx,
  companyId: number,
  isActive: boolean,
): Promise<'set' | 'moderated' | 'missing'> {
  const result = await tx.execute<{ updated: number }>(sql`
    WITH target AS (SELECT id FROM companies WHERE id = ${companyId}),
    updated AS (
      UPDATE companies SET
        is_active = CASE WHEN moderation_state IS NULL THEN ${isActive}::boolean ELSE false END,
        active_after_moderation = CASE WHEN moderation_state IS NULL THEN NULL ELSE ${isActive}::boolean END,
        updated_at = now()
       WHERE id = ${companyId} AND (moderation_state IS NULL OR NOT ${isActive}::boolean)
      RETURNING id)
    SELECT (SELECT count(*) FROM updated)::int AS updated FROM target`);
  const row = result.rows[0];
  if (!row) return 'missing';
  return row.updated > 0 ? 'set' : 'moderated';
}

/**
 * The author edited a listing or review a moderator hid: its case goes back to the queue as open
 * (the item stays hidden until an admin decides), with the edit in its history.
 */
export async function reopenEditedItem(
  tx: DbOrTx,
  itemType: 'company' | 'review',
  itemId: number,
  editorId: number,
): Promise<void> {
  await tx.execute(sql`
    WITH reopened AS (
      UPDATE moderation_cases mc SET status = 'open', updated_at = now()
       WHERE mc.item_type = ${itemType} AND mc.item_id = ${itemId} AND mc.status = 'decided' AND mc.decision = 'hide'
      RETURNING mc.id)
    INSERT INTO moderation_events (case_id, kind, actor_user_id, detail)
    SELECT id, 'edit', ${editorId}, '{}'::jsonb FROM reopened`);
}
