/** A private copy of the run's template database for one test file (see global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openEmbeddedInThread, openPostgres, type DatabaseHandle } from '../db/client';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    return openEmbeddedInThread({ loadDataDir: dump });
  }
  const { url, database } = await createPostgresCopy();
  const handle = openPostgres(withDatabase(url, database), 10);
  const close = handle.close;
  handle.close = async () => {
    await close();
    await dropPostgresCopy(database);
  };
  return handle;
}

/** A fresh PostgreSQL database copied from the run's template; answers its URL. */
export async function createPostgresCopy(): Promise<{ url: string; database: string; databaseUrl: string }> {
  const { url, database: template } = inject('postgresTemplate');
  const database = `lp_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Copies of one template can collide when started at the same instant; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return { url, database, databaseUrl: withDatabase(url, database) };
}

export async function dropPostgresCopy(database: string): Promise<void> {
  const { url } = inject('postgresTemplate');
  const dropper = new pg.Client({ connectionString: url });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  await dropper.end();
}
