/**
 * Periodic work as named jobs: the clock lives in the database, so a
 * restart runs what is overdue at once and never resets the clock; a failure is recorded, not
 * swallowed; two nodes never run a job at the same time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { openTestDatabase } from '@/server/test/test-database';

const EXPECTED_JOBS = [
  'auth.prune-sessions-and-tokens',
  'coins.refund-unread-replies',
  'companies.refresh-reply-times',
  'credentials.expire-and-remind',
  'credentials.recheck-notices',
  'images.sweep-orphan-uploads',
  'insight.daily-figures',
  'insight.search-log-retention',
  'insight.weekly-summary',
  'limits.prune-windows',
  'notifications.outbox-retention',
  'privacy.build-exports',
  'privacy.deleted-accounts-sweep',
  'privacy.export-retention',
  'quotes.complete-idle',
];

let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-jobs-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One app node on the shared database, as `npm start` builds it (a "restart" is a new one). */
async function startNode(): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_URL: 'http://app.test',
  });
  const app = await buildApp(config, { database, clientDir: path.join(dataDir, 'no-client') });
  await app.ready();
  return app;
}

const rowOf = async (name: string) => (await database.db.select().from(jobs).where(eq(jobs.name, name)))[0];

describe('the job runner', () => {
  it('keeps one row a job, first due an interval after it was first seen, and a restart keeps the clock', async () => {
    const first = await startNode();
    const rows = await database.db.select().from(jobs);
    const names = rows.map((row) => row.name).sort();
    // The embedded database also vacuums; a server does that itself.
    expect(names.filter((name) => name !== 'db.vacuum-analyze')).toEqual(EXPECTED_JOBS);
    const idle = await rowOf('quotes.complete-idle');
    expect(idle.intervalSeconds).toBe(600);
    expect(idle.nextDueAt.getTime()).toBeGreaterThan(Date.now() + 500_000);
    expect(idle.runs).toBe(0);
    await first.close();

    const second = await startNode();
    await second.services.jobs.idle();
    expect((await rowOf('quotes.complete-idle')).nextDueAt).toEqual(idle.nextDueAt);
    expect((await rowOf('quotes.complete-idle')).runs).toBe(0);
    await second.close();
  });

  it('runs every overdue job right after a restart and records each run', async () => {
    // The node was down through the jobs' times.
    await database.db.update(jobs).set({ nextDueAt: sql`now() - interval '3 hours'` });
    const node = await startNode();
    try {
      await expect
        .poll(async () => (await database.db.select().from(jobs)).every((row) => row.runs === 1), { timeout: 30_000 })
        .toBe(true);
      for (const row of await database.db.select().from(jobs)) {
        expect(row, row.name).toMatchObject({ lastOutcome: 'ok', lastError: null, lockedBy: null, lockedUntil: null });
        expect(row.lastResult, row.name).toBeTruthy();
        expect(row.lastFinishedAt!.getTime()).toBeGreaterThanOrEqual(row.lastStartedAt!.getTime());
        // The next run is one interval after this one started: the clock moves on from the run.
        expect(row.nextDueAt.getTime() - row.lastStartedAt!.getTime()).toBe(row.intervalSeconds * 1000);
      }
      expect((await rowOf('quotes.complete-idle')).lastResult).toBe('0 idle quotes completed');
    } finally {
      await node.close();
    }
  });

  it('records a failing job’s error and tries it again within five minutes; two nodes never run a job twice', async () => {
    const [a, b] = [await startNode(), await startNode()];
    try {
      let calls = 0;
      for (const node of [a, b]) {
        node.services.jobs.add({
          name: 'test.flaky',
          everySeconds: 3600,
          run: async () => {
            calls += 1;
            await new Promise((resolve) => setTimeout(resolve, 200));
            if (calls === 1) throw new Error('the mail server is on fire');
            return 'fine this time';
          },
        });
      }
      // Both nodes register it and are asked to run it at once.
      await Promise.all([a.services.jobs.start(), b.services.jobs.start()]);
      await Promise.all([a.services.jobs.runNow('test.flaky'), b.services.jobs.runNow('test.flaky')]);
      await Promise.all([a.services.jobs.idle(), b.services.jobs.idle()]);
      expect(calls).toBe(1);
      const failed = await rowOf('test.flaky');
      expect(failed).toMatchObject({ lastOutcome: 'failed', runs: 1, failures: 1, lastResult: null });
      expect(failed.lastError).toContain('the mail server is on fire');
      const retryIn = failed.nextDueAt.getTime() - Date.now();
      expect(retryIn > 250_000 && retryIn <= 300_000, `retried in ${retryIn} ms`).toBe(true);

      await a.services.jobs.runNow('test.flaky');
      await a.services.jobs.idle();
      expect(await rowOf('test.flaky')).toMatchObject({
        lastOutcome: 'ok',
        lastResult: 'fine this time',
        lastError: null,
        runs: 2,
        failures: 1,
      });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
