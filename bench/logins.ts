/**
 * Part 7 of `npm run bench` (bench/README.md): logins.
 *   a. What one password hash costs here: the app's argon2id (OWASP's 19 MiB, 2 passes), the scrypt
 *      it used before (N=2^14) and OWASP's scrypt setting (N=2^17), one after the other.
 *   b. Whether logins stall other requests: the real app on PostgreSQL answers GET /api/categories
 *      under autocannon alone, then again while 20 clients log in as fast as they can (each after
 *      its previous answer, one account each). The figures of record are the ratios of the second
 *      run to the first, measured in the same run.
 */
import { scrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@/server/app';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import { seedCatalog } from '@/server/db/seed/seed';
import { HASH_CONCURRENCY, hashPassword } from '@/server/lib/crypto';
import type { Cleanup } from './cleanup';
import type { BenchHost } from './images';
import { runLoad, type Measurement } from './load';
import type { LoginsJob, LoginsResult as LoginLoops } from './logins-worker';
import type { BenchOptions } from './options';
import { createBenchDatabase } from './postgres-database';
import { runTsWorker } from './ts-worker';

export const LOGIN_CLIENTS = 20;
const OTHER_PATH = '/api/categories';
const OTHER_CONNECTIONS = 10;
const PASSWORD = 'bench-login-password-1';

export interface HashCost {
  label: string;
  /** Milliseconds per hash, the mean of `count`. */
  ms: number;
  count: number;
}

export interface LoginsResult {
  hashes: HashCost[];
  hashConcurrency: number;
  otherPath: string;
  otherConnections: number;
  loginClients: number;
  alone: Measurement;
  withLogins: Measurement;
  logins: LoginLoops;
}

async function timeHashes(label: string, count: number, once: () => Promise<unknown>): Promise<HashCost> {
  await once(); // unrecorded: loads and warms the code path
  const started = performance.now();
  for (let i = 0; i < count; i++) await once();
  return { label, ms: (performance.now() - started) / count, count };
}

const scryptOnce = (N: number) => () =>
  new Promise((resolve, reject) =>
    scrypt(PASSWORD, 'bench-salt-16-by', 64, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function benchLogins(options: BenchOptions, cleanup: Cleanup, host: BenchHost): Promise<LoginsResult> {
  const log = (line: string) => console.log(line);
  log('\n[7] Logins');
  const hashes = [
    await timeHashes('argon2id, m=19 MiB, t=2, p=1 (the app)', 10, () => hashPassword(PASSWORD)),
    await timeHashes('scrypt N=2^14, r=8, p=1 (before)', 10, scryptOnce(2 ** 14)),
    await timeHashes('scrypt N=2^17, r=8, p=1 (OWASP’s scrypt)', 5, scryptOnce(2 ** 17)),
  ];
  for (const h of hashes) log(`    ${h.label}: ${h.ms.toFixed(1)} ms per hash`);

  const bench = await createBenchDatabase(options.adminUrl);
  cleanup.add(`drop database ${bench.name}`, () => bench.drop());
  const database = openPostgres(bench.url);
  cleanup.add('logins app pool', () => database.close());
  await migrateDatabase(database);
  await database.db.transaction((tx) => seedCatalog(tx));
  // One hash for every account (the same password): the loops measure logins, not seeding.
  const passwordHash = await hashPassword(PASSWORD);
  const accounts = Array.from({ length: LOGIN_CLIENTS }, (_, i) => ({ email: `login-${i}@bench.example`, password: PASSWORD }));
  await database.pool.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, is_verified)
     SELECT 'Bench', 'Login', e, $2, true FROM unnest($1::text[]) AS e`,
    [accounts.map((a) => a.email), passwordHash],
  );

  const app = await buildApp(host.config(host.tempDir('lp-bench-logins-'), bench.url), { database });
  const origin = await host.listen(app, 'logins app', database.pool);
  const other = { origin, paths: [OTHER_PATH], connections: OTHER_CONNECTIONS };
  if (options.warmup > 0) await runLoad(cleanup, { ...other, durationSeconds: options.warmup });
  const alone = await runLoad(cleanup, { ...other, durationSeconds: options.duration });
  log(`    ${OTHER_PATH} alone: ${(alone.ok / alone.durationSeconds).toFixed(0)} req/s, p99 ${alone.p99} ms`);
  const [withLogins, logins] = await Promise.all([
    runLoad(cleanup, { ...other, durationSeconds: options.duration }),
    runTsWorker<LoginLoops>(cleanup, {
      url: new URL('./logins-worker.ts', import.meta.url),
      workerData: { origin, accounts, durationSeconds: options.duration } satisfies LoginsJob,
      name: 'login clients',
      limitMs: (options.duration + 90) * 1000,
    }),
  ]);
  log(
    `    ${OTHER_PATH} with ${LOGIN_CLIENTS} clients logging in: ${(withLogins.ok / withLogins.durationSeconds).toFixed(0)} req/s, ` +
      `p99 ${withLogins.p99} ms; logins ${(logins.ok / logins.durationSeconds).toFixed(1)}/s, p99 ${logins.latency.p99.toFixed(0)} ms`,
  );
  return {
    hashes,
    hashConcurrency: HASH_CONCURRENCY,
    otherPath: OTHER_PATH,
    otherConnections: OTHER_CONNECTIONS,
    loginClients: LOGIN_CLIENTS,
    alone,
    withLogins,
    logins,
  };
}
