/**
 * The company page's read is planned once per connection on PostgreSQL (a named prepared
 * statement) and is a plain query on the embedded database, with the same rows either way.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '@/server/test/test-database';
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
});
