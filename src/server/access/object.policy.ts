/**
 * Who may see a stored object (GET /api/objects/{id}):
 * - logos, company photos and other uploads: anyone (served public and immutable);
 * - a quote's images (and their thumbnails): its customer, the owners of its companies once the
 *   quote is submitted, and admins;
 * - a message's image: that conversation's customer and company owner, and admins;
 * - a credential's document (licence, insurance): the company's owner, and admins.
 * Anyone else is answered 404, as if the object did not exist. Whether the viewer is a party is
 * one query (images.repository's isPartyToPrivateObject), asked only for private objects.
 */
import type { storedObjects } from '@/server/db/schema';

/** An object's kind as stored; read from the schema, since the images service imports this policy. */
type ObjectKind = (typeof storedObjects.$inferSelect)['kind'];

const PRIVATE_KINDS: ReadonlySet<ObjectKind> = new Set(['quote_image', 'message_image', 'credential_document']);

export const isPrivateObject = (row: { kind: ObjectKind }): boolean => PRIVATE_KINDS.has(row.kind);

export async function mayViewObject(
  row: { kind: ObjectKind },
  viewer: { id: number; isAdmin: boolean } | null,
  isParty: (viewerId: number) => Promise<boolean>,
): Promise<boolean> {
  if (!isPrivateObject(row)) return true;
  if (!viewer) return false;
  return viewer.isAdmin || isParty(viewer.id);
}
