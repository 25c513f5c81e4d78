import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/server/db/client';
import { notificationOutbox } from '@/server/db/schema';

export type OutboxRow = typeof notificationOutbox.$inferSelect;
export type NewOutboxRow = typeof notificationOutbox.$inferInsert;

export async function insertOutboxRow(db: DbOrTx, row: NewOutboxRow): Promise<number | undefined> {
  const [inserted] = await db
    .insert(notificationOutbox)
    .values(row)
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey })
    .returning({ id: notificationOutbox.id });
  return inserted?.id;
}

/** Locks due rows so that other app nodes skip them while this one sends. */
export async function claimDueRows(tx: Tx, limit: number): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(notificationOutbox)
    .where(and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(notificationOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(tx: Tx, id: number): Promise<void> {
  await tx
    .update(notificationOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${notificationOutbox.attempts} + 1`, lastError: null })
    .where(eq(notificationOutbox.id, id));
}

export async function markFailed(tx: Tx, id: number, error: string, retryInSeconds: number): Promise<void> {
  await tx
    .update(notificationOutbox)
    .set({
      attempts: sql`${notificationOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(notificationOutbox.id, id));
}
