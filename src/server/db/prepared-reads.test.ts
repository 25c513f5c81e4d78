/**
 * Hot reads are planned once per connection (named prepared statements), with the same rows as a
 * plain query. On the embedded database every connection shares one session, so each prepares
 * names of its own, and a connection the pool closes takes its statements with it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '@/server/test/test-database';
import pg from 'pg';
import type { DatabaseHandle } from './client';
import { plainReads, preparedReads } from './prepared-reads';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const byName = (name: string) => sql`SELECT id, slug FROM categories WHERE slug = ${name}`;

describe('prepared reads', () => {
  it('answer exactly as a plain query does', async () => {
    const read = preparedReads(handle);
    for (const slug of ['plumbing', 'cleaning', 'no-such-category', 'plumbing']) {
      expect(await read('category_by_slug', byName(slug))).toEqual(await plainReads(handle.db)('category_by_slug', byName(slug)));
    }
  });

  it.skipIf(testDatabaseKind() !== 'postgres')('are named statements on PostgreSQL, prepared once per connection', async () => {
    const client = await handle.pool.connect();
    try {
      // A pool of one connection: the one the statement was prepared on.
      const single = { ...handle, pool: { query: client.query.bind(client) } as unknown as typeof handle.pool };
      const read = preparedReads(single);
      await read('category_by_slug', byName('plumbing'));
      await read('category_by_slug', byName('cleaning'));
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM pg_prepared_statements`);
      expect(rows.map((row) => row.name)).toEqual([expect.stringMatching(/^category_by_slug_[0-9a-f]{12}$/)]);
    } finally {
      client.release();
    }
  });

  it.skipIf(testDatabaseKind() !== 'pglite')(
    'on the embedded database, name their statements per connection, and deallocate them with it',
    async () => {
      const ours = async () =>
        (await handle.pool.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`)).rows
          .map((row) => row.name)
          .filter((name) => /^(per_connection|failing)_/.test(name));
      // A pool of its own (the same session behind it) whose connections stay until one fails.
      const pool = new pg.Pool({ ...handle.connection, max: 3, idleTimeoutMillis: 0 });
      pool.on('error', () => {});
      onTestFinished(() => pool.end());
      const read = preparedReads({ kind: 'pglite', pool });
      const slugs = ['plumbing', 'cleaning', 'plumbing'];
      // Three at once: three connections, each preparing the same text (one name would clash).
      const answers = await Promise.all(slugs.map((slug) => read('per_connection', byName(slug))));
      expect(answers).toEqual(await Promise.all(slugs.map((slug) => plainReads(handle.db)('x', byName(slug)))));
      const names = await ours();
      expect(names).toHaveLength(3);
      for (const name of names) expect(name).toMatch(/^per_connection_[0-9a-f]{12}_c\d+$/);

      // A failed read closes its connection, as pool.query does: all three fail, all three close.
      const failures = await Promise.allSettled(slugs.map(() => read('failing', sql`SELECT 1 / (random() * 0)::int`)));
      expect(failures.map((failure) => failure.status)).toEqual(['rejected', 'rejected', 'rejected']);
      await expect.poll(ours).toEqual([]);
    },
  );
});
