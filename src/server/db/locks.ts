/**
 * Sweeps that may run on several app nodes at once (hourly refunds, the inactivity sweep) take a
 * transaction-scoped advisory lock: the first node does the work, the others see `false` and skip.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

export async function tryTransactionLock(tx: DbOrTx, key: number): Promise<boolean> {
  const locked = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${key}) AS locked`);
  return locked.rows[0]?.locked === true;
}
