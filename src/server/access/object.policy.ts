/**
 * Who may see a stored object (GET /api/objects/{id}):
 * - logos, company photos and other uploads: anyone (served public and immutable), except a
 *   photo a moderator hid, or the photos and logo of a listing a moderator hid or removed: those
 *   only the company's owner (who is told what was hidden) and admins, each time asked anew;
 * - a quote's images (and their thumbnails): its customer, the owners of its companies once the
 *   quote is submitted, and admins;
 * - a message's image: that conversation's customer and company owner, and admins;
 * - a credential's document (licence, insurance): the company's owner, and admins.
 * Anyone else is answered 404, as if the object did not exist. Whether the viewer is a party is
 * one query (images.repository's isPartyToPrivateObject), asked only for private objects; whether
 * a company's picture was withheld is one query too, asked only for photos and logos.
 */
import type { storedObjects } from '@/server/db/schema';

/** An object's kind as stored; read from the schema, since the images service imports this policy. */
type ObjectKind = (typeof storedObjects.$inferSelect)['kind'];

const PRIVATE_KINDS: ReadonlySet<ObjectKind> = new Set(['quote_image', 'message_image', 'credential_document']);

export const isPrivateObject = (row: { kind: ObjectKind }): boolean => PRIVATE_KINDS.has(row.kind);

/**
 * How an object is served: 'public' (anyone, cached by anyone), 'private' (this viewer only,
 * asked again each time), or 'none' (404).
 */
export type ObjectAccess = 'public' | 'private' | 'none';

/** The kinds shown on a company's listing, which a moderator can take out of public view. */
const LISTING_KINDS: ReadonlySet<ObjectKind> = new Set(['logo', 'company_image']);

export async function objectAccess(
  row: { kind: ObjectKind },
  viewer: { id: number; isAdmin: boolean } | null,
  lookups: {
    isParty(viewerId: number): Promise<boolean>;
    /** The owner of the company whose withheld picture this is, or undefined when it is not withheld. */
    withheldFrom(): Promise<{ ownerId: number | null } | undefined>;
  },
): Promise<ObjectAccess> {
  if (isPrivateObject(row)) {
    if (!viewer) return 'none';
    return viewer.isAdmin || (await lookups.isParty(viewer.id)) ? 'private' : 'none';
  }
  if (!LISTING_KINDS.has(row.kind)) return 'public';
  const withheld = await lookups.withheldFrom();
  if (!withheld) return 'public';
  if (!viewer) return 'none';
  return viewer.isAdmin || viewer.id === withheld.ownerId ? 'private' : 'none';
}
