/**
 * `npm run bench:soak` (bench/README.md, "Soak"): ten minutes of mixed traffic at
 * fixed rates against the production build on PostgreSQL — searches, company pages, category
 * listings, quote creation and submission, message posts — with 500 WebSockets open throughout.
 * It passes with zero errors, zero lost messages, zero unexpected socket closes, no error in the
 * app's log and the app's RSS growing by less than 10% between the first and the last minute after
 * a warm-up; p99 per route is recorded. Not part of `npm test`.
 *   The app runs as its own child process (`node dist/server/main.js`), so that the RSS and CPU
 * sampled from /proc are its own; the clients run in a worker thread (soak-worker.ts); the report
 * goes to bench/soak-results.md (soak-report.ts). Every wait is bounded and everything started is
 * undone by Cleanup, also on failure and Ctrl-C. Exit code 1 when a rule fails.
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sign } from '@fastify/cookie';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import { seedDatabase } from '@/server/db/seed/seed';
import { freePort } from '@/server/test/free-port';
import { Cleanup, withTimeout } from './cleanup';
import { runTsWorker } from './ts-worker';
import { createBenchDatabase, withClient } from './postgres-database';
import { seedParties } from './realtime';
import { loadAverage, machineDescription } from './report';
import { limitsOffEnv } from '@/server/lib/rate-limits';
import { cpuBetween, renderSoakReport, rules, type ProcSample, type SoakRun, type SoakSettings } from './soak-report';
import type { SoakJob, SoakProgress, SoakWorkerResult } from './soak-worker';
import { insertSyntheticCompanies } from './synthetic-companies';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * Requests per second of each route at --rate-scale 1: 3 × a base mix of 20, 20, 5, 1 and 10.
 * Measured on 2 cores, that keeps the app near 40% of a core, its PostgreSQL backends near 55% and
 * the clients near 12%: busy, not saturated (bench/README.md, "Soak").
 */
const BASE_RATES: SoakJob['rates'] = { search: 60, company: 60, category: 15, quoteCreate: 3, message: 30 };
/** Fixed, so that the bench can sign session cookies the app accepts (≥ 16 characters). */
const SESSION_SECRET = 'lp-soak-session-secret-not-for-production';
const CONNECT_BATCH = 100;
const COMPANY_SAMPLE = 1000;
const HEALTH_LIMIT_MS = 90_000;
/** SIGTERM, then SIGKILL: main.ts forces its own exit 15 s after SIGTERM; Cleanup allows 20 s a step. */
const STOP_GRACE_MS = 17_000;
/** App settings the bench sets or must not inherit from the caller's shell. */
const APP_ENV = [
  'PORT',
  'HOST',
  'APP_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'SESSION_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO',
  'LAUNCH_COINS',
  'SMTP_URL',
  'SMS_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'OBJECT_STORE',
  'LOG_LEVEL',
  'NODE_ENV',
];

const log = (line: string) => console.log(line);

// ── flags ──
const USAGE = `npm run bench:soak -- [--minutes 10] [--warmup-minutes 2] [--sockets 500] [--companies 20000]
                        [--rate-scale 1] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
                        [--output bench/soak-results.md]`;

function positiveNumber(name: string, value: string): number {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a number > 0 (got ${value})\n${USAGE}`);
  return n;
}

function parseSoakOptions(argv: string[]): SoakSettings {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      minutes: { type: 'string', default: '10' },
      'warmup-minutes': { type: 'string', default: '2' },
      sockets: { type: 'string', default: '500' },
      companies: { type: 'string', default: '20000' },
      'rate-scale': { type: 'string', default: '1' },
      'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      output: { type: 'string', default: 'bench/soak-results.md' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const warmupMinutes = Number(values['warmup-minutes']);
  if (!Number.isFinite(warmupMinutes) || warmupMinutes < 0) {
    throw new Error(`--warmup-minutes must be a number ≥ 0 (got ${values['warmup-minutes']})\n${USAGE}`);
  }
  const sockets = positiveNumber('sockets', values.sockets);
  if (!Number.isInteger(sockets) || sockets < 4 || sockets % 2 !== 0) {
    throw new Error(`--sockets must be an even integer ≥ 4 (got ${values.sockets})\n${USAGE}`);
  }
  const companies = positiveNumber('companies', values.companies);
  // Quotes need active, unowned companies in every category; fewer than this leaves categories empty.
  if (!Number.isInteger(companies) || companies < 1000) {
    throw new Error(`--companies must be an integer ≥ 1000 (got ${values.companies})\n${USAGE}`);
  }
  return {
    minutes: positiveNumber('minutes', values.minutes),
    warmupMinutes,
    sockets,
    companies,
    rateScale: positiveNumber('rate-scale', values['rate-scale']),
    adminUrl: values['admin-url'],
    output: values.output,
  };
}

// ── /proc ──
function clockTicks(): number {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

function benchMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** CPU ticks last read of every PostgreSQL backend seen serving the bench database, by pid. */
const backendTicks = new Map<string, number>();

/**
 * CPU ticks of the PostgreSQL backends serving `database` (their process title names it), so that
 * other work on the same server does not count. A backend that has ended keeps the ticks it had at
 * the last sample that saw it (pg's pool closes idle connections after 10 s by default): only what it used
 * after that sample is missed.
 */
function postgresTicks(database: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // pid and start time: a pid reused by a later backend is another process
      backendTicks.set(`${entry}@${fields[19]}`, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  for (const t of backendTicks.values()) ticks += t;
  return ticks;
}

function readProc(pid: number, database: string): ProcSample {
  const rss = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return {
    epoch: performance.timeOrigin + performance.now(),
    rssKb: Number(rss?.[1] ?? NaN),
    appTicks: Number(fields[11]) + Number(fields[12]),
    postgresTicks: postgresTicks(database),
    benchMicros: benchMicros(),
    machineBusy: total - cpu[3] - cpu[4], // idle, iowait
    machineTotal: total,
  };
}

// ── the app process ──
interface AppProcess {
  pid: number;
  origin: string;
  exited: () => boolean;
  tail: () => string;
  log: SoakRun['appLog'];
}

async function startApp(cleanup: Cleanup, databaseUrl: string, dataDir: string): Promise<AppProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of APP_ENV) delete env[key];
  Object.assign(env, {
    // A few hundred accounts make all the traffic: the per-account write limits stay out of the way.
    ...limitsOffEnv(),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  // As `npm start` runs it (scripts/start.mjs).
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : 0);
      resolve();
    }),
  );
  cleanup.add(`stop the app (pid ${child.pid})`, async () => {
    if (exitCode !== undefined) return;
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(STOP_GRACE_MS)]);
    if (exitCode === undefined) {
      console.error(`cleanup: the app did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM; SIGKILL`);
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(2_000)]);
    }
  });

  // Its output: the last lines for a failure, and pino's JSON lines counted by level.
  const appLog: SoakRun['appLog'] = { errorLines: 0, warnLines: 0, otherLines: 0, errorSamples: [] };
  const tail: string[] = [];
  const onLine = (line: string) => {
    if (line.trim() === '') return;
    tail.push(line);
    if (tail.length > 60) tail.shift();
    const level = /^\{.*"level":(\d+)/.exec(line)?.[1];
    if (level === undefined) appLog.otherLines += 1;
    else if (Number(level) >= 50) {
      appLog.errorLines += 1;
      if (appLog.errorSamples.length < 5) appLog.errorSamples.push(line);
    } else if (Number(level) >= 40) appLog.warnLines += 1;
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      lines.forEach(onLine);
    });
    stream.on('end', () => rest && onLine(rest));
  }

  const origin = `http://127.0.0.1:${port}`;
  const app: AppProcess = {
    pid: child.pid!,
    origin,
    exited: () => exitCode !== undefined,
    tail: () => tail.join('\n'),
    log: appLog,
  };
  const deadline = Date.now() + HEALTH_LIMIT_MS;
  for (;;) {
    if (app.exited()) throw new Error(`the app exited (code ${exitCode}) before it was healthy:\n${app.tail()}`);
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return app;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app was not healthy within ${HEALTH_LIMIT_MS / 1000} s:\n${app.tail()}`);
    await sleep(250);
  }
}

/** The build of `npm start`, refreshed when a source is newer (scripts/lib/build-if-stale.mjs). */
async function ensureBuilt(): Promise<void> {
  const url = new URL('../scripts/lib/build-if-stale.mjs', import.meta.url).href;
  const builds = (await import(url)) as { buildClientIfStale(): void; buildServerIfStale(): void };
  const cwd = process.cwd();
  process.chdir(ROOT); // the build functions use paths relative to the repository
  try {
    builds.buildClientIfStale();
    builds.buildServerIfStale();
  } finally {
    process.chdir(cwd);
  }
}

/** Fails before the clock starts when the app does not take the bench's cookies. */
async function checkSession(origin: string, user: { id: number; cookie: string }): Promise<void> {
  const response = await fetch(`${origin}/api/me`, { headers: { cookie: user.cookie }, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET /api/me with a seeded cookie answered ${response.status}: ${body}`);
  const me = JSON.parse(body) as { id?: number; user?: { id: number } };
  const id = me.id ?? me.user?.id;
  if (id !== user.id) throw new Error(`GET /api/me answered user ${id}, expected ${user.id}`);
}

function runClients(cleanup: Cleanup, job: SoakJob, onMessage: (m: SoakProgress) => void): Promise<SoakWorkerResult> {
  return runTsWorker<SoakWorkerResult, SoakProgress>(cleanup, {
    url: new URL('./soak-worker.ts', import.meta.url),
    workerData: job,
    name: 'soak clients',
    // Connecting, warm-up, the run, the last answers (30 s each at most), the drain: bounded above their sum.
    limitMs: (job.warmupSeconds + job.measureSeconds + 240) * 1000,
    onMessage,
  });
}

async function main(cleanup: Cleanup, settings: SoakSettings): Promise<boolean> {
  const output = path.resolve(settings.output);
  const rates = Object.fromEntries(Object.entries(BASE_RATES).map(([r, v]) => [r, v * settings.rateScale])) as SoakJob['rates'];
  const warmupSeconds = settings.warmupMinutes * 60;
  const measureSeconds = settings.minutes * 60;
  const loadBefore = loadAverage();
  log(
    `Soak: ${settings.minutes} min (+ ${settings.warmupMinutes} min warm-up), ${settings.sockets} sockets, ` +
      `${settings.companies} companies, rates ${JSON.stringify(rates)}; load average ${loadBefore}`,
  );

  await ensureBuilt();

  // 1. The database: catalogue, ZIP codes, synthetic companies, the seeded users and their sessions.
  const seedStart = performance.now();
  const bench = await createBenchDatabase(settings.adminUrl);
  cleanup.add(`drop database ${bench.name}`, () => bench.drop());
  log(`[1] ${bench.name} (PostgreSQL ${bench.serverVersion})`);
  const seeding = openPostgres(bench.url, 2);
  const closeSeeding = cleanup.add('seeding pool', () => seeding.close());
  await migrateDatabase(seeding);
  await seedDatabase(seeding, { demo: false });
  await insertSyntheticCompanies(seeding.pool, settings.companies, () => {});
  await seeding.pool.query('VACUUM ANALYZE');
  const parties = await seedParties((token) => sign(token, SESSION_SECRET), seeding.pool, settings.sockets);
  const pool = seeding.pool;
  const companyIds = (
    await pool.query<{ id: number }>(
      `SELECT id FROM companies WHERE owner_id IS NULL ORDER BY md5(id::text) LIMIT ${COMPANY_SAMPLE}`,
    )
  ).rows.map((r) => r.id);
  const categoryIds = (await pool.query<{ id: number }>('SELECT id FROM categories ORDER BY id')).rows.map((r) => r.id);
  const zips = (
    await pool.query<{ zip: string }>(
      'SELECT zip FROM (SELECT DISTINCT zip FROM companies WHERE owner_id IS NULL) z ORDER BY md5(zip) LIMIT 200',
    )
  ).rows.map((r) => r.zip);
  const quoteGroups = (
    await pool.query<{ ids: number[] }>(
      `SELECT (array_agg(id ORDER BY md5(id::text)))[1:300] AS ids FROM companies
        WHERE owner_id IS NULL AND is_active GROUP BY category_id ORDER BY category_id`,
    )
  ).rows.map((r) => r.ids);
  await closeSeeding();
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(
    `    ${settings.companies} companies, ${parties.customers} customers, ${parties.vendors} vendors, ` +
      `${parties.conversations.length} conversations, sessions for all (${seedSeconds.toFixed(0)} s)`,
  );

  // 2. The app, in its own process.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-soak-data-'));
  cleanup.add(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const app = await startApp(cleanup, bench.url, dataDir);
  // The app's start-up seeding puts back the category coin costs that seedParties removed; without
  // removing them again, each vendor's first reply in a conversation would be refused with 402.
  await withClient(bench.url, (client) =>
    client.query(
      'DELETE FROM category_coin_costs WHERE category_id IN (SELECT category_id FROM companies WHERE id = ANY($1::int[]))',
      [[...new Set(parties.conversations.map((c) => c.companyId))]],
    ),
  );
  await checkSession(app.origin, parties.users[0]);
  await checkSession(app.origin, parties.users[parties.customers]);
  log(`[2] the app (pid ${app.pid}) is healthy at ${app.origin}; seeded cookies accepted`);

  const clock = clockTicks();
  const samples: ProcSample[] = [readProc(app.pid, bench.name)];
  // Every 5 s, or often enough for a dozen samples in each compared window of a short run.
  const sampleMs = Math.min(5_000, Math.max(500, (measureSeconds * 1000) / 24));
  const sampler = setInterval(() => {
    try {
      if (!app.exited()) samples.push(readProc(app.pid, bench.name));
    } catch {
      // the process is gone: the run fails on its own
    }
  }, sampleMs);
  cleanup.add('RSS sampler', () => clearInterval(sampler));

  // 3. Sockets, warm-up and the measured run, in the worker.
  const job: SoakJob = {
    origin: app.origin,
    users: parties.users,
    customers: parties.customers,
    conversations: parties.conversations,
    companyIds,
    categoryIds,
    zips,
    quoteGroups,
    rates,
    warmupSeconds,
    measureSeconds,
    connectBatch: CONNECT_BATCH,
  };
  log(`[3] ${settings.sockets} sockets, then ${settings.warmupMinutes} min warm-up and ${settings.minutes} min measured`);
  const worker = await runClients(cleanup, job, (message) => {
    if (message.type === 'progress') return log(message.line);
    if (message.type === 'phase') {
      samples.push(readProc(app.pid, bench.name));
      return log(`    ${message.phase === 'warmup' ? 'warm-up' : 'measuring'} from ${new Date(message.epoch).toISOString()}`);
    }
    const latest = readProc(app.pid, bench.name);
    samples.push(latest);
    const cpu = cpuBetween({ samples, clockTicks: clock }, latest.epoch - 60_000, latest.epoch);
    const m = message.stats;
    log(
      `    minute ${m.minute}: ${m.requests} requests, ${m.errors} errors, p99 ${m.p99.toFixed(1)} ms, ` +
        `RSS ${(latest.rssKb / 1024).toFixed(1)} MB, app CPU ${cpu.app.toFixed(0)}% of a core, PostgreSQL ${cpu.postgres.toFixed(0)}%, clients ${cpu.bench.toFixed(0)}%, machine ${cpu.machine.toFixed(0)}% busy, ` +
        `${message.inFlight} in flight`,
    );
  });
  clearInterval(sampler);
  if (!app.exited()) samples.push(readProc(app.pid, bench.name));
  if (app.exited()) throw new Error(`the app exited during the run:\n${app.tail()}`);

  const run: SoakRun = {
    date: new Date().toISOString(),
    machine: machineDescription(),
    cores: os.cpus().length,
    loadBefore,
    loadAfter: loadAverage(),
    postgres: bench.serverVersion,
    database: bench.name,
    settings,
    rates: { ...rates, quoteSubmit: rates.quoteCreate },
    seedSeconds,
    clockTicks: clock,
    sampleSeconds: sampleMs / 1000,
    samples,
    worker,
    appLog: app.log,
  };
  const report = renderSoakReport(run);
  writeFileSync(output, report);
  log(`\n${report}`);
  log(`written to ${path.relative(process.cwd(), output) || output}`);
  const failed = rules(run).filter((r) => !r.met);
  if (failed.length > 0) {
    log(`\nFAIL: ${failed.map((r) => r.what).join('; ')}`);
    log(`last lines of the app's output:\n${app.tail() || '(none)'}`);
  } else log('\nPASS');
  return failed.length === 0;
}

let settings: SoakSettings;
try {
  settings = parseSoakOptions(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const cleanup = new Cleanup();
cleanup.installSignalHandlers();
let passed = false;
try {
  passed = await main(cleanup, settings);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await withTimeout(cleanup.run(), 120_000, 'cleanup').catch((error: unknown) => console.error(String(error)));
}
process.exit(passed ? 0 : 1);
