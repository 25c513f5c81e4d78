/**
 * The instance on the admin System page: the version, the database's kind, server and
 * size, the migrations applied of those the code knows, the stored files, and the last backup
 * taken on this node.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '@/server/db/client';
import { recordLastBackup } from '@/server/ops/last-backup';
import { createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { testDatabaseKind } from '@/server/test/test-database';
import type { SystemStatus } from '@/shared/schemas/system';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
});
afterAll(() => t.close());

const status = async () => {
  const response = await apiCaller(t.app)('GET', '/api/admin/system', admin);
  expect(response.statusCode).toBe(200);
  return response.json<SystemStatus>().instance;
};

describe('the instance on the System page', () => {
  it('says what runs, on what database, with which migrations', async () => {
    const instance = await status();
    expect(instance.version).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
    expect(instance.database.kind).toBe(testDatabaseKind() === 'postgres' ? 'postgres' : 'embedded');
    expect(instance.database.serverVersion).toMatch(/^\d+\.\d+/);
    expect(instance.database.bytes).toBeGreaterThan(1_000_000);
    const known = knownMigrations();
    expect(instance.migrations).toEqual({
      applied: known.length,
      known: known.length,
      lastAppliedAt: new Date(known.at(-1)!.when).toISOString(),
    });
    expect(instance.lastBackup).toBeNull();
  });

  it('counts the stored files and shows the last backup recorded on this node', async () => {
    const before = (await status()).objects;
    const user = await createUser(t.db);
    const uploaded = await multipartCaller(t.app)(
      'POST',
      '/api/upload/single',
      await loginAs(t.app, user),
      {},
      filePart(await pngBytes(300, 200), 'a.png', 'image/png', 'file'),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const after = (await status()).objects;
    expect(after.count).toBeGreaterThan(before.count);
    expect(after.bytes).toBeGreaterThan(before.bytes);

    recordLastBackup(t.config.dataDir, { at: '2026-11-26T03:00:00.000Z', file: '/var/backups/x.tar.gz', bytes: 123_456 });
    expect((await status()).lastBackup).toEqual({ at: '2026-11-26T03:00:00.000Z', bytes: 123_456 });
  });

  it('is for admins only', async () => {
    expect((await apiCaller(t.app)('GET', '/api/admin/system')).statusCode).toBe(401);
    const someone = await loginAs(t.app, await createUser(t.db));
    expect((await apiCaller(t.app)('GET', '/api/admin/system', someone)).statusCode).toBe(403);
  });
});
