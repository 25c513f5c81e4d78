/**
 * The real process: the bundled `main.ts`, as `npm start` runs it, starts on a fresh DATA_DIR (or DATABASE_URL), migrates, seeds,
 * serves, finishes in-flight requests on SIGTERM, exits 0, and keeps its data across restarts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedInThread, openPostgres } from './db/client';
import { ARGON2_PARAMS } from './lib/crypto';
import { BUILT_SERVER, startServer } from './test/server-process';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from './test/test-database';

let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-main-'));
  env = { DATA_DIR: dataDir };
  let database: string | undefined;
  if (testDatabaseKind() === 'postgres') {
    const copy = await createPostgresCopy();
    env.DATABASE_URL = copy.databaseUrl;
    database = copy.database;
  }
  cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await dropPostgresCopy(database);
  };
});
afterAll(() => cleanup());

describe('the server process', () => {
  it('serves, finishes in-flight requests on SIGTERM, exits 0, and keeps its data across a restart', async () => {
    const first = await startServer(env);
    const categories = (await (await fetch(`${first.base}/api/categories`)).json()) as unknown[];
    expect(categories).toHaveLength(14);

    // Sign-ups hash a password (tens of ms): several are in flight when SIGTERM arrives.
    const emails = Array.from({ length: 5 }, (_, i) => `restart.${Date.now()}.${i}@example.com`);
    const inFlight = emails.map((email) =>
      fetch(`${first.base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Kim', lastName: 'Lee', email, password: 'persisted-1' }),
      }),
    );
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    const statuses = await Promise.all(
      inFlight.map((p) =>
        p.then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    const code = await first.exited;
    expect(code, first.output().slice(-3000)).toBe(0);
    expect(first.output()).toContain('shutting down');
    const accepted = emails.filter((_, i) => statuses[i] === 201);
    expect(statuses.every((s) => s === 201 || s === 503 || s === 0)).toBe(true);

    const second = await startServer(env);
    const hashedByTheProcess = `hash.${Date.now()}@example.com`;
    try {
      const signup = await fetch(`${second.base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Ada', lastName: 'Park', email: hashedByTheProcess, password: 'persisted-1' }),
      });
      expect(signup.status).toBe(201);
      for (const email of accepted) {
        const login = await fetch(`${second.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'persisted-1' }),
        });
        expect(login.status).toBe(200);
      }
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }
    // Test processes hash cheaply (their setup file); the real process uses production settings.
    const database = env.DATABASE_URL
      ? openPostgres(env.DATABASE_URL, 1)
      : await openEmbeddedInThread({ dataDir: `${env.DATA_DIR}/pglite` });
    try {
      const { rows } = await database.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
        hashedByTheProcess,
      ]);
      const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
      expect(rows[0].password_hash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)).toBe(true);
      expect(`m=${memoryCost},t=${timeCost},p=${parallelism}`).toBe('m=19456,t=2,p=1');
    } finally {
      await database.close();
    }
    // Two real starts (migrations, seeding) beside other test files on two cores: give it room.
  }, 400_000);

  // PGlite takes no lock of its own: two processes on one directory would corrupt it.
  it.runIf(testDatabaseKind() === 'pglite')(
    'refuses a second process on the same embedded DATA_DIR',
    async () => {
      const running = await startServer(env);
      try {
        const child = spawn(process.execPath, [BUILT_SERVER], {
          env: { ...process.env, ...env, PORT: '0', SEED_DEMO: 'false' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stderr.on('data', (chunk) => (output += chunk));
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).toBe(1);
        expect(output).toContain(`in use by process ${running.child.pid}`);
        // The first one is unharmed.
        expect((await fetch(`${running.base}/api/categories`)).status).toBe(200);
      } finally {
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      }
    },
    200_000,
  );

  it('refuses to start with an invalid configuration, naming the key', async () => {
    const child = spawn(process.execPath, [BUILT_SERVER], {
      env: { ...process.env, ...env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('PORT');
  });
});
