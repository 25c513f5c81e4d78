import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { jobs } from '@/server/db/schema';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Makes sure every job has its row. A new job is first due one interval from now (as its timer
 * was); a known one keeps its clock — a restart never resets it — and only its interval follows
 * the code.
 */
export async function registerJobs(db: Db, defined: { name: string; intervalSeconds: number }[]): Promise<void> {
  if (defined.length === 0) return;
  await db
    .insert(jobs)
    .values(defined.map((job) => ({ ...job, nextDueAt: sql`now() + make_interval(secs => ${job.intervalSeconds})` })))
    .onConflictDoUpdate({ target: jobs.name, set: { intervalSeconds: sql`excluded.interval_seconds` } });
}

/**
 * Takes every due job among `names` that no node holds, for `leaseSeconds`, in one statement:
 * two nodes never take the same job, and one that dies hands it back when the lease runs out.
 */
export async function takeDueJobs(db: Db, names: string[], node: string, leaseSeconds: number): Promise<JobRow[]> {
  if (names.length === 0) return [];
  return db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, lockedBy: node, lastStartedAt: sql`now()` })
    .where(
      and(
        inArray(jobs.name, names),
        lte(jobs.nextDueAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
}

/** A failed job is tried again after this at the most (sooner when its interval is shorter). */
const RETRY_FAILED_SECONDS = 300;

/** Records a run: the next one an interval after this one started, or soon again after a failure. */
export async function finishJob(
  db: Db,
  name: string,
  node: string,
  outcome: { ok: boolean; result: string | null; error: string | null; durationMs: number },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lockedBy: null,
      lastFinishedAt: sql`now()`,
      lastOutcome: outcome.ok ? 'ok' : 'failed',
      lastResult: outcome.result?.slice(0, 500) ?? null,
      lastError: outcome.error?.slice(0, 2000) ?? null,
      lastDurationMs: outcome.durationMs,
      runs: sql`${jobs.runs} + 1`,
      failures: outcome.ok ? jobs.failures : sql`${jobs.failures} + 1`,
      lastSucceededAt: outcome.ok ? sql`now()` : jobs.lastSucceededAt,
      nextDueAt: outcome.ok
        ? sql`${jobs.lastStartedAt} + make_interval(secs => ${jobs.intervalSeconds})`
        : sql`now() + make_interval(secs => least(${jobs.intervalSeconds}, ${RETRY_FAILED_SECONDS}))`,
    })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, node)));
}

/** "Run now": due at once (it still waits for a node holding it to finish). */
export async function makeJobDue(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ nextDueAt: sql`now()` })
    .where(eq(jobs.name, name))
    .returning({ name: jobs.name });
  return rows.length > 0;
}

export async function listJobs(db: Db, names: string[]): Promise<JobRow[]> {
  if (names.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.name, names)).orderBy(asc(jobs.name));
}
