/**
 * Backups (issue 18): one archive (tar.gz) holding the database and every stored object, taken
 * while the app runs, and its restore into an empty target.
 *
 * - PostgreSQL: `pg_dump --format=custom` in a snapshot exported from our own transaction, so the
 *   list of stored objects is read from exactly the state the dump holds; `pg_restore` puts it
 *   back, and the app's migrations carry an older backup forward at the next start.
 * - Embedded: PGlite has no pg_dump, so every table is read as JSON lines in one REPEATABLE READ
 *   transaction over the database's socket (the running app's, found through its lock file; its
 *   queries wait meanwhile, as the embedded database is one session). Restore applies the
 *   backup's own migrations to a fresh directory, loads the rows with triggers off (they are the
 *   rows the triggers made), sets every sequence, then migrates forward.
 *
 * A restore refuses a backup made by newer code (a migration this code does not have) and a
 * target that is not empty, unless told to overwrite it (`force`): the old directory is moved
 * aside; the old PostgreSQL database is dumped beside the data, then dropped.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { chmod, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as tar from 'tar';
import {
  knownMigrations,
  migrateDatabase,
  migrationsFolder,
  openEmbeddedInThread,
  type MigrationEntry,
} from '@/server/db/client';
import { readEmbeddedLock } from '@/server/db/embedded-lock';
import type { ObjectStore } from '@/server/platform/objects/object-store';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'localpros-backup/1';
const SCHEMAS = ['public', 'drizzle'];
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
const DUMP_FILE = 'database.pgdump';
const SESSION_SECRET_FILE = 'session-secret';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; serverVersion: string; dumpedWith: string | null };
  /** Migrations the database had, oldest first (drizzle's hash and its folder time). */
  migrations: { hash: string; createdAt: number }[];
  /** Rows per table ("schema.table"). */
  tables: Record<string, number>;
  sequences: { name: string; lastValue: number; isCalled: boolean }[];
  objects: { key: string; contentType: string; bytes: number; sha256: string }[];
  /** Objects the database named that the store no longer had when they were copied. */
  missingObjects: string[];
  sessionSecret: boolean;
}

export interface BackupSource {
  kind: 'pglite' | 'postgres';
  /** How to reach the database: its URL, or the embedded database's socket. */
  connection: pg.ClientConfig;
  objects: ObjectStore;
  /** DATA_DIR: its generated session secret is kept, so sessions outlive a restore. */
  dataDir: string;
}

export interface RestoreTarget {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR; the embedded database goes to DATA_DIR/pglite. */
  dataDir: string;
  databaseUrl?: string;
  objects: ObjectStore;
}

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => table.split('.').map(quoteIdent).join('.');
const majorOf = (version: string) => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);

async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  try {
    const { stdout } = await run(tool, ['--version']);
    return stdout.trim();
  } catch {
    throw new BackupRefused(`${tool} was not found: install the PostgreSQL client tools of your server's version`);
  }
}

/** Writes the archive of `source` to `outFile` (mode 0600: it holds password hashes). */
export async function writeBackup(source: BackupSource, outFile: string): Promise<BackupManifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'lp-backup-'));
  const client = new pg.Client(source.connection);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const serverVersion = (await client.query<{ v: string }>('SHOW server_version')).rows[0].v;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: source.kind, serverVersion, dumpedWith: null },
      migrations: (
        await client.query<{ hash: string; created_at: string }>(`SELECT hash, created_at FROM ${MIGRATIONS_TABLE} ORDER BY id`)
      ).rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) })),
      tables: {},
      sequences: [],
      objects: [],
      missingObjects: [],
      sessionSecret: false,
    };
    if (source.kind === 'postgres') {
      const tool = await toolVersion('pg_dump');
      if (majorOf(tool.replace(/^\D+/, '')) < majorOf(serverVersion)) {
        throw new BackupRefused(
          `${tool} cannot dump a PostgreSQL ${serverVersion} server: install postgresql-client-${majorOf(serverVersion)}`,
        );
      }
      manifest.database.dumpedWith = tool;
      const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0].id;
      await pgDump(source.connection.connectionString, path.join(work, DUMP_FILE), snapshot);
      for (const table of await listTables(client)) manifest.tables[table] = await countRows(client, table);
    } else {
      mkdirSync(path.join(work, 'tables'));
      for (const table of await listTables(client)) {
        const { rows } = await client.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${qualified(table)} t`);
        writeFileSync(path.join(work, 'tables', `${table}.jsonl`), rows.map((row) => `${row.row}\n`).join(''));
        manifest.tables[table] = rows.length;
      }
      manifest.sequences = await readSequences(client);
    }
    const objects = await client.query<{ key: string; content_type: string }>(`
      SELECT id AS key, content_type FROM stored_objects
      UNION SELECT thumbnail_id, 'image/webp' FROM stored_objects WHERE thumbnail_id IS NOT NULL
      ORDER BY key`);
    await client.query('COMMIT');
    mkdirSync(path.join(work, 'objects'));
    for (const { key, content_type: contentType } of objects.rows) {
      const copied = await copyObjectOut(source.objects, key, path.join(work, 'objects', key));
      if (copied) manifest.objects.push({ key, contentType, ...copied });
      else manifest.missingObjects.push(key);
    }
    const secret = path.join(source.dataDir, SESSION_SECRET_FILE);
    if (existsSync(secret)) {
      await copyFile(secret, path.join(work, SESSION_SECRET_FILE));
      manifest.sessionSecret = true;
    }
    writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    await tar.c({ gzip: true, file: outFile, cwd: work, portable: true }, readdirSync(work));
    await chmod(outFile, 0o600);
    return manifest;
  } finally {
    await client.end().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * How pg_dump and pg_restore reach the database: the URL without its password, which goes in
 * PGPASSWORD (a command line is readable by every user of the machine in `ps`).
 */
function toolConnection(databaseUrl: string | undefined): { dbname: string; env: NodeJS.ProcessEnv } {
  if (!databaseUrl) throw new Error('pg_dump and pg_restore need the database URL');
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

/** pg_dump's custom format of the whole database, into `file`; `snapshot` pins the state. */
async function pgDump(databaseUrl: string | undefined, file: string, snapshot?: string): Promise<void> {
  const { dbname, env } = toolConnection(databaseUrl);
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(snapshot ? [`--snapshot=${snapshot}`] : []),
      `--file=${file}`,
      `--dbname=${dbname}`,
    ],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
}

async function listTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1) ORDER BY 1`,
    [SCHEMAS],
  );
  return rows.map((row) => row.name);
}

async function countRows(client: pg.Client, table: string): Promise<number> {
  return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${qualified(table)}`)).rows[0].n);
}

async function readSequences(client: pg.Client): Promise<BackupManifest['sequences']> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT schemaname || '.' || sequencename AS name FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1`,
    [SCHEMAS],
  );
  const sequences: BackupManifest['sequences'] = [];
  for (const { name } of rows) {
    const state = (
      await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${qualified(name)}`)
    ).rows[0];
    sequences.push({ name, lastValue: Number(state.last_value), isCalled: state.is_called });
  }
  return sequences;
}

async function copyObjectOut(
  store: ObjectStore,
  key: string,
  file: string,
): Promise<{ bytes: number; sha256: string } | undefined> {
  const stream = await store.get(key);
  if (!stream) return undefined;
  const hash = createHash('sha256');
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
  return { bytes, sha256: hash.digest('hex') };
}

/** The manifest of an archive, without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text: string | undefined;
  await tar.t({
    file,
    filter: (entry) => entry === 'manifest.json',
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
    },
  });
  const manifest = text ? (JSON.parse(text) as BackupManifest) : undefined;
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupRefused(`${file} is not a LocalPros backup`);
  return manifest;
}

/** The backup's migrations must be this code's first ones, in order. */
function checkMigrations(manifest: BackupManifest): MigrationEntry[] {
  const journal = knownMigrations();
  manifest.migrations.forEach((migration, i) => {
    if (journal[i]?.when !== migration.createdAt) {
      const unknown = !journal.some((entry) => entry.when === migration.createdAt);
      throw new BackupRefused(
        unknown
          ? `this backup was made by newer code (its database has a migration of ${new Date(migration.createdAt).toISOString()} that this code does not know): restore it with the version that made it, or upgrade first`
          : 'this backup has another migration history than this code',
      );
    }
  });
  return journal.slice(0, manifest.migrations.length);
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Restores `file` into `target`; refuses a non-empty target unless `force`. */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  if (manifest.database.kind !== target.kind) {
    const name = (kind: string) => (kind === 'postgres' ? 'PostgreSQL' : 'the embedded database');
    throw new BackupRefused(`this backup is of ${name(manifest.database.kind)}; the target is ${name(target.kind)}`);
  }
  const applied = checkMigrations(manifest);
  const work = mkdtempSync(path.join(os.tmpdir(), 'lp-restore-'));
  try {
    await tar.x({ file, cwd: work });
    // Every object is checked before anything is written.
    for (const object of manifest.objects) {
      const digest = createHash('sha256')
        .update(readFileSync(path.join(work, 'objects', object.key)))
        .digest('hex');
      if (digest !== object.sha256)
        throw new BackupRefused(`the archive is damaged: object ${object.key} does not match its checksum`);
    }
    if (target.kind === 'postgres') await restorePostgres(work, manifest, target, options.force === true);
    else await restoreEmbedded(work, manifest, applied, target.dataDir, options.force === true);
    for (const object of manifest.objects) {
      await target.objects.put(object.key, readFileSync(path.join(work, 'objects', object.key)), object.contentType);
    }
    const secret = path.join(target.dataDir, SESSION_SECRET_FILE);
    if (manifest.sessionSecret && (options.force || !existsSync(secret))) {
      mkdirSync(target.dataDir, { recursive: true });
      await copyFile(path.join(work, SESSION_SECRET_FILE), secret);
      await chmod(secret, 0o600);
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restorePostgres(work: string, manifest: BackupManifest, target: RestoreTarget, force: boolean): Promise<void> {
  const tool = await toolVersion('pg_restore');
  const dumpedWith = manifest.database.dumpedWith ?? '';
  if (majorOf(tool.replace(/^\D+/, '')) < majorOf(dumpedWith.replace(/^\D+/, ''))) {
    throw new BackupRefused(`${tool} cannot read a dump made by ${dumpedWith}: install a newer postgresql-client`);
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const tables = await listTables(client);
    if (tables.length > 0) {
      if (!force) {
        throw new BackupRefused(
          `the database is not empty (${tables.length} tables): restore into an empty one, or pass --force to replace it`,
        );
      }
      // Kept before it is replaced, as the embedded directory is moved aside.
      mkdirSync(target.dataDir, { recursive: true });
      await pgDump(target.databaseUrl, path.join(target.dataDir, `before-restore-${stamp()}.pgdump`));
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    }
  } finally {
    await client.end();
  }
  const { dbname, env } = toolConnection(target.databaseUrl);
  await run(
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      path.join(work, DUMP_FILE),
    ],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function restoreEmbedded(
  work: string,
  manifest: BackupManifest,
  applied: MigrationEntry[],
  dataDir: string,
  force: boolean,
): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const holder = readEmbeddedLock(pgliteDir);
  if (holder) throw new BackupRefused(`the app (process ${holder.pid}) is running on ${dataDir}: stop it first`);
  const objectsDir = path.join(dataDir, 'objects');
  if (!isEmptyDir(pgliteDir) || !isEmptyDir(objectsDir)) {
    if (!force)
      throw new BackupRefused(
        `${dataDir} already holds a database or objects: restore into an empty DATA_DIR, or pass --force to replace them`,
      );
    // Moved aside, never deleted: a restore over the wrong directory can be undone.
    const aside = path.join(dataDir, `before-restore-${stamp()}`);
    mkdirSync(aside, { recursive: true });
    for (const dir of [pgliteDir, objectsDir]) if (existsSync(dir)) renameSync(dir, path.join(aside, path.basename(dir)));
  }
  const database = await openEmbeddedInThread({ dataDir: pgliteDir });
  try {
    await migrate(drizzle(database.pool), { migrationsFolder: migrationsUpTo(applied, work) });
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      // The rows are those the triggers made; foreign keys hold in the source already.
      await client.query('SET LOCAL session_replication_role = replica');
      const tables = Object.keys(manifest.tables).filter((table) => table !== MIGRATIONS_TABLE);
      const publicTables = tables.filter((table) => table.startsWith('public.'));
      // Migrations fill a few tables themselves (counters, stamps): the backup's rows replace them.
      if (publicTables.length) await client.query(`TRUNCATE ${publicTables.map(qualified).join(', ')}`);
      for (const table of tables) await loadTable(client, table, path.join(work, 'tables', `${table}.jsonl`));
      for (const sequence of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2, $3)', [
          qualified(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    // A backup of older code's database is carried forward as the app would carry it.
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

/** A migrations folder holding only `entries` (drizzle applies every migration its journal names). */
function migrationsUpTo(entries: MigrationEntry[], work: string): string {
  const folder = path.join(work, `migrations-${randomBytes(3).toString('hex')}`);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  for (const entry of entries)
    writeFileSync(path.join(folder, `${entry.tag}.sql`), readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`)));
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  return folder;
}

const LOAD_BATCH = 500;

async function loadTable(client: pg.PoolClient, table: string, file: string): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [qualified(table)],
  );
  const columns = rows.map((row) => quoteIdent(row.name)).join(', ');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  for (let i = 0; i < lines.length; i += LOAD_BATCH) {
    await client.query(
      `INSERT INTO ${qualified(table)} (${columns}) OVERRIDING SYSTEM VALUE
       SELECT ${columns} FROM jsonb_populate_recordset(NULL::${qualified(table)}, $1::jsonb)`,
      [`[${lines.slice(i, i + LOAD_BATCH).join(',')}]`],
    );
  }
}
