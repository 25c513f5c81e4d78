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
    let hold: Hold | undefined;
    try {
      expect(await health()).toBe(200);
      hold = await holdDatabase(t.database);
      const heldAt = Date.now();
      // A connection another part of the app was opening as the hold began comes back idle later,
      // and would answer the probe: it is taken as well before each look.
      const healthWhileHeld = async () => {
        await hold!.takeIdle();
        return health();
      };
      await expect.poll(healthWhileHeld, { timeout: PROBE_TIMEOUT_MS + 5_000, interval: 250 }).toBe(503);
      expect(Date.now() - heldAt).toBeLessThan(PROBE_TIMEOUT_MS + 5_000);
      await hold.release();
      hold = undefined;
      await expect.poll(health, { timeout: 10_000, interval: 250 }).toBe(200);
    } finally {
      // Released on a failure too: the app cannot close while its connections sleep.
      await hold?.release();
      await t.close();
    }
  }, 60_000);
});

interface Hold {
  /** Takes any pooled connection that became idle since (a server only). */
  takeIdle(): Promise<void>;
  release(): Promise<void>;
}

/** Keeps the database from answering anyone else until `release` is called. */
async function holdDatabase(database: DatabaseHandle): Promise<Hold> {
  if (testDatabaseKind() === 'pglite') {
    const client = await database.pool.connect();
    await client.query('BEGIN');
    await client.query('SELECT 1');
    return {
      takeIdle: async () => {},
      release: async () => {
        await client.query('COMMIT');
        client.release();
      },
    };
  }
  // A server answers other sessions during a transaction: take every connection of the pool that
  // is not already checked out for good (the realtime listener keeps one), each sleeping.
  const { pool } = database;
  const max = (pool.options as { max?: number }).max ?? 10;
  const clients: PoolClient[] = [];
  const sleeping: Promise<unknown>[] = [];
  const takeIdle = async () => {
    while (pool.totalCount < max || pool.idleCount > 0) {
      const client = await pool.connect();
      clients.push(client);
      sleeping.push(client.query('SELECT pg_sleep(3600)').catch(() => undefined));
    }
  };
  await takeIdle();
  return {
    takeIdle,
    release: async () => {
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: (database.pool.options as { connectionString: string }).connectionString });
      await admin.connect();
      try {
        const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
        // A sleep not yet begun is not cancelled: ask until every one has ended.
        let pending = true;
        while (pending) {
          await admin.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
          pending = await Promise.race([
            Promise.all(sleeping).then(() => false),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 500)),
          ]);
        }
      } finally {
        await admin.end();
      }
      for (const client of clients) client.release();
    },
  };
}
