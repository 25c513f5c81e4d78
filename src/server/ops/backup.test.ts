/**
 * Backup and restore (issue 18), on the database this run tests (embedded or PostgreSQL): a
 * running instance with users, companies, photos, quotes, messages, coins and claims is backed
 * up while it serves, restored into a fresh DATA_DIR (and a fresh PostgreSQL database), and every
 * row, sequence and object comes back byte-identical. Restore refuses a non-empty target without
 * --force, a backup of newer code, a damaged archive, and another kind of database.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedInThread, openPostgres, type DatabaseHandle } from '@/server/db/client';
import { FsObjectStore } from '@/server/platform/objects/fs-object-store';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from '@/server/test/test-database';
import { BackupRefused, readManifest, restoreBackup, writeBackup, type BackupManifest } from './backup';

const kind = testDatabaseKind();
let t: TestApp;
let archive: string;
let manifest: BackupManifest;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'lp-backup-test-'));
const dropAfter: string[] = [];

/** Every row of every table (as JSON, sorted) and every sequence of a database. */
async function contentsOf(database: DatabaseHandle) {
  const client = await database.pool.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind = 'r' AND n.nspname IN ('public', 'drizzle') ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      rows[table] = (await client.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`)).rows.map(
        (row) => row.row,
      );
    }
    const sequences: Record<string, unknown> = {};
    const names = await client.query<{ name: string }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
    );
    for (const { name } of names.rows)
      sequences[name] = (await client.query(`SELECT last_value, is_called FROM ${name}`)).rows[0];
    return { rows, sequences };
  } finally {
    client.release();
  }
}

function objectsIn(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return files;
}

/** A fresh target: an empty DATA_DIR, and on PostgreSQL an empty database. */
async function freshTarget() {
  const dataDir = mkdtempSync(path.join(scratch, 'target-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const copy = await createPostgresCopy();
    dropAfter.push(copy.database);
    // The copy of the run's template is migrated; an operator's fresh database is empty.
    const admin = new pg.Client({ connectionString: copy.databaseUrl });
    await admin.connect();
    await admin.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await admin.end();
    databaseUrl = copy.databaseUrl;
  }
  return { kind, dataDir, databaseUrl, objects: new FsObjectStore(path.join(dataDir, 'objects')) };
}

async function openTarget(target: Awaited<ReturnType<typeof freshTarget>>): Promise<DatabaseHandle> {
  return target.databaseUrl
    ? openPostgres(target.databaseUrl)
    : openEmbeddedInThread({ dataDir: path.join(target.dataDir, 'pglite') });
}

beforeAll(async () => {
  t = await startTestApp();
  const call = apiCaller(t.app);
  const send = multipartCaller(t.app);
  // An owner with a company and its photo (a display size and a thumbnail).
  const owner = await createUser(t.db, { isVerified: true });
  const ownerCookie = await loginAs(t.app, owner);
  const company = await createCompany(t.db, { ownerId: owner.id });
  expect(
    (
      await send(
        'POST',
        `/api/companies/${company.id}/images`,
        ownerCookie,
        { caption: 'Van' },
        filePart(await pngBytes(900, 600)),
      )
    ).statusCode,
  ).toBe(201);
  // Coins bought with the test provider.
  const { paymentIntentId } = (
    await call('POST', '/api/coins/create-payment-intent', ownerCookie, { packageType: 'small' })
  ).json();
  await call('POST', '/api/coins/test-provider/pay', ownerCookie, { paymentIntentId, cardNumber: '4242424242424242' });
  expect((await call('POST', '/api/coins/confirm-payment', ownerCookie, { paymentIntentId })).statusCode).toBe(200);
  // A customer's quote, with a photo, to that company and to an unclaimed listing (a claim).
  const customer = await createUser(t.db);
  const customerCookie = await loginAs(t.app, customer);
  const unclaimed = await createCompany(t.db);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id, unclaimed.id], status: 'draft' });
  expect(
    (await send('POST', `/api/quotes/${quote.id}/images`, customerCookie, {}, filePart(await pngBytes(640, 480)))).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', `/api/quotes/${quote.id}/submit`, customerCookie, {
        quoteName: quote.quoteName,
        description: quote.description,
      })
    ).statusCode,
  ).toBe(200);
  // Messages both ways: the owner's first reply is charged.
  const thread = `/api/quotes/${quote.id}/companies/${company.id}/messages`;
  expect((await send('POST', thread, customerCookie, { message: 'Can you come Tuesday?' })).statusCode).toBe(201);
  const { coinCost } = (await call('GET', `/api/quotes/${quote.id}/companies/${company.id}/coin-cost`, ownerCookie)).json();
  expect((await call('POST', thread, ownerCookie, { message: 'Tuesday at 9 works.', coinCost })).statusCode).toBe(201);

  // The outbox sends the mail of all this within seconds; once it has, the rows stay still, so the
  // restored copy can be compared with the live database after the backup.
  for (let waited = 0; ; waited += 100) {
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notification_outbox WHERE sent_at IS NULL`,
    );
    if (rows[0].n === 0) break;
    if (waited > 20_000) throw new Error('the outbox did not send its mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Taken while the app serves: a request runs alongside.
  archive = path.join(scratch, 'backup.tar.gz');
  const source = {
    kind,
    connection: t.database.connection,
    objects: new FsObjectStore(path.join(t.config.dataDir, 'objects')),
    dataDir: t.config.dataDir,
  };
  [manifest] = await Promise.all([writeBackup(source, archive), call('GET', '/api/categories')]);
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const database of dropAfter) await dropPostgresCopy(database);
});

describe('a backup', () => {
  it('holds every table, the session secret and every object with its checksum', async () => {
    expect(await readManifest(archive)).toEqual(manifest);
    // It holds password hashes and the session secret: readable by its owner only.
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest.database.kind).toBe(kind);
    for (const table of [
      'public.users',
      'public.companies',
      'public.company_images',
      'public.quotes',
      'public.messages',
      'public.coin_ledger',
      'public.claims',
      'public.stored_objects',
    ]) {
      expect(manifest.tables[table], table).toBeGreaterThan(0);
    }
    // A company photo (display + thumbnail) and a quote photo (display + thumbnail).
    expect(manifest.objects.length).toBeGreaterThanOrEqual(4);
    expect(manifest.missingObjects).toEqual([]);
    expect(manifest.sessionSecret).toBe(true);
    expect(manifest.migrations.length).toBeGreaterThan(10);
  });

  it('restores into a fresh target with every row, sequence and object identical', async () => {
    const target = await freshTarget();
    await restoreBackup(archive, target);
    const restored = await openTarget(target);
    try {
      const [expected, actual] = await Promise.all([contentsOf(t.database), contentsOf(restored)]);
      expect(Object.keys(actual.rows)).toEqual(Object.keys(expected.rows));
      for (const table of Object.keys(expected.rows)) expect(actual.rows[table], table).toEqual(expected.rows[table]);
      expect(actual.sequences).toEqual(expected.sequences);
    } finally {
      await restored.close();
    }
    expect(objectsIn(path.join(target.dataDir, 'objects'))).toEqual(objectsIn(path.join(t.config.dataDir, 'objects')));
    expect(readFileSync(path.join(target.dataDir, 'session-secret'), 'utf8')).toBe(
      readFileSync(path.join(t.config.dataDir, 'session-secret'), 'utf8'),
    );
  }, 120_000);

  it('refuses a target that is not empty, unless forced', async () => {
    const target = await freshTarget();
    await restoreBackup(archive, target);
    await expect(restoreBackup(archive, target)).rejects.toThrow(BackupRefused);
    await expect(restoreBackup(archive, target)).rejects.toThrow(/not empty|already holds/);
    await restoreBackup(archive, target, { force: true });
    const restored = await openTarget(target);
    try {
      const users = await restored.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
      expect(users.rows[0].n).toBe(manifest.tables['public.users']);
    } finally {
      await restored.close();
    }
    // What was there is kept: the directory moved aside, or a dump of the database.
    expect(readdirSync(target.dataDir).some((name) => name.startsWith('before-restore-'))).toBe(true);
  }, 120_000);

  it('refuses a backup of newer code, and a damaged one', async () => {
    const unpacked = mkdtempSync(path.join(scratch, 'unpacked-'));
    await tar.x({ file: archive, cwd: unpacked });
    const repack = async (name: string, change: (m: BackupManifest) => void, damageAPhoto = false) => {
      const edited = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest;
      change(edited);
      const dir = mkdtempSync(path.join(scratch, `${name}-`));
      await tar.x({ file: archive, cwd: dir });
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(edited));
      if (damageAPhoto) writeFileSync(path.join(dir, 'objects', edited.objects[0].key), 'not the photo');
      const file = path.join(scratch, `${name}.tar.gz`);
      await tar.c({ gzip: true, file, cwd: dir }, readdirSync(dir));
      return file;
    };
    const newer = await repack('newer', (m) => m.migrations.push({ hash: 'f'.repeat(64), createdAt: Date.UTC(2030, 0, 1) }));
    await expect(restoreBackup(newer, await freshTarget())).rejects.toThrow(/newer code/);
    const damaged = await repack('damaged', () => {}, true);
    await expect(restoreBackup(damaged, await freshTarget())).rejects.toThrow(/damaged/);
    const other = await repack('other', (m) => (m.database.kind = kind === 'postgres' ? 'pglite' : 'postgres'));
    await expect(restoreBackup(other, await freshTarget())).rejects.toThrow(/this backup is of/);
    writeFileSync(path.join(scratch, 'not-a-backup.tar.gz'), 'hello');
    await expect(readManifest(path.join(scratch, 'not-a-backup.tar.gz'))).rejects.toThrow();
  }, 120_000);
});
