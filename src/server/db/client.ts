/**
 * Opens the database: a real PostgreSQL server when DATABASE_URL is set, otherwise the embedded
 * PGlite in a worker thread. Both are reached through one `pg` pool and Drizzle, so every query,
 * transaction and migration is the same code on both.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema';
import { PGLITE_SOCKET_PORT, startPgliteServer, type PgliteServerOptions } from './pglite-server';
import { takeEmbeddedLock } from './embedded-lock';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  pool: pg.Pool;
  /** Connection settings for opening extra clients (LISTEN, tests). */
  connection: pg.PoolConfig;
  close(): Promise<void>;
}

const POOL_MAX_EMBEDDED = 8;
const POOL_MAX_SERVER = 20;
const MIGRATION_LOCK_KEY = 727_001;

// pg returns int8 (count(*), bigserial) as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

function wrap(kind: DatabaseHandle['kind'], connection: pg.PoolConfig, closeServer: () => Promise<void>): DatabaseHandle {
  const pool = new pg.Pool(connection);
  // An idle client that loses its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  return {
    kind,
    db: drizzle(pool, { schema }),
    pool,
    connection,
    async close() {
      await pool.end();
      await closeServer();
    },
  };
}

/**
 * Planner costs for SSD storage (docs/decisions/002-planner-costs.md): with the default
 * random_page_cost of 4 PostgreSQL 15 scans the whole companies table for a common search word
 * at 10k rows instead of using the full-text index.
 */
const SERVER_SESSION_OPTIONS = '-c random_page_cost=1.1';

export function openPostgres(databaseUrl: string, max = POOL_MAX_SERVER): DatabaseHandle {
  return wrap('postgres', { connectionString: databaseUrl, max, options: SERVER_SESSION_OPTIONS }, async () => {});
}

function shortSocketDir(): string {
  // Unix socket paths are limited to ~107 bytes, so never put the socket under DATA_DIR.
  return mkdtempSync(path.join(os.tmpdir(), `lp-${randomBytes(3).toString('hex')}-`));
}

function embeddedConnection(socketDir: string, max: number): pg.PoolConfig {
  return { host: socketDir, port: PGLITE_SOCKET_PORT, user: 'postgres', database: 'postgres', max };
}

/** The embedded database in a worker thread (the app's default). */
export async function openEmbeddedInWorker(dataDir: string): Promise<DatabaseHandle> {
  const socketDir = shortSocketDir();
  const releaseLock = takeEmbeddedLock(dataDir, socketDir);
  const isSource = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(isSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
  const options: PgliteServerOptions = { dataDir, socketDir, maxConnections: POOL_MAX_EMBEDDED + 1 };
  // Under tsx (development) the worker thread must register the TypeScript loader itself.
  const worker = isSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); })`,
        { eval: true, workerData: options },
      )
    : new Worker(workerUrl, { workerData: options });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'error') reject(new Error(`embedded database failed to start: ${message.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded database worker exited with code ${code}`)));
  }).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  return wrap('pglite', embeddedConnection(socketDir, POOL_MAX_EMBEDDED), async () => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 10_000);
      worker.on('message', (message: { type: string }) => {
        if (message.type === 'stopped' || message.type === 'error') {
          clearTimeout(timer);
          void worker.terminate().then(() => resolve());
        }
      });
      worker.postMessage('stop');
    });
    rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  });
}

/** The embedded database on the current thread: for tests, where a worker buys nothing. */
export async function openEmbeddedInThread(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle & { pglite: PGlite }> {
  const socketDir = shortSocketDir();
  const releaseLock = options.dataDir ? takeEmbeddedLock(options.dataDir, socketDir) : () => {};
  const server = await startPgliteServer({ ...options, socketDir, maxConnections: POOL_MAX_EMBEDDED + 1 }).catch(
    (error: unknown) => {
      releaseLock();
      throw error;
    },
  );
  const handle = wrap('pglite', embeddedConnection(socketDir, POOL_MAX_EMBEDDED), async () => {
    await server.stop();
    rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  });
  return Object.assign(handle, { pglite: server.db });
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** A migration of drizzle's journal: `when` is what __drizzle_migrations.created_at records. */
export interface MigrationEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code carries, oldest first. */
export function knownMigrations(folder = migrationsFolder): MigrationEntry[] {
  return (JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: MigrationEntry[] }).entries;
}

/** Applies committed migrations; an advisory lock lets several app nodes start at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
