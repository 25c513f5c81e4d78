/**
 * Prepares one migrated, seeded database per run, which every test file then copies:
 * a PGlite data-dir dump, or a PostgreSQL template database (TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB ?? 'pglite';

  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set: the api-postgres project needs a PostgreSQL server');
    const database = `lp_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const handle = openPostgres(withDatabase(url, database), 4);
    await migrateDatabase(handle);
    await handle.db.transaction(async (tx) => {
      await seedCatalog(tx);
      await seedZipCodes(tx);
    });
    await handle.pool.query('ANALYZE');
    await handle.close();
    project.provide('postgresTemplate', { url, database });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-tpl-'));
  const handle = await openEmbeddedInThread();
  await migrateDatabase(handle);
  await handle.db.transaction(async (tx) => {
    await seedCatalog(tx);
    await seedZipCodes(tx);
  });
  await handle.pool.query('VACUUM ANALYZE');
  const dump = await handle.pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
