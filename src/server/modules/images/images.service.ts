/**
 * Stored images: the pipeline's renditions written to the object store under random ids and
 * recorded in stored_objects, and objects served back by id.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { objectAccess, type ObjectAccess } from '@/server/access/object.policy';
import type { Db, DbOrTx } from '@/server/db/client';
import type { storedObjects } from '@/server/db/schema';
import type { ObjectStore } from '@/server/platform/objects/object-store';
import { OBJECT_ID_PATTERN, objectUrlOf, type UploadResponse } from '@/shared/schemas/upload';
import { processImage, type ImageRules, type Rendition } from './image-pipeline';
import {
  deleteStoredObjects,
  findOrphanUploads,
  findStoredObject,
  insertStoredObjects,
  findWithheldPictureOwner,
  isPartyToPrivateObject,
  type NewStoredObjectRow,
  type StoredObjectRow,
} from './images.repository';

export type ObjectKind = (typeof storedObjects.$inferInsert)['kind'];

export type { StoredObjectRow } from './images.repository';

const objectUrl = objectUrlOf;

/** Processed and written to the store, not yet recorded: record it in the caller's transaction. */
export interface PreparedImage {
  rows: NewStoredObjectRow[];
  answer: UploadResponse;
}

export interface ServedObject {
  contentType: string;
  byteSize: number;
  etag: string;
  body: Readable;
}

const newObjectId = () => randomBytes(18).toString('base64url');
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

/** Objects never change once written, so their rows can be remembered. */
class RowCache {
  private readonly rows = new Map<string, StoredObjectRow>();
  constructor(private readonly max: number) {}
  get(id: string) {
    return this.rows.get(id);
  }
  set(id: string, row: StoredObjectRow) {
    if (this.rows.size >= this.max) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(id, row);
  }
  delete(id: string) {
    this.rows.delete(id);
  }
}

export class ImagesService {
  private readonly cache = new RowCache(5000);

  constructor(
    private readonly db: Db,
    readonly store: ObjectStore,
  ) {}

  /** Runs the pipeline and writes both renditions to the store. */
  async prepare(input: Buffer, rules: ImageRules, kind: ObjectKind, userId: number | null): Promise<PreparedImage> {
    const image = await processImage(input, rules);
    const displayId = newObjectId();
    const thumbnailId = newObjectId();
    const rowOf = (id: string, rendition: Rendition, thumb: string | null): NewStoredObjectRow => ({
      id,
      kind,
      contentType: rendition.contentType,
      byteSize: rendition.bytes.length,
      width: rendition.width,
      height: rendition.height,
      etag: etagOf(rendition.bytes),
      thumbnailId: thumb,
      createdByUserId: userId,
    });
    await Promise.all([
      this.store.put(displayId, image.display.bytes, image.display.contentType),
      this.store.put(thumbnailId, image.thumbnail.bytes, image.thumbnail.contentType),
    ]);
    return {
      rows: [rowOf(thumbnailId, image.thumbnail, null), rowOf(displayId, image.display, thumbnailId)],
      answer: {
        objectId: displayId,
        objectUrl: objectUrl(displayId),
        thumbnailUrl: objectUrl(thumbnailId),
        contentType: image.display.contentType,
        sourceType: image.sourceType,
        byteSize: image.display.bytes.length,
        width: image.display.width,
        height: image.display.height,
      },
    };
  }

  async record(db: DbOrTx, prepared: PreparedImage): Promise<void> {
    await insertStoredObjects(db, prepared.rows);
  }

  /** Removes the bytes of an image whose recording failed or was refused. */
  async discard(prepared: PreparedImage): Promise<void> {
    await Promise.all(prepared.rows.map((row) => this.store.delete(row.id).catch(() => undefined)));
  }

  /** Pipeline, store and record in one step (uploads that belong to nothing yet). */
  async storeImage(input: Buffer, rules: ImageRules, kind: ObjectKind, userId: number | null): Promise<UploadResponse> {
    const prepared = await this.prepare(input, rules, kind, userId);
    try {
      await this.record(this.db, prepared);
    } catch (error) {
      await this.discard(prepared);
      throw error;
    }
    return prepared.answer;
  }

  async findObject(id: string): Promise<StoredObjectRow | undefined> {
    if (!OBJECT_ID_PATTERN.test(id)) return undefined;
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = await findStoredObject(this.db, id);
    if (row) this.cache.set(id, row);
    return row;
  }

  /** How `viewer` is served an object (the object policy, asking its queries only when they matter). */
  accessFor(row: StoredObjectRow, viewer: { id: number; isAdmin: boolean } | null): Promise<ObjectAccess> {
    return objectAccess(row, viewer, {
      isParty: (viewerId) => isPartyToPrivateObject(this.db, row.id, viewerId),
      withheldFrom: () => findWithheldPictureOwner(this.db, row.id),
    });
  }

  /** The bytes of an object found with findObject; undefined when the store has lost them. */
  async openObject(row: StoredObjectRow): Promise<ServedObject | undefined> {
    const body = await this.store.get(row.id);
    if (!body) return undefined;
    return { contentType: row.contentType, byteSize: row.byteSize, etag: row.etag, body };
  }

  /**
   * Deletes an object and its thumbnail: rows in the caller's transaction, bytes afterwards
   * through the returned function (bytes of a rolled-back delete must stay).
   */
  async deleteObject(db: DbOrTx, id: string): Promise<() => Promise<void>> {
    const row = await findStoredObject(db, id);
    if (!row) return async () => {};
    const ids = [row.id, ...(row.thumbnailId ? [row.thumbnailId] : [])];
    await deleteStoredObjects(db, ids);
    return async () => {
      for (const objectId of ids) {
        this.cache.delete(objectId);
        await this.store.delete(objectId).catch(() => undefined);
      }
    };
  }

  /**
   * Deletes uploads nobody used within `maxAgeHours` (a logo upload whose company was never
   * saved, test-page uploads). Safe on any number of nodes: deleting twice is harmless.
   */
  async sweepOrphanUploads(maxAgeHours = 24): Promise<number> {
    const ids = await findOrphanUploads(this.db, new Date(Date.now() - maxAgeHours * 3_600_000), 500);
    for (const id of ids) {
      const purge = await this.db.transaction((tx) => this.deleteObject(tx, id));
      await purge();
    }
    return ids.length;
  }
}
