import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
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

/** Due: not sent, not given up, its time come, and not taken by a node whose lease still runs. */
const isDue = and(
  isNull(notificationOutbox.sentAt),
  isNull(notificationOutbox.failedAt),
  lte(notificationOutbox.nextAttemptAt, sql`now()`),
  or(isNull(notificationOutbox.leaseExpiresAt), lte(notificationOutbox.leaseExpiresAt, sql`now()`)),
);

/**
 * Takes up to `limit` due notices for `leaseSeconds`, counting the attempt, in one statement (no
 * transaction stays open while they are sent). SKIP LOCKED lets nodes take different rows at once.
 */
export async function leaseDueRows(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(isDue)
    .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notificationOutbox)
    .set({
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${notificationOutbox.attempts} + 1`,
    })
    .where(inArray(notificationOutbox.id, due))
    .returning();
}

/** Sent: the lease ends, and the links in the body go (verification and reset links are secrets). */
export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({
      sentAt: sql`now()`,
      leaseExpiresAt: null,
      lastError: null,
      bodyText: sql`regexp_replace(${notificationOutbox.bodyText}, 'https?://[^[:space:]<>"]+', '[link removed once sent]', 'g')`,
      bodyHtml: null,
    })
    .where(and(eq(notificationOutbox.id, id), isNull(notificationOutbox.sentAt)));
}

/** Not sent: tried again in `retryInSeconds`, or given up when `giveUp`. */
export async function markFailed(db: DbOrTx, id: number, error: string, retryInSeconds: number, giveUp: boolean): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({
      leaseExpiresAt: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
      failedAt: giveUp ? sql`now()` : null,
    })
    .where(and(eq(notificationOutbox.id, id), isNull(notificationOutbox.sentAt)));
}

/** An admin's retry of a notice given up on: due now, with a fresh set of attempts. */
export async function retryFailed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(notificationOutbox)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()`, leaseExpiresAt: null })
    .where(and(eq(notificationOutbox.id, id), isNotNull(notificationOutbox.failedAt)))
    .returning({ id: notificationOutbox.id });
  return rows.length > 0;
}

/** Retention: sent notices older than `days` go. */
export async function deleteSentBefore(db: DbOrTx, days: number): Promise<number> {
  const rows = await db
    .delete(notificationOutbox)
    .where(and(isNotNull(notificationOutbox.sentAt), lt(notificationOutbox.sentAt, sql`now() - make_interval(days => ${days})`)))
    .returning({ id: notificationOutbox.id });
  return rows.length;
}

export interface OutboxSummary {
  queued: number;
  failed: number;
  /** Seconds since the oldest notice still waiting was queued (0 when none waits). */
  oldestQueuedSeconds: number;
}

export async function summarizeOutbox(db: DbOrTx): Promise<OutboxSummary> {
  const result = await db.execute<{ queued: number; failed: number; oldest: number | null }>(sql`
    SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::int AS queued,
           count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
           extract(epoch FROM now() - min(created_at) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL))::float8 AS oldest
      FROM notification_outbox WHERE sent_at IS NULL`);
  const row = result.rows[0];
  return { queued: row?.queued ?? 0, failed: row?.failed ?? 0, oldestQueuedSeconds: Math.round(row?.oldest ?? 0) };
}

/** Notices by status, newest first (the admin's lists); no bodies. */
export async function listNotices(db: DbOrTx, status: 'failed' | 'queued' | 'sent', limit: number) {
  const where =
    status === 'failed'
      ? isNotNull(notificationOutbox.failedAt)
      : status === 'sent'
        ? isNotNull(notificationOutbox.sentAt)
        : and(isNull(notificationOutbox.sentAt), isNull(notificationOutbox.failedAt));
  return db
    .select({
      id: notificationOutbox.id,
      channel: notificationOutbox.channel,
      kind: notificationOutbox.kind,
      recipient: notificationOutbox.recipient,
      subject: notificationOutbox.subject,
      attempts: notificationOutbox.attempts,
      lastError: notificationOutbox.lastError,
      createdAt: notificationOutbox.createdAt,
      sentAt: notificationOutbox.sentAt,
      failedAt: notificationOutbox.failedAt,
    })
    .from(notificationOutbox)
    .where(where)
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
    .limit(limit);
}
