import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/client';
import { startTestApp } from '@/server/test/harness';
import { openTestDatabase, testDatabaseKind } from '@/server/test/test-database';
import { DatabaseProbe, PROBE_TIMEOUT_MS } from './health.routes';

describe('the database probe behind /api/health', () => {
  it('is healthy while the database answers and unhealthy once it stops', async () => {
    const database = await openTestDatabase();
    const probe = new DatabaseProbe(database);
    await probe.start();
    expect(probe.isHealthy).toBe(true);
    await database.close();
    await (probe as unknown as { check(): Promise<void> }).check();
    expect(probe.isHealthy).toBe(false);
    probe.stop();
  });
});

/**
 * Health must say when the database does not answer, not only when it is
 * gone. A database held busy — on the embedded database, one open transaction holds all of it; on
 * a server, every pooled connection taken by a long query — makes /api/health answer 503 within a
 * few seconds, and 200 again once the database answers.
 */
describe('GET /api/health while the database is held', () => {
  it('answers 503 within a few seconds, and 200 again once the database answers', async () => {
    const t = await startTestApp();
    const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    try {
      expect(await health()).toBe(200);
      const release = await holdDatabase(t.database);
      const heldAt = Date.now();
      await expect.poll(health, { timeout: PROBE_TIMEOUT_MS + 5_000, interval: 250 }).toBe(503);
      expect(Date.now() - heldAt).toBeLessThan(PROBE_TIMEOUT_MS + 5_000);
      await release();
      await expect.poll(health, { timeout: 10_000, interval: 250 }).toBe(200);
    } finally {
      await t.close();
    }
  }, 60_000);
});

/** Keeps the database from answering anyone else until the returned function is called. */
async function holdDatabase(database: DatabaseHandle): Promise<() => Promise<void>> {
  if (testDatabaseKind() === 'pglite') {
    const client = await database.pool.connect();
    await client.query('BEGIN');
    await client.query('SELECT 1');
    return async () => {
      await client.query('COMMIT');
      client.release();
    };
  }
  // A server answers other sessions during a transaction: take every connection of the pool that
  // is not already checked out for good (the realtime listener keeps one).
  const { pool } = database;
  const max = (pool.options as { max?: number }).max ?? 10;
  const clients: PoolClient[] = [];
  while (pool.totalCount < max || pool.idleCount > 0) clients.push(await pool.connect());
  const sleeping = clients.map((client) => client.query('SELECT pg_sleep(3600)').catch(() => undefined));
  return async () => {
    const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: (database.pool.options as { connectionString: string }).connectionString });
    await admin.connect();
    await admin.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    await admin.end();
    await Promise.all(sleeping);
    for (const client of clients) client.release();
  };
}
