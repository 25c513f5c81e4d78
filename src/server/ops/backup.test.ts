/**
 * Backup and restore, on the database this run tests (embedded or PostgreSQL): a
 * running instance with users, companies, photos, quotes, messages, coins and claims is backed
 * up while it serves, restored into a fresh DATA_DIR (and a fresh PostgreSQL database), and every
 * row, sequence and object comes back byte-identical, with the session secret, so a session signed
 * before the backup is still valid. Restore refuses a non-empty target without --force, a backup
 * of newer code, a damaged archive, another kind of database, and a hostile archive (a name that
 * leads out of it, a link, a table that is not one, more than it may unpack) — before it writes
 * anything, leaving the target exactly as it was.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openEmbeddedInThread, openPostgres, type DatabaseHandle } from '@/server/db/client';
import { FsObjectStore } from '@/server/platform/objects/fs-object-store';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { BUILT_OPS } from '@/server/test/server-process';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from '@/server/test/test-database';
import { BackupRefused, readManifest, restoreBackup, writeBackup, type BackupManifest } from './backup';

const kind = testDatabaseKind();
let t: TestApp;
let archive: string;
let manifest: BackupManifest;
/** A session signed before the backup, and whose it is. */
let ownerCookie: string;
let ownerEmail: string;
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

/** Every path under `dir` with its type, mode and (for a file) checksum. */
function treeOf(dir: string): Record<string, string> {
  const tree: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name);
      const stat = lstatSync(full);
      const mode = (stat.mode & 0o777).toString(8);
      const relative = path.relative(dir, full);
      if (stat.isSymbolicLink()) tree[relative] = `link ${readlinkSync(full)}`;
      else if (stat.isDirectory()) {
        tree[relative] = `dir ${mode}`;
        walk(full);
      } else tree[relative] = `file ${mode} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`;
    }
  };
  walk(dir);
  return tree;
}

type Target = Awaited<ReturnType<typeof freshTarget>>;

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
  return { kind, dataDir, databaseUrl };
}

async function openTarget(target: Target): Promise<DatabaseHandle> {
  return target.databaseUrl
    ? openPostgres(target.databaseUrl)
    : openEmbeddedInThread({ dataDir: path.join(target.dataDir, 'pglite') });
}

/**
 * What a target holds: its DATA_DIR file by file, and on PostgreSQL every row (the embedded
 * database is files in DATA_DIR; opening it would change them).
 */
async function stateOf(target: Target) {
  if (!target.databaseUrl) return { files: treeOf(target.dataDir) };
  const database = await openTarget(target);
  try {
    return { files: treeOf(target.dataDir), database: await contentsOf(database) };
  } finally {
    await database.close();
  }
}

/** The backup unpacked into a new directory, changed by `change`, and packed again. */
async function repack(name: string, change: (dir: string, m: BackupManifest) => void): Promise<string> {
  const dir = mkdtempSync(path.join(scratch, `${name}-`));
  await tar.x({ file: archive, cwd: dir });
  const edited = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  change(dir, edited);
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(edited));
  const file = path.join(scratch, `${name}.tar.gz`);
  await tar.c({ gzip: true, file, cwd: dir }, readdirSync(dir));
  return file;
}

/** A file outside any archive, and the name that reaches it from a restore's unpacked objects. */
function outsideFile(name: string) {
  const file = path.join(scratch, 'outside', name);
  mkdirSync(path.dirname(file), { recursive: true });
  const body = `not in the archive: ${name}\n`;
  writeFileSync(file, body);
  return {
    file,
    body,
    sha256: createHash('sha256').update(body).digest('hex'),
    // From <tmp>/<restore dir>/objects, where the unpacked objects were read.
    relative: path.relative(path.join(os.tmpdir(), 'lp-restore-x', 'objects'), file),
  };
}

/** An object key that leads out of the archive, with that file's true checksum. */
const traversalArchive = () =>
  repack('traversal', (_dir, m) => {
    const outside = outsideFile('object');
    m.objects.push({ key: outside.relative, contentType: 'image/webp', bytes: outside.body.length, sha256: outside.sha256 });
  });

/**
 * Runs the built-in command as an operator would, on `target`, from a shell with the usual umask
 * 022 (under which files are readable by everyone unless the command sees to it).
 */
function runCli(args: string[], target: Target, env: Record<string, string> = {}) {
  const command = ['umask 022; exec "$0" "$@"', process.execPath, BUILT_OPS, ...args];
  const child = spawn('/bin/sh', ['-c', ...command], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  const call = apiCaller(t.app);
  const send = multipartCaller(t.app);
  // An owner with a company and its photo (a display size and a thumbnail).
  const owner = await createUser(t.db, { isVerified: true });
  ownerCookie = await loginAs(t.app, owner);
  ownerEmail = owner.email;
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
  rmSync(scratch, { recursive: true, force: true });
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

  it('restores into a fresh target with every row, sequence and object identical, private to its owner', async () => {
    const target = await freshTarget();
    await restoreBackup(archive, target);
    // What the restore wrote (the database's files, objects, the secret) is its owner's only.
    const loose = Object.entries(treeOf(target.dataDir)).filter(
      ([, what]) => !what.startsWith('file 600 ') && what !== 'dir 700',
    );
    expect(loose).toEqual([]);
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
    // With SESSION_SECRET set, the environment's secret signs sessions: the file is left alone
    // and the restore says that sessions signed with the backup's secret are not valid.
    const secretFile = path.join(target.dataDir, 'session-secret');
    writeFileSync(secretFile, `${'s'.repeat(64)}\n`, { mode: 0o600 });
    const outcome = await restoreBackup(archive, target, { force: true, environmentSessionSecret: 'e'.repeat(40) });
    expect(outcome.notes.join('\n')).toMatch(/SESSION_SECRET.*not valid/s);
    expect(readFileSync(secretFile, 'utf8')).toBe(`${'s'.repeat(64)}\n`);
    const restored = await openTarget(target);
    try {
      const users = await restored.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
      expect(users.rows[0].n).toBe(manifest.tables['public.users']);
    } finally {
      await restored.close();
    }
    // What was there is kept in DATA_DIR/before-restore-<time>: the directories, or a dump.
    const aside = readdirSync(target.dataDir).filter((name) => name.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readdirSync(path.join(target.dataDir, aside[0])).sort()).toEqual(
      kind === 'postgres' ? ['database.pgdump', 'objects'] : ['objects', 'pglite'],
    );
  }, 120_000);

  it('refuses a backup of newer code, and a damaged one', async () => {
    const newer = await repack('newer', (_dir, m) =>
      m.migrations.push({ hash: 'f'.repeat(64), createdAt: Date.UTC(2030, 0, 1) }),
    );
    await expect(restoreBackup(newer, await freshTarget())).rejects.toThrow(/newer code/);
    const damaged = await repack('damaged', (dir, m) =>
      writeFileSync(path.join(dir, 'objects', m.objects[0].key), 'not the photo'),
    );
    await expect(restoreBackup(damaged, await freshTarget())).rejects.toThrow(/damaged/);
    const other = await repack('other', (_dir, m) => (m.database.kind = kind === 'postgres' ? 'pglite' : 'postgres'));
    await expect(restoreBackup(other, await freshTarget())).rejects.toThrow(/this backup is of/);
    writeFileSync(path.join(scratch, 'not-a-backup.tar.gz'), 'hello');
    await expect(readManifest(path.join(scratch, 'not-a-backup.tar.gz'))).rejects.toThrow(BackupRefused);
  }, 120_000);
});

describe('a restore of a hostile archive', () => {
  // A target holding a restored instance, replaced only with --force: every refusal below is
  // made with --force, and must leave it exactly as it was.
  let target: Target;
  let before: Awaited<ReturnType<typeof stateOf>>;
  beforeAll(async () => {
    target = await freshTarget();
    await restoreBackup(archive, target);
    before = await stateOf(target);
  }, 120_000);

  async function expectRefused(file: string, message: RegExp, limits?: { maxEntries?: number; maxBytes?: number }) {
    const error = await restoreBackup(file, target, { force: true, limits }).then(
      () => new Error('restored'),
      (failure: unknown) => failure as Error,
    );
    expect(error).toBeInstanceOf(BackupRefused);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
    expect(await stateOf(target)).toEqual(before);
  }

  it('refuses an object key that leads out of the archive', async () => {
    await expectRefused(await traversalArchive(), /object key/);
  });

  it('refuses an archive entry that is a link, not a file', async () => {
    const outside = outsideFile('linked');
    const linked = await repack('link', (dir, m) => {
      const object = m.objects[0];
      // The object's file is replaced by a link to a file outside the archive, with its checksum.
      const file = path.join(dir, 'objects', object.key);
      rmSync(file);
      symlinkSync(outside.file, file);
      Object.assign(object, { bytes: outside.body.length, sha256: outside.sha256 });
    });
    await expectRefused(linked, /link|not a file/);
  });

  it('refuses a table name that is not a table of the backup', async () => {
    const outside = outsideFile('rows.jsonl');
    // A name that leads out of the archive (its rows read from a file outside it) and into SQL.
    const hostile = `public.x/${path.relative(path.join(os.tmpdir(), 'lp-restore-x', 'tables'), outside.file).replace(/\.jsonl$/, '')}`;
    const traversing = await repack('table-path', (_dir, m) => (m.tables[hostile] = 1));
    await expectRefused(traversing, /table/);
    const quoted = await repack('table-sql', (_dir, m) => (m.tables['public.users"; DROP TABLE users; --'] = 0));
    await expectRefused(quoted, /table/);
    if (kind === 'pglite') {
      // Well formed, but no migration of the backup makes it.
      const unknown = await repack('table-unknown', (dir, m) => {
        m.tables['public.no_such_table'] = 0;
        writeFileSync(path.join(dir, 'tables', 'public.no_such_table.jsonl'), '');
      });
      await expectRefused(unknown, /no_such_table/);
    }
  }, 120_000);

  it('leaves the target as it was when the database part fails to load, after every check passed', async () => {
    // On PostgreSQL the dump cut in half: pg_restore writes the tables, then cannot read their
    // rows; the old database was dropped in the same transaction, which is rolled back. On the
    // embedded database a row that is not JSON, found while the new database is built.
    const cut = await repack('cut', (dir) => {
      if (kind === 'postgres') {
        const dump = path.join(dir, 'database.pgdump');
        truncateSync(dump, Math.floor(statSync(dump).size / 2));
      } else {
        const rows = path.join(dir, 'tables', 'public.users.jsonl');
        writeFileSync(rows, readFileSync(rows, 'utf8').replace(/^\{/, '{not JSON '));
      }
    });
    await expectRefused(
      cut,
      kind === 'postgres' ? /damaged: pg_restore cannot read its dump/ : /damaged: the rows of public.users/,
    );
  }, 120_000);

  it('stops unpacking at its limits: a small archive that would unpack large, too many entries', async () => {
    // 1 MB of noise then zeros to 256 MB, as the database part: about 1.3 MB packed.
    const bomb = await repack('bomb', (dir) => {
      const file = kind === 'postgres' ? path.join(dir, 'database.pgdump') : path.join(dir, 'tables', 'public.users.jsonl');
      writeFileSync(file, randomBytes(1 << 20));
      truncateSync(file, 256 << 20);
    });
    expect(statSync(bomb).size).toBeLessThan(4 << 20);
    await expectRefused(bomb, /unpacks to more than 64 MiB.*the limit/, { maxBytes: 64 << 20 });
    await expectRefused(archive, /more than 3 entries.*the limit/, { maxEntries: 3 });
  }, 120_000);
});

describe('npm run restore', () => {
  it('reports a bad archive in one line, leaves DATA_DIR as it was, then restores without --force, and sessions survive', async () => {
    const target = await freshTarget();
    const before = await stateOf(target);
    writeFileSync(path.join(scratch, 'hello.tar.gz'), 'hello');
    for (const bad of [await traversalArchive(), path.join(scratch, 'hello.tar.gz')]) {
      const refused = await runCli(['restore', bad], target);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toMatch(/^restore refused: [^\n]+\n$/);
      expect(await stateOf(target)).toEqual(before);
    }

    const restored = await runCli(['restore', archive], target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/restored the backup/);

    // The app started on the restored data accepts the cookie signed before the backup.
    const database = await openTarget(target);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: target.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      APP_URL: 'http://app.test',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    const app = await buildApp(config, { database, clientDir: path.join(target.dataDir, 'no-client') });
    try {
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: ownerCookie } });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<{ email: string }>().email).toBe(ownerEmail);
    } finally {
      await app.close();
      await database.close();
    }

    // A backup taken by the command: the archive and the record it leaves in DATA_DIR are private.
    const out = path.join(scratch, 'by-the-command.tar.gz');
    const backedUp = await runCli(['backup', '--out', out], target);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    for (const file of [out, path.join(target.dataDir, 'last-backup.json')]) {
      expect({ file, mode: statSync(file).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    }
  }, 240_000);
});
