/**
 * Prepares one migrated, seeded database, which every test file then copies: a PGlite data-dir
 * dump, or a PostgreSQL template database (TEST_DATABASE_URL). Both are kept between runs under a
 * name made from a hash of what builds them (migrations, schema, seed, lock file), so a run after
 * an unrelated change starts at once; a change to any of those inputs builds a new one.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openEmbeddedInThread, openPostgres } from '../db/client';
import { seedCatalog, seedZipCodes } from '../db/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: { url: string; database: string };
  }
}

const root = path.resolve(import.meta.dirname, '../../..');
/** What the template is made from: any change to these makes a new one. */
const INPUTS = [
  'src/server/db/migrations',
  'src/server/db/seed',
  'src/server/db/schema.ts',
  'src/server/db/client.ts',
  'src/shared/constants.ts',
  'src/server/test/global-setup.ts',
  'package-lock.json',
];
const CACHE_DIR = path.join(root, 'node_modules', '.cache', 'localpros-test');
const TEMPLATE_PREFIX = 'lp_tpl_';
const STALE_AFTER_MS = 24 * 3_600_000;

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

export function templateHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function seededInto(handle: Awaited<ReturnType<typeof openEmbeddedInThread>> | ReturnType<typeof openPostgres>) {
  await migrateDatabase(handle);
  await handle.db.transaction(async (tx) => {
    await seedCatalog(tx);
    await seedZipCodes(tx);
  });
}

/** The PostgreSQL template of this hash, built under a temporary name and renamed when complete. */
async function postgresTemplate(url: string, hash: string): Promise<string> {
  const database = `${TEMPLATE_PREFIX}${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string; built: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS built FROM pg_database WHERE datname LIKE $1`,
      [`${TEMPLATE_PREFIX}%`],
    );
    if (rows.some((row) => row.datname === database)) return database;
    const building = `lp_build_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      const handle = openPostgres(withDatabase(url, building), 4);
      await seededInto(handle);
      await handle.pool.query('ANALYZE');
      await handle.close();
      await admin.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${database}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => {});
      // Another run built the same template at the same moment: theirs serves.
      const again = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database]);
      if (again.rowCount) return database;
      throw error;
    }
    // Templates of other sources built more than a day ago are of no more use; a newer one may be
    // another checkout's, running now.
    for (const { datname, built } of rows) {
      if (Date.now() - Date.parse(built ?? '') > STALE_AFTER_MS || !built) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
      }
    }
    return database;
  } finally {
    await admin.end();
  }
}

/** The PGlite dump of this hash, written to a temporary file and renamed when complete. */
async function pgliteTemplate(hash: string): Promise<string> {
  const file = path.join(CACHE_DIR, `template-${hash}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE_DIR, { recursive: true });
  const handle = await openEmbeddedInThread();
  await seededInto(handle);
  await handle.pool.query('VACUUM ANALYZE');
  // Written out, the dump needs no recovery when each test file opens it: a third less CPU a copy.
  await handle.pool.query('CHECKPOINT');
  const dump = await handle.pglite.dumpDataDir('none');
  await handle.close();
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  for (const old of readdirSync(CACHE_DIR)) {
    const oldFile = path.join(CACHE_DIR, old);
    if (old !== path.basename(file) && Date.now() - statSync(oldFile).mtimeMs > STALE_AFTER_MS) rmSync(oldFile, { force: true });
  }
  return file;
}

/** Real-process tests start the server and the ops command from dist/server, as operators do. */
function buildServerIfStale(): void {
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "import { buildServerIfStale } from './scripts/lib/build-if-stale.mjs'; buildServerIfStale();"],
    { stdio: 'inherit', cwd: root },
  );
}

export default async function setup(project: TestProject) {
  buildServerIfStale();
  const kind = project.config.env?.TEST_DB ?? 'pglite';
  const hash = templateHash();
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set: the api-postgres project needs a PostgreSQL server');
    project.provide('postgresTemplate', { url, database: await postgresTemplate(url, hash) });
    return;
  }
  project.provide('pgliteTemplateFile', await pgliteTemplate(hash));
}
