/**
 * Part 6 of `npm run bench` (bench/README.md): realtime delivery.
 *   One app node on a fresh PostgreSQL database; N WebSocket clients (N distinct signed-in users,
 *   each the customer or the company owner of some quotes) connected to its /ws; a sender POSTs
 *   messages at a steady rate across every conversation, and each message is timed from the POST
 *   being sent to its `new_message` frame on the recipient's socket. Beside it, the POST route's
 *   closed-loop throughput with 0 sockets and with N sockets connected.
 * The clients run in one worker thread (realtime-worker.ts); the app keeps the main thread.
 */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@/server/app';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import { randomToken, sha256 } from '@/server/lib/crypto';
import { SESSION_COOKIE } from '@/server/plugins/request-context';
import type { Cleanup } from './cleanup';
import type { BenchHost } from './images';
import { runTsWorker } from './ts-worker';
import type { BenchOptions } from './options';
import { createBenchDatabase } from './postgres-database';
import type { Conversation, RealtimeJob, RealtimeProgress, RealtimeWorkerResult } from './realtime-worker';

export interface RealtimeResult extends RealtimeWorkerResult {
  database: string;
  sockets: number;
  customers: number;
  vendors: number;
  quotes: number;
  conversations: number;
  concurrency: number;
  /** Sockets connecting at once. */
  connectBatch: number;
  setupSeconds: number;
  /** Soft RLIMIT_NOFILE of this process (client and server sockets both count against it). */
  fdLimit: number | undefined;
  /** Open file descriptors of the process with every socket connected (sampled by the main thread). */
  fdsAtPeak: number | undefined;
}

/** Delivery target: p99 ≤ 50 ms at 2,000 sockets. */
export const DELIVERY_P99_TARGET_MS = 50;
const CONNECT_BATCH = 100;
/** Closed-loop POST concurrency: enough to saturate a pool of 20 without 50 clients queueing on it. */
const POST_CONCURRENCY = 20;

const log = (line: string) => console.log(line);

/** The soft limit on open files, from /proc (Linux); undefined elsewhere. */
function fdLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return undefined;
  }
}

/** Open file descriptors of this process (Linux); undefined elsewhere. */
async function countFds(): Promise<number | undefined> {
  try {
    return (await readdir('/proc/self/fd')).length;
  } catch {
    return undefined;
  }
}

/**
 * The users, companies, quotes and sessions, with one SQL statement each: customers are the first
 * half of the users, vendors (each owning one company) the second; customer i's quote goes to the
 * companies of vendors i and i+1, so every user is party to two conversations.
 */
export async function seedParties(sign: (token: string) => string, pool: import('pg').Pool, sockets: number) {
  const customers = sockets / 2;
  const vendors = sockets - customers;
  const { rows: users } = await pool.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, email, password_hash, is_verified)
     SELECT 'Bench', 'User ' || i, 'bench.realtime.' || i || '@example.com', 'not-a-password-hash', true
       FROM generate_series(1, $1::int) AS i ORDER BY i RETURNING id`,
    [sockets],
  );
  users.sort((a, b) => a.id - b.id);
  let { rows: categories } = await pool.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1');
  if (categories.length === 0) {
    ({ rows: categories } = await pool.query<{ id: number }>(
      `INSERT INTO categories (name, slug) VALUES ('Bench services', 'bench-services') RETURNING id`,
    ));
  }
  const categoryId = categories[0].id;
  // No coin cost for the category: a vendor's first reply is then free, and every POST answers 201.
  await pool.query('DELETE FROM category_coin_costs WHERE category_id = $1', [categoryId]);
  const vendorIds = users.slice(customers).map((u) => u.id);
  const { rows: companies } = await pool.query<{ id: number; owner_id: number }>(
    `INSERT INTO companies (owner_id, name, description, category_id, phone, email, address, city, state, zip)
     SELECT owner, 'Bench Company ' || owner, 'A company of the realtime bench.', $2, '(512) 555-0100',
            'company.' || owner || '@example.com', '100 Main Street', 'Austin', 'TX', '78701'
       FROM unnest($1::int[]) AS owner RETURNING id, owner_id`,
    [vendorIds, categoryId],
  );
  const companyOf = new Map(companies.map((c) => [c.owner_id, c.id]));
  const customerIds = users.slice(0, customers).map((u) => u.id);
  const { rows: quotes } = await pool.query<{ id: number; user_id: number }>(
    `INSERT INTO quotes (user_id, quote_name, description, status)
     SELECT customer, 'Bench quote', 'A quote of the realtime bench.', 'in_progress'
       FROM unnest($1::int[]) AS customer RETURNING id, user_id`,
    [customerIds],
  );
  const quoteOf = new Map(quotes.map((q) => [q.user_id, q.id]));
  const conversations: Conversation[] = [];
  for (let i = 0; i < customers; i++) {
    for (const v of new Set([i % vendors, (i + 1) % vendors])) {
      conversations.push({
        quoteId: quoteOf.get(customerIds[i])!,
        companyId: companyOf.get(vendorIds[v])!,
        customer: i,
        vendor: customers + v,
      });
    }
  }
  await pool.query('INSERT INTO quote_companies (quote_id, company_id) SELECT * FROM unnest($1::int[], $2::int[])', [
    conversations.map((c) => c.quoteId),
    conversations.map((c) => c.companyId),
  ]);
  // Sessions as AuthService.createSession stores them: the SHA-256 of a random token; the cookie
  // carries the token signed with the app's secret (`sign`), as setSessionCookie sends it.
  const tokens = users.map(() => randomToken());
  await pool.query(
    `INSERT INTO sessions (id_hash, user_id, is_persistent, expires_at)
     SELECT h, u, false, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS s(h, u)`,
    [tokens.map(sha256), users.map((u) => u.id)],
  );
  const cookies = tokens.map((token) => `${SESSION_COOKIE}=${encodeURIComponent(sign(token))}`);
  return {
    users: users.map((u, i) => ({ id: u.id, cookie: cookies[i] })),
    conversations,
    customers,
    vendors,
    quotes: quotes.length,
  };
}

function runClients(cleanup: Cleanup, job: RealtimeJob, limitMs: number, onPeak: () => void) {
  return runTsWorker<RealtimeWorkerResult, RealtimeProgress>(cleanup, {
    url: new URL('./realtime-worker.ts', import.meta.url),
    workerData: job,
    name: 'realtime clients',
    limitMs,
    onMessage: (message) => {
      log(message.line);
      if (message.line.includes('sockets connected')) onPeak();
    },
  });
}

export async function benchRealtime(options: BenchOptions, cleanup: Cleanup, host: BenchHost): Promise<RealtimeResult> {
  log(`\n[6] Realtime: ${options.sockets} sockets, ${options.messageRate} messages/s`);
  const partStart = performance.now();
  const sockets = options.sockets;
  if (sockets < 4 || sockets % 2 !== 0) throw new Error('--sockets must be an even number ≥ 4');
  // Every client socket and its server side are file descriptors of this one process.
  const limit = fdLimit();
  const needed = 2 * sockets + 2 * POST_CONCURRENCY + 200;
  if (limit !== undefined && limit < needed) {
    throw new Error(
      `ulimit -n is ${limit}; ${sockets} client + ${sockets} server sockets need about ${needed} (raise it: ulimit -n ${needed})`,
    );
  }

  const bench = await createBenchDatabase(options.adminUrl);
  cleanup.add(`drop database ${bench.name}`, () => bench.drop());
  const database = openPostgres(bench.url);
  cleanup.add('realtime app pool', () => database.close());
  await migrateDatabase(database);
  const config = host.config(host.tempDir('lp-bench-realtime-'), bench.url);
  const app = await buildApp(config, { database });
  const origin = await host.listen(app, 'realtime app', database.pool);
  cleanup.add('drop connections to realtime app', () => app.server.closeAllConnections());
  const parties = await seedParties((t) => app.signCookie(t), database.pool, sockets);
  const setupSeconds = (performance.now() - partStart) / 1000;
  log(
    `    PostgreSQL ${bench.serverVersion}, ${bench.name}: ${parties.customers} customers, ${parties.vendors} vendors, ` +
      `${parties.quotes} quotes, ${parties.conversations.length} conversations, sessions for all (${setupSeconds.toFixed(1)} s)`,
  );

  let fdsAtPeak: number | undefined;
  const job: RealtimeJob = {
    origin,
    users: parties.users,
    conversations: parties.conversations,
    connectBatch: CONNECT_BATCH,
    rate: options.messageRate,
    durationSeconds: options.duration,
    warmupSeconds: options.warmup,
    concurrency: POST_CONCURRENCY,
  };
  // Baseline, connecting, steady run, loaded run, drains: bounded well above their sum.
  const limitMs = (4 * options.duration + 3 * options.warmup + 180) * 1000;
  const result = await runClients(cleanup, job, limitMs, () => {
    void countFds().then((n) => (fdsAtPeak = n));
  });
  log(`    the realtime part took ${((performance.now() - partStart) / 1000).toFixed(0)} s`);
  return {
    ...result,
    database: `PostgreSQL ${bench.serverVersion}`,
    sockets,
    customers: parties.customers,
    vendors: parties.vendors,
    quotes: parties.quotes,
    conversations: parties.conversations.length,
    concurrency: POST_CONCURRENCY,
    connectBatch: CONNECT_BATCH,
    setupSeconds,
    fdLimit: limit,
    fdsAtPeak,
  };
}
