/**
 * Many pool connections on one embedded database at once: parameterised statements and
 * transactions from different connections must never interleave (see holdSessionPerStatement).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedInWorker, type DatabaseHandle } from './client';

let handle: DatabaseHandle;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-pglite-'));
beforeAll(async () => {
  // The worker, as the app runs it: statements arrive from another thread in arbitrary chunks.
  handle = await openEmbeddedInWorker(dataDir);
  await handle.pool.query('CREATE TABLE counter (id int primary key, n int not null)');
  await handle.pool.query('INSERT INTO counter VALUES (1, 0)');
});
afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database under concurrent connections', () => {
  it('runs 400 parameterised statements and 40 transactions from 8 connections without a protocol error', async () => {
    // Different statement shapes, so that a Bind reaching another connection's Parse shows.
    const statements = Array.from({ length: 400 }, (_, i) =>
      i % 2
        ? handle.pool.query('SELECT $1::int + $2::int AS sum', [i, 1]).then((r) => expect(r.rows[0].sum).toBe(i + 1))
        : handle.pool
            .query('SELECT repeat($1::text, $2::int) AS text', ['x', i % 50])
            .then((r) => expect(r.rows[0].text).toHaveLength(i % 50)),
    );
    // A transaction that begins between another connection's Parse and Bind used to leave that
    // statement split around it, its Bind landing on the transaction's last statement.
    const transactions = Array.from({ length: 40 }, async () => {
      const client = await handle.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT $1::text AS label, $2::int AS other', ['tx', 1]);
        const { rows } = await client.query('SELECT n FROM counter WHERE id = $1', [1]);
        await client.query('UPDATE counter SET n = $1 WHERE id = $2', [rows[0].n + 1, 1]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    });
    const failures = (await Promise.allSettled([...statements, ...transactions])).filter((r) => r.status === 'rejected');
    expect(failures).toEqual([]);
    const { rows } = await handle.pool.query('SELECT n FROM counter WHERE id = 1');
    expect(rows[0].n).toBe(40);
  });

  it('keeps serving after a statement fails on one connection', async () => {
    const results = await Promise.allSettled([
      handle.pool.query('SELECT 1/0'),
      ...Array.from({ length: 20 }, (_, i) => handle.pool.query('SELECT $1::int AS v', [i])),
    ]);
    expect(results[0].status).toBe('rejected');
    expect(results.slice(1).every((r) => r.status === 'fulfilled')).toBe(true);
  });
});
