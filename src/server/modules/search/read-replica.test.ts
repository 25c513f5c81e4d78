/**
 * DATABASE_REPLICA_URL (README "Deploying several nodes"): search and category listings read from
 * the replica; everything else — company pages, category details, writes — from the primary. The "replica" here is
 * a second database holding a company the primary does not, so the answer shows which one was read.
 * Only on PostgreSQL: the embedded database has no replicas.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '@/server/db/client';
import { createCompany } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from '@/server/test/test-database';

describe.skipIf(testDatabaseKind() !== 'postgres')('a read replica for search', () => {
  let t: TestApp;
  let replica: DatabaseHandle;
  let replicaName: string;

  beforeAll(async () => {
    const copy = await createPostgresCopy();
    replicaName = copy.database;
    replica = openPostgres(copy.databaseUrl, 2);
    t = await startTestApp({}, { replica });
  });
  afterAll(async () => {
    await t.close();
    await replica.close();
    await dropPostgresCopy(replicaName);
  });

  it('answers search and category listings from the replica, company pages from the primary', async () => {
    const onReplica = await createCompany(replica.db, { name: 'Replicated Drain Doctors' });
    const search = await t.app.inject({ url: '/api/search?q=replicated%20drain' });
    expect(search.statusCode).toBe(200);
    expect(search.json().results.map((c: { id: number }) => c.id)).toContain(onReplica.id);

    const listing = await t.app.inject({ url: `/api/categories/${onReplica.categoryId}/companies?limit=50` });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().companies.map((c: { name: string }) => c.name)).toContain('Replicated Drain Doctors');

    // Category details come from the primary, so an admin's edit shows at once.
    await replica.db.execute(sql`UPDATE categories SET name = 'Stale Name' WHERE id = ${onReplica.categoryId}`);
    const categories = (await t.app.inject({ url: '/api/categories/with-subcategories' })).json();
    expect(categories.map((c: { name: string }) => c.name)).not.toContain('Stale Name');

    const onPrimary = await createCompany(t.db, { name: 'Primary Pipe Works' });
    expect((await t.app.inject({ url: `/api/companies/${onPrimary.id}` })).json().name).toBe('Primary Pipe Works');
    const notReplicated = await t.app.inject({ url: '/api/search?q=primary%20pipe' });
    expect(notReplicated.json().results.map((c: { name: string }) => c.name)).not.toContain('Primary Pipe Works');
  });
});
