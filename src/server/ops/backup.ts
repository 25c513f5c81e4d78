/**
 * Backups: one archive (tar.gz) holding the database and every stored object, taken
 * while the app runs, and its restore into an empty target.
 *
 * - PostgreSQL: `pg_dump --format=custom` in a snapshot exported from our own transaction, so the
 *   list of stored objects is read from exactly the state the dump holds; `pg_restore` and `psql`
 *   put it back in one transaction, and the app's migrations carry an older backup forward at the
 *   next start.
 * - Embedded: PGlite has no pg_dump, so every table is read as JSON lines in one REPEATABLE READ
 *   transaction over the database's socket (the running app's, found through its lock file; its
 *   queries wait meanwhile, as the embedded database is one session). Restore applies the
 *   backup's own migrations to a fresh directory, loads the rows with triggers off (they are the
 *   rows the triggers made), sets every sequence, then migrates forward.
 *
 * An archive is not trusted: a restore checks its manifest whole and counts what it would unpack
 * before writing anything, builds the new database and files beside the old ones, and swaps them
 * in only at the end (restoreBackup). It refuses a backup made by newer code (a migration this
 * code does not have) and a target that is not empty, unless told to overwrite it (`force`): what
 * was there is then kept in DATA_DIR/before-restore-<time> (the embedded directory, the objects,
 * the secret, or a dump of the PostgreSQL database).
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
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
import { FsObjectStore } from '@/server/platform/objects/fs-object-store';
import { assertSafeKey, type ObjectStore } from '@/server/platform/objects/object-store';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'localpros-backup/1';
const SCHEMAS = ['public', 'drizzle'];
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
const DUMP_FILE = 'database.pgdump';
const SESSION_SECRET_FILE = 'session-secret';
const MANIFEST_FILE = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** serverVersion: absent in backups of the embedded database, which does not report one. */
  database: { kind: 'pglite' | 'postgres'; serverVersion?: string; dumpedWith: string | null };
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
  /**
   * A shared store (S3) the objects are put in; without one they go to DATA_DIR/objects, where
   * the app's own store keeps them, and are swapped in with the database.
   */
  objects?: ObjectStore;
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

async function toolVersion(tool: 'pg_dump' | 'pg_restore' | 'psql'): Promise<string> {
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
    writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true, mode: 0o700 });
    // Created 0600, not made so after it is written: it is never readable by others, even half.
    await tar.c({ gzip: true, file: outFile, cwd: work, portable: true, mode: 0o600 }, readdirSync(work));
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

async function listTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1) ORDER BY 1`,
    [SCHEMAS],
  );
  return rows.map((row) => row.name);
}

async function countRows(client: pg.ClientBase, table: string): Promise<number> {
  return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${qualified(table)}`)).rows[0].n);
}

async function readSequences(client: pg.ClientBase): Promise<BackupManifest['sequences']> {
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

/**
 * What a restore unpacks at most, counted from the archive's headers while it is read, before a
 * byte is written: a real instance's backup (thousands of photos, a database of a few GB) is far
 * below both, and an archive that would fill the disk is stopped at the entry that crosses them.
 */
export interface UnpackLimits {
  /** Entries (files and directories) in the archive. */
  maxEntries: number;
  /** Bytes of every file, unpacked. */
  maxBytes: number;
}

export const DEFAULT_UNPACK_LIMITS: Readonly<UnpackLimits> = { maxEntries: 2_000_000, maxBytes: 256 * 2 ** 30 };

/**
 * The manifest is parsed in memory, as one string: below the longest V8 makes (512 MiB), and
 * room for the entries above (about 200 bytes each).
 */
const MAX_MANIFEST_BYTES = 480 * 2 ** 20;
/** A secret is one line. */
const MAX_SECRET_BYTES = 4096;
/** Tables, sequences and migrations a manifest may name (this code has a few dozen of each). */
const MAX_NAMED = 10_000;

export interface RestoreOptions {
  /** Replace a target that holds data (what was there is kept in DATA_DIR/before-restore-<time>). */
  force?: boolean;
  /**
   * SESSION_SECRET as the environment sets it: that secret signs sessions, so the backup's is
   * not restored, and the outcome says what it means for sessions signed before the backup.
   */
  environmentSessionSecret?: string;
  limits?: Partial<UnpackLimits>;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** What the operator should know (one line each): which session secret signs sessions now. */
  notes: string[];
}

/** A restore that began and failed after every check passed; the target is as it was. */
export class RestoreFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreFailed';
  }
}

/** "schema.table" of the schemas a backup holds, as a plain identifier (no quoting needed). */
const TABLE_NAME = /^(?:public|drizzle)\.[a-z_][a-z0-9_]{0,62}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const CONTENT_TYPE = /^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,63}$/i;
const PRINTABLE = /^[\x20-\x7e]{0,200}$/;

/** An object key as the stores accept it: no separator, no dot, nothing that leaves a directory. */
function isObjectKey(key: unknown): key is string {
  if (typeof key !== 'string') return false;
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let unit = 0;
  while (bytes >= 1024 && unit < units.length - 1 && bytes % 1024 === 0) {
    bytes /= 1024;
    unit += 1;
  }
  return `${bytes} ${units[unit]}`;
}

/**
 * The manifest, checked whole before anything is written: every name that will become a path or
 * an SQL identifier matches a strict pattern, every number is a count, every list is bounded.
 */
function validateManifest(raw: unknown, file: string, limits: UnpackLimits): BackupManifest {
  if (!isRecord(raw) || raw.format !== BACKUP_FORMAT) throw new BackupRefused(`${file} is not a LocalPros backup`);
  const bad = (what: string) => new BackupRefused(`the backup's manifest is not valid: ${what}`);
  const list = (value: unknown, name: string, max: number): unknown[] => {
    if (!Array.isArray(value)) throw bad(`${name} is not a list`);
    if (value.length > max) throw bad(`${name} has ${value.length} entries, more than ${max}`);
    return value;
  };
  if (typeof raw.createdAt !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/.test(raw.createdAt))
    throw bad(`createdAt ${show(raw.createdAt)} is not a time`);
  const database = raw.database;
  if (!isRecord(database) || (database.kind !== 'pglite' && database.kind !== 'postgres'))
    throw bad('database.kind is neither pglite nor postgres');
  for (const key of ['serverVersion', 'dumpedWith'] as const) {
    const value = database[key];
    if (value !== undefined && value !== null && (typeof value !== 'string' || !PRINTABLE.test(value)))
      throw bad(`database.${key} ${show(value)} is not a version`);
  }
  const migrations = list(raw.migrations, 'migrations', MAX_NAMED).map((migration) => {
    if (
      !isRecord(migration) ||
      typeof migration.hash !== 'string' ||
      !SHA256.test(migration.hash) ||
      !isCount(migration.createdAt)
    )
      throw bad(`migration ${show(migration)} is not a hash and a time`);
    return { hash: migration.hash, createdAt: migration.createdAt };
  });
  if (!isRecord(raw.tables)) throw bad('tables is not a map of tables to rows');
  const tableNames = Object.keys(raw.tables);
  if (tableNames.length > MAX_NAMED) throw bad(`it names ${tableNames.length} tables, more than ${MAX_NAMED}`);
  const tables: Record<string, number> = {};
  for (const table of tableNames) {
    if (!TABLE_NAME.test(table)) throw bad(`table name ${show(table)} is not a table of the public or drizzle schema`);
    const rows = raw.tables[table];
    if (!isCount(rows)) throw bad(`the rows of table ${table} are not a count`);
    tables[table] = rows;
  }
  const sequences = list(raw.sequences, 'sequences', MAX_NAMED).map((sequence) => {
    if (
      !isRecord(sequence) ||
      typeof sequence.name !== 'string' ||
      !TABLE_NAME.test(sequence.name) ||
      !Number.isSafeInteger(sequence.lastValue) ||
      typeof sequence.isCalled !== 'boolean'
    )
      throw bad(`sequence ${show(sequence)} is not a sequence's name and state`);
    return { name: sequence.name, lastValue: sequence.lastValue as number, isCalled: sequence.isCalled };
  });
  const keys = new Set<string>();
  let objectBytes = 0;
  const objects = list(raw.objects, 'objects', limits.maxEntries).map((object) => {
    if (!isRecord(object)) throw bad(`object ${show(object)} is not an object`);
    const { key, contentType, bytes, sha256 } = object;
    if (!isObjectKey(key)) throw bad(`object key ${show(key)} is not an object key`);
    if (keys.has(key)) throw bad(`object key ${key} is named twice`);
    keys.add(key);
    if (typeof contentType !== 'string' || !CONTENT_TYPE.test(contentType))
      throw bad(`the content type of object ${key} is not a media type`);
    if (!isCount(bytes)) throw bad(`the size of object ${key} is not a count`);
    if (typeof sha256 !== 'string' || !SHA256.test(sha256)) throw bad(`the checksum of object ${key} is not a SHA-256`);
    objectBytes += bytes;
    return { key, contentType, bytes, sha256 };
  });
  if (objectBytes > limits.maxBytes)
    throw new BackupRefused(
      `the backup's objects add up to ${objectBytes} bytes, more than ${formatBytes(limits.maxBytes)}, the limit of what a restore unpacks (--max-bytes raises it)`,
    );
  const missingObjects = list(raw.missingObjects, 'missingObjects', limits.maxEntries).map((key) => {
    if (!isObjectKey(key)) throw bad(`missing object key ${show(key)} is not an object key`);
    return key;
  });
  if (typeof raw.sessionSecret !== 'boolean') throw bad('sessionSecret is not true or false');
  return {
    format: BACKUP_FORMAT,
    createdAt: raw.createdAt,
    database: {
      kind: database.kind,
      ...(typeof database.serverVersion === 'string' ? { serverVersion: database.serverVersion } : {}),
      dumpedWith: typeof database.dumpedWith === 'string' ? database.dumpedWith : null,
    },
    migrations,
    tables,
    sequences,
    objects,
    missingObjects,
    sessionSecret: raw.sessionSecret,
  };
}

/** Where an entry of a backup belongs, from its name alone; undefined for a name no backup has. */
interface Place {
  kind: 'manifest' | 'secret' | 'dump' | 'tables' | 'objects' | 'table' | 'object';
  name: string;
}

function placeOf(entryPath: string): Place | undefined {
  const name = entryPath.replace(/^\.\//, '').replace(/\/$/, '');
  if (name === MANIFEST_FILE) return { kind: 'manifest', name };
  if (name === SESSION_SECRET_FILE) return { kind: 'secret', name };
  if (name === DUMP_FILE) return { kind: 'dump', name };
  if (name === 'tables' || name === 'objects') return { kind: name, name };
  const table = /^tables\/(.+)\.jsonl$/.exec(name);
  if (table && TABLE_NAME.test(table[1])) return { kind: 'table', name };
  const object = /^objects\/(.+)$/.exec(name);
  if (object && isObjectKey(object[1])) return { kind: 'object', name };
  return undefined;
}

/**
 * Each entry's header, checked before its body is read: its name is one a backup has, it is a
 * plain file (or one of the two directories) — never a link or a device — and the entries and
 * bytes so far are within the limits.
 */
function entryChecker(limits: UnpackLimits) {
  let entries = 0;
  let bytes = 0;
  return (entry: tar.ReadEntry): Place => {
    entries += 1;
    if (entries > limits.maxEntries)
      throw new BackupRefused(
        `the archive holds more than ${limits.maxEntries} entries, the limit of what a restore unpacks (--max-entries raises it)`,
      );
    bytes += entry.size ?? 0;
    if (bytes > limits.maxBytes)
      throw new BackupRefused(
        `the archive unpacks to more than ${formatBytes(limits.maxBytes)} (at ${show(entry.path)}), the limit of what a restore unpacks (--max-bytes raises it)`,
      );
    const place = placeOf(entry.path);
    if (!place) throw new BackupRefused(`the archive holds ${show(entry.path)}, which no backup holds`);
    const directory = place.kind === 'tables' || place.kind === 'objects';
    const type = String(entry.type);
    if (directory ? type !== 'Directory' : type !== 'File' && type !== 'OldFile')
      throw new BackupRefused(`the archive's entry ${show(entry.path)} is a ${type}, not a ${directory ? 'directory' : 'file'}`);
    return place;
  };
}

/** An error of the archive's reading (not gzip, not tar, cut short) as a refusal of the archive. */
function archiveError(file: string, error: unknown): Error {
  if (error instanceof BackupRefused) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return new BackupRefused(`${file} cannot be read (${code})`);
  if (typeof code === 'string' && (code.startsWith('TAR_') || code.startsWith('Z_')))
    return new BackupRefused(`${file} is not a readable LocalPros backup: ${message.split('\n')[0]}`);
  return error as Error;
}

/**
 * Reads `file` entry by entry. `admit` sees each entry's header before its body and answers
 * whether to read it; what it throws stops the reading at once. `onEntry` reads what is admitted.
 */
function readArchive(
  file: string,
  admit: (entry: tar.ReadEntry) => boolean,
  onEntry: (entry: tar.ReadEntry, abort: (error: Error) => void) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const input = createReadStream(file);
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error === undefined) resolve();
      else {
        input.destroy();
        reject(archiveError(file, error));
      }
    };
    const parser: tar.Parser = new tar.Parser({
      strict: true,
      filter: (_path, entry) => {
        try {
          return admit(entry as tar.ReadEntry);
        } catch (error) {
          parser.abort(error as Error);
          return false;
        }
      },
      onReadEntry: (entry) => onEntry(entry, (error) => parser.abort(error)),
    });
    parser.on('error', finish);
    parser.on('abort', finish);
    parser.on('close', () => finish());
    input.on('error', finish);
    input.pipe(parser);
  });
}

/** The manifest of an archive, checked whole, read without writing anything. */
export async function readManifest(file: string, limits: UnpackLimits = DEFAULT_UNPACK_LIMITS): Promise<BackupManifest> {
  const check = entryChecker(limits);
  const chunks: Buffer[] = [];
  let manifests = 0;
  await readArchive(
    file,
    (entry) => {
      if (check(entry).kind !== 'manifest') return false;
      manifests += 1;
      if (manifests > 1) throw new BackupRefused(`${file} holds two manifests`);
      if ((entry.size ?? 0) > MAX_MANIFEST_BYTES)
        throw new BackupRefused(`the backup's manifest is larger than ${formatBytes(MAX_MANIFEST_BYTES)}`);
      return true;
    },
    (entry) => entry.on('data', (chunk: Buffer) => chunks.push(chunk)),
  );
  if (manifests === 0) throw new BackupRefused(`${file} is not a LocalPros backup`);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupRefused(`the backup's manifest is not valid: it is not JSON`);
  }
  return validateManifest(raw, file, limits);
}

/**
 * Unpacks into `dir` exactly the files the manifest names — each object at the size it states —
 * and refuses anything else, while the archive is read. Files are written 0600 under 0700
 * directories, whatever modes the archive gives them, and never over one another.
 */
async function unpackArchive(file: string, dir: string, manifest: BackupManifest, limits: UnpackLimits): Promise<void> {
  const expected = new Map<string, number | undefined>([[MANIFEST_FILE, undefined]]);
  if (manifest.sessionSecret) expected.set(SESSION_SECRET_FILE, undefined);
  if (manifest.database.kind === 'postgres') expected.set(DUMP_FILE, undefined);
  else for (const table of Object.keys(manifest.tables)) expected.set(`tables/${table}.jsonl`, undefined);
  for (const object of manifest.objects) expected.set(`objects/${object.key}`, object.bytes);
  for (const sub of ['tables', 'objects']) mkdirSync(path.join(dir, sub), { mode: 0o700 });
  const check = entryChecker(limits);
  const seen = new Set<string>();
  const writes: Promise<void>[] = [];
  try {
    await readArchive(
      file,
      (entry) => {
        const place = check(entry);
        if (place.kind === 'tables' || place.kind === 'objects') return false;
        if (!expected.has(place.name))
          throw new BackupRefused(`the archive holds ${place.name}, which its manifest does not name`);
        if (seen.has(place.name)) throw new BackupRefused(`the archive holds ${place.name} twice`);
        seen.add(place.name);
        const size = expected.get(place.name);
        if (size !== undefined && entry.size !== size)
          throw new BackupRefused(`the archive is damaged: ${place.name} has ${entry.size} bytes, its manifest says ${size}`);
        if (place.kind === 'secret' && (entry.size ?? 0) > MAX_SECRET_BYTES)
          throw new BackupRefused('the archive is damaged: its session secret is not one');
        return true;
      },
      (entry, abort) => {
        // The name was checked against the manifest's own patterns: it stays inside `dir`.
        const out = createWriteStream(path.join(dir, placeOf(entry.path)!.name), { flags: 'wx', mode: 0o600 });
        writes.push(
          new Promise<void>((resolve, reject) => {
            out.on('close', resolve);
            out.on('error', (error) => {
              abort(error);
              reject(error);
            });
          }),
        );
        entry.pipe(out);
      },
    );
  } finally {
    // A refusal stops the reading; the files begun are finished before the caller removes them.
    await Promise.allSettled(writes);
  }
  await Promise.all(writes);
  for (const name of expected.keys())
    if (!seen.has(name)) throw new BackupRefused(`the archive is damaged: it has no ${name}, which its manifest names`);
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

/** The archived session secret, if it is one the app would use (it regenerates a shorter one). */
function readArchivedSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32 || !/^[\x21-\x7e]+$/.test(secret))
    throw new BackupRefused('the archive is damaged: its session secret is not one');
  return secret;
}

/** Which secret signs sessions after the restore, and what that means for sessions signed before it. */
function sessionSecretNotes(archived: string | undefined, environment: string | undefined): string[] {
  if (environment !== undefined) {
    if (archived === environment) return ["SESSION_SECRET in the environment is the backup's own secret: sessions stay valid."];
    return [
      archived === undefined
        ? 'SESSION_SECRET in the environment signs sessions (the backup holds no secret): sessions signed where the backup was made stay valid only if it is the same.'
        : "SESSION_SECRET in the environment signs sessions, so the backup's secret was not restored: sessions signed with the backup's secret are not valid, and everyone signs in again.",
    ];
  }
  if (archived === undefined)
    return [
      'the backup holds no session secret (SESSION_SECRET was set where it was made): set the same SESSION_SECRET, or sessions signed before the backup are not valid.',
    ];
  return [];
}

/** Every file under `dir` 0600, every directory 0700. */
function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

/** Renames each pair in order; if one fails, those made are undone and the error is thrown. */
function renameAll(moves: [from: string, to: string][]): void {
  const done: [string, string][] = [];
  try {
    for (const [from, to] of moves) {
      renameSync(from, to);
      done.push([from, to]);
    }
  } catch (error) {
    for (const [from, to] of done.reverse()) {
      try {
        renameSync(to, from);
      } catch {
        // the first error says what happened; this one could only hide it
      }
    }
    throw error;
  }
}

/**
 * Restores `file` into `target`; refuses a target that holds data unless `force`.
 *
 * Nothing of the target is touched until the end. The archive's manifest is checked whole, and
 * the archive's size and entries counted, before anything is written; then the archive is
 * unpacked into a staging directory inside DATA_DIR (the same disk, so the final moves are
 * renames; DATA_DIR's parent is often not writable by the service's user, and DATA_DIR itself
 * may be a mount point that cannot be renamed) and checked file by file; the new embedded
 * database, objects and session secret are built there; only then are they renamed into place,
 * what they replace moved aside. On PostgreSQL the old schemas are dropped and the dump loaded
 * in one transaction (see replacePostgres). A refused or failed restore leaves the target as it
 * was, so the next one needs no --force because of it.
 */
export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreOutcome> {
  const limits: UnpackLimits = {
    maxEntries: options.limits?.maxEntries ?? DEFAULT_UNPACK_LIMITS.maxEntries,
    maxBytes: options.limits?.maxBytes ?? DEFAULT_UNPACK_LIMITS.maxBytes,
  };
  const force = options.force === true;
  const manifest = await readManifest(file, limits);
  if (manifest.database.kind !== target.kind) {
    const name = (kind: string) => (kind === 'postgres' ? 'PostgreSQL' : 'the embedded database');
    throw new BackupRefused(`this backup is of ${name(manifest.database.kind)}; the target is ${name(target.kind)}`);
  }
  const applied = checkMigrations(manifest);

  const dataDir = path.resolve(target.dataDir);
  const pgliteDir = path.join(dataDir, 'pglite');
  const objectsDir = path.join(dataDir, 'objects');
  const ownObjects = target.objects === undefined;
  let replacesDatabase = false;
  if (target.kind === 'pglite') {
    refuseIfRunning(pgliteDir, dataDir);
    if (!isEmptyDir(pgliteDir) || (ownObjects && !isEmptyDir(objectsDir))) {
      if (!force)
        throw new BackupRefused(
          `${dataDir} already holds a database or objects: restore into an empty DATA_DIR, or pass --force to replace them`,
        );
    }
  } else {
    await checkPostgresTools(manifest);
    const tables = await withClient(target.databaseUrl, listTables);
    replacesDatabase = tables.length > 0;
    if (!force && replacesDatabase)
      throw new BackupRefused(
        `the database is not empty (${tables.length} tables): restore into an empty one, or pass --force to replace it`,
      );
    if (!force && ownObjects && !isEmptyDir(objectsDir))
      throw new BackupRefused(
        `${objectsDir} already holds objects: restore into an empty DATA_DIR, or pass --force to replace them`,
      );
  }

  const createdDataDir = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    const unpacked = path.join(staging, 'archive');
    mkdirSync(unpacked, { mode: 0o700 });
    await unpackArchive(file, unpacked, manifest, limits);
    for (const object of manifest.objects) {
      const digest = createHash('sha256')
        .update(readFileSync(path.join(unpacked, 'objects', object.key)))
        .digest('hex');
      if (digest !== object.sha256)
        throw new BackupRefused(`the archive is damaged: object ${object.key} does not match its checksum`);
    }
    const archived = manifest.sessionSecret ? readArchivedSecret(path.join(unpacked, SESSION_SECRET_FILE)) : undefined;
    const environment = options.environmentSessionSecret || undefined;
    const notes = sessionSecretNotes(archived, environment);

    // Built in the staging directory: the database, the objects, the secret.
    const staged: string[] = [];
    if (target.kind === 'pglite') {
      await buildEmbedded(unpacked, manifest, applied, path.join(staging, 'pglite'));
      staged.push('pglite');
    }
    if (target.objects) {
      // A shared store (S3) cannot be staged: the objects go in first, so that the database,
      // swapped in after, never names one that is missing; a failed restore leaves only objects
      // that nothing names.
      for (const object of manifest.objects)
        await target.objects.put(object.key, readFileSync(path.join(unpacked, 'objects', object.key)), object.contentType);
    } else {
      const store = new FsObjectStore(path.join(staging, 'objects'));
      mkdirSync(path.join(staging, 'objects'), { mode: 0o700 });
      for (const object of manifest.objects)
        await store.put(object.key, readFileSync(path.join(unpacked, 'objects', object.key)));
      staged.push('objects');
    }
    if (archived !== undefined && environment === undefined) {
      writeFileSync(path.join(staging, SESSION_SECRET_FILE), `${archived}\n`, { mode: 0o600 });
      staged.push(SESSION_SECRET_FILE);
    }
    for (const name of staged) {
      const at = path.join(staging, name);
      if (statSync(at).isDirectory()) makePrivate(at);
      else chmodSync(at, 0o600);
    }

    // What is replaced goes aside: kept with --force, else (empty directories, a secret that
    // signs no session of an empty target) dropped with the staging directory.
    const before = path.join(staging, 'before');
    mkdirSync(before, { mode: 0o700 });
    if (target.kind === 'postgres') {
      if (force && replacesDatabase) {
        const dump = path.join(before, 'database.pgdump');
        await pgDump(target.databaseUrl, dump);
        chmodSync(dump, 0o600);
      }
      await replacePostgres(target.databaseUrl, path.join(unpacked, DUMP_FILE), replacesDatabase);
    } else {
      refuseIfRunning(pgliteDir, dataDir);
    }
    const moves: [string, string][] = [];
    for (const name of staged) {
      const current = path.join(dataDir, name);
      if (existsSync(current)) moves.push([current, path.join(before, name)]);
    }
    const aside = path.join(dataDir, `before-restore-${stamp()}`);
    if (force && readdirSync(before).length + moves.length > 0) moves.push([before, aside]);
    for (const name of staged) moves.push([path.join(staging, name), path.join(dataDir, name)]);
    renameAll(moves);
    return { manifest, notes };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (createdDataDir && isEmptyDir(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

function refuseIfRunning(pgliteDir: string, dataDir: string): void {
  const holder = readEmbeddedLock(pgliteDir);
  if (holder) throw new BackupRefused(`the app (process ${holder.pid}) is running on ${dataDir}: stop it first`);
}

async function withClient<T>(databaseUrl: string | undefined, use: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function checkPostgresTools(manifest: BackupManifest): Promise<void> {
  const tool = await toolVersion('pg_restore');
  const dumpedWith = manifest.database.dumpedWith ?? '';
  if (majorOf(tool.replace(/^\D+/, '')) < majorOf(dumpedWith.replace(/^\D+/, ''))) {
    throw new BackupRefused(`${tool} cannot read a dump made by ${dumpedWith}: install a newer postgresql-client`);
  }
  await toolVersion('psql');
}

/** The first line of a tool's error output that says what went wrong. */
function firstError(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim());
  return (lines.find((line) => /ERROR|FATAL|error:/.test(line)) ?? lines[0] ?? 'no message').trim().slice(0, 300);
}

/**
 * Loads the dump into the target database in one transaction with the dropping of what it held:
 * pg_restore writes the dump as SQL, and psql runs the drop and that SQL between one BEGIN and
 * one COMMIT. A restore into a fresh database and a rename would need rights over databases
 * that the app's role seldom has, and renaming the schemas aside would carry the extensions'
 * objects with them. psql sees the end of its input only once pg_restore has finished well, so
 * a dump that cannot be read ends in a rollback, never in the commit of half of it.
 */
async function replacePostgres(databaseUrl: string | undefined, dumpFile: string, dropFirst: boolean): Promise<void> {
  const { dbname, env } = toolConnection(databaseUrl);
  env.PGOPTIONS = `${env.PGOPTIONS ?? ''} -c client_min_messages=warning`.trim();
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const psql = spawn(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      ...(dropFirst ? ['--command=DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public'] : []),
      '--file=-',
      `--dbname=${dbname}`,
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const errors = { restore: '', psql: '' };
  const collect = (name: keyof typeof errors) => (chunk: Buffer) => {
    if (errors[name].length < 65_536) errors[name] += chunk.toString();
  };
  restore.stderr.on('data', collect('restore'));
  psql.stderr.on('data', collect('psql'));
  psql.stdin.on('error', () => {}); // psql stopped on an error: its exit says which
  restore.stdout.pipe(psql.stdin, { end: false });
  const exit = (child: ReturnType<typeof spawn>) =>
    new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? -1));
    });
  const restored = exit(restore).then((code) => {
    if (code === 0) psql.stdin.end();
    else psql.kill('SIGKILL');
    return code;
  });
  const loaded = exit(psql).then((code) => {
    if (restore.exitCode === null) restore.kill();
    return code;
  });
  const [restoreCode, psqlCode] = await Promise.all([restored, loaded]);
  if (psqlCode !== 0 && restoreCode === 0)
    throw new RestoreFailed(`the database refused the backup's dump, and is as it was: ${firstError(errors.psql)}`);
  if (restoreCode !== 0)
    throw new BackupRefused(`the archive is damaged: pg_restore cannot read its dump (${firstError(errors.restore)})`);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * The embedded database of the backup, built in `pgliteDir`: the backup's own migrations, its
 * rows with triggers off (they are the rows the triggers made), every sequence; then the
 * migrations this code has beyond the backup's.
 */
async function buildEmbedded(
  work: string,
  manifest: BackupManifest,
  applied: MigrationEntry[],
  pgliteDir: string,
): Promise<void> {
  const database = await openEmbeddedInThread({ dataDir: pgliteDir });
  try {
    await migrate(drizzle(database.pool), { migrationsFolder: migrationsUpTo(applied, work) });
    const client = await database.pool.connect();
    let loading: string | undefined;
    try {
      // The tables are those the backup's migrations make, no more and no fewer.
      const made = new Set(await listTables(client));
      for (const table of Object.keys(manifest.tables))
        if (!made.has(table)) throw new BackupRefused(`the backup names table ${table}, which its migrations do not make`);
      for (const table of made)
        if (!(table in manifest.tables)) throw new BackupRefused(`the archive is damaged: it has no rows of table ${table}`);
      const sequences = new Set((await readSequences(client)).map((sequence) => sequence.name));
      for (const sequence of manifest.sequences)
        if (!sequences.has(sequence.name))
          throw new BackupRefused(`the backup names sequence ${sequence.name}, which its migrations do not make`);

      await client.query('BEGIN');
      // The rows are those the triggers made; foreign keys hold in the source already.
      await client.query('SET LOCAL session_replication_role = replica');
      const tables = Object.keys(manifest.tables).filter((table) => table !== MIGRATIONS_TABLE);
      const publicTables = tables.filter((table) => table.startsWith('public.'));
      // Migrations fill a few tables themselves (counters, stamps): the backup's rows replace them.
      if (publicTables.length) await client.query(`TRUNCATE ${publicTables.map(qualified).join(', ')}`);
      for (const table of tables) {
        loading = table;
        const rows = await loadTable(client, table, path.join(work, 'tables', `${table}.jsonl`));
        if (rows !== manifest.tables[table])
          throw new BackupRefused(
            `the archive is damaged: table ${table} has ${rows} rows, its manifest says ${manifest.tables[table]}`,
          );
      }
      loading = undefined;
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
      if (loading && !(error instanceof BackupRefused)) {
        const message = (error as Error).message.split('\n')[0];
        throw new BackupRefused(`the archive is damaged: the rows of ${loading} cannot be loaded (${message})`);
      }
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

/** Loads a table's rows from its JSON lines; answers how many. */
async function loadTable(client: pg.PoolClient, table: string, file: string): Promise<number> {
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
  return lines.length;
}
