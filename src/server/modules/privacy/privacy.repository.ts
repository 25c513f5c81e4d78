/** Requests for a copy of one's data (data_exports), and the deleted accounts the sweep revisits. */
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { UserRow } from '@/server/db/rows';
import { dataExports, users } from '@/server/db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/** A new request, unless one is already being prepared (the partial unique index decides). */
export async function insertPendingExport(db: DbOrTx, userId: number): Promise<DataExportRow | undefined> {
  const [row] = await db
    .insert(dataExports)
    .values({ userId })
    .onConflictDoNothing({ target: dataExports.userId, where: sql`status = 'pending'` })
    .returning();
  return row;
}

/** A new request makes the links of earlier copies worthless: one live link per user. */
export async function expireReadyExportsOf(db: DbOrTx, userId: number, exceptId: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'ready'), sql`${dataExports.id} <> ${exceptId}`));
}

export async function findLatestExportOf(db: DbOrTx, userId: number): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

/**
 * Takes the oldest request waiting to be built (not held by another node) and holds it for
 * `leaseSeconds`; a node that dies while building leaves it to the next run after that.
 */
export async function takePendingExport(db: DbOrTx, leaseSeconds: number): Promise<DataExportRow | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    UPDATE data_exports SET locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
     WHERE id = (SELECT id FROM data_exports
                  WHERE status = 'pending' AND (locked_until IS NULL OR locked_until < now())
                  ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/**
 * Names the key the archive is about to be stored under, while the request is still waiting, so
 * that bytes stored by a build that then fails are always on a row (the retry stores over them,
 * the retention or the account's deletion removes them). False when the request is gone.
 */
export async function setPendingArchiveKey(db: DbOrTx, id: number, objectKey: string): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ objectKey })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** The archive is stored: the request becomes a live link, if it is still waiting (not erased meanwhile). */
export async function markExportReady(
  db: DbOrTx,
  id: number,
  values: { tokenHash: string; objectKey: string; byteSize: number; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ ...values, status: 'ready', readyAt: new Date(), lockedUntil: null, lastError: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** A failed build: tried again after `retrySeconds`, or given up on after the last attempt. */
export async function markExportFailed(db: DbOrTx, id: number, error: string, giveUp: boolean, retrySeconds: number) {
  await db
    .update(dataExports)
    .set({
      lastError: error.slice(0, 500),
      ...(giveUp
        ? { status: 'failed' as const, lockedUntil: null }
        : { lockedUntil: sql`now() + make_interval(secs => ${retrySeconds})` }),
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
}

export async function findExportByToken(db: DbOrTx, tokenHash: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.tokenHash, tokenHash));
  return row;
}

/** Spends a live link: exactly one caller gets the row back. */
export async function spendExportLink(db: DbOrTx, id: number): Promise<DataExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'downloaded', downloadedAt: new Date() })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready'), sql`${dataExports.expiresAt} > now()`))
    .returning();
  return row;
}

/** Links past their end become expired. */
export async function expireOverdueExports(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, sql`now()`)))
    .returning({ id: dataExports.id });
  return rows.length;
}

/** Archives whose link was used, ran out or was never made: their bytes are to go. */
export async function findSpentArchives(db: DbOrTx, limit: number): Promise<{ id: number; objectKey: string }[]> {
  const rows = await db
    .select({ id: dataExports.id, objectKey: dataExports.objectKey })
    .from(dataExports)
    .where(and(inArray(dataExports.status, ['downloaded', 'expired', 'failed']), isNotNull(dataExports.objectKey)))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, objectKey: row.objectKey! }));
}

export async function clearArchiveKey(db: DbOrTx, id: number): Promise<void> {
  await db.update(dataExports).set({ objectKey: null }).where(eq(dataExports.id, id));
}

/**
 * Rows of spent links, a day after they were spent: kept that day so that a used or expired link
 * is answered as such (410) rather than as unknown (404).
 */
export async function deleteSpentExportRows(db: DbOrTx): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    DELETE FROM data_exports
     WHERE status IN ('downloaded', 'expired', 'failed') AND object_key IS NULL
       AND coalesce(downloaded_at, expires_at, created_at) < now() - interval '1 day'
    RETURNING id`);
  return rows.rows.length;
}

/** Accounts deleted within the last `days` days: the sweep applies the erasure again to them. */
export async function findRecentlyDeletedUsers(db: DbOrTx, days: number): Promise<{ id: number }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), sql`${users.deletedAt} > now() - make_interval(days => ${days})`));
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account's row, locked until the transaction ends (two deletions never interleave). */
export async function lockUser(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}
