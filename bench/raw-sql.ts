/**
 * The same SQL as the app, straight through a `pg` pool: the statements are recorded from the
 * app's own services (a Drizzle logger), then replayed by concurrent workers for a fixed time.
 */
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { withTimeout } from './cleanup';
import type { Measurement } from './load';

export interface Statement {
  text: string;
  params: unknown[];
}

/** A Drizzle database on `pool` that keeps every statement it sends, exactly as sent. */
export function recordingDb(pool: pg.Pool): { db: Db; take(): Statement[] } {
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => void statements.push({ text, params }) },
  });
  return { db, take: () => statements.splice(0) };
}

/** Nearest-rank percentile of ascending `sorted` values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * `concurrency` workers each loop: take the next plan (cycling through `plans`), run its
 * statements one after the other, record the time. Stops starting plans after `durationSeconds`.
 */
export async function runRawSql(
  pool: pg.Pool,
  plans: Statement[][],
  concurrency: number,
  durationSeconds: number,
): Promise<Measurement> {
  if (plans.length === 0) throw new Error('no statements to replay');
  let latencies = new Float64Array(1 << 16);
  let ok = 0;
  let failed = 0;
  let next = 0;
  const start = performance.now();
  const deadline = start + durationSeconds * 1000;

  const worker = async () => {
    while (performance.now() < deadline) {
      const plan = plans[next++ % plans.length];
      const began = performance.now();
      try {
        for (const statement of plan) await pool.query(statement.text, statement.params);
      } catch {
        failed++;
        continue;
      }
      if (ok === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[ok++] = performance.now() - began;
    }
  };
  await withTimeout(Promise.all(Array.from({ length: concurrency }, worker)), (durationSeconds + 30) * 1000, 'raw SQL replay');
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.subarray(0, ok).sort();
  return { durationSeconds: elapsed, ok, failed, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
