/**
 * Part 9 of `npm run bench` (bench/README.md): the insight screens at scale. A fresh PostgreSQL
 * database gets N synthetic companies (created over three years) and as many requests spread over
 * the last year, with replies, reply charges, refunds, hires, coin purchases, page views, listing
 * appearances and searches. The roll-up job's first run (every day since the first account) and a
 * regular run (the last 30 days again) are timed; then the real app answers the operator's and a
 * pro's screens to autocannon, next to a company by id in the same run; last, 30 days are computed
 * from the source tables, as every answer would without the roll-ups.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '@/server/app';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import { seedDatabase } from '@/server/db/seed/seed';
import { hashPassword } from '@/server/lib/crypto';
import { liveRows } from '@/server/modules/insight/daily-figures.repository';
import { OperatorAnalyticsService } from '@/server/modules/insight/operator-analytics.service';
import { lastDays } from '@/server/modules/insight/period';
import type { Cleanup } from './cleanup';
import type { BenchHost } from './images';
import { runLoad, type Measurement } from './load';
import type { BenchOptions } from './options';
import { createBenchDatabase } from './postgres-database';
import { insertSyntheticCompanies } from './synthetic-companies';

/**
 * The screens' target: p99 ≤ 200 ms — the operator's screens as their one user asks (1
 * connection; 10 are shown beside), a pro's screen with 10 at once (pros use it side by side).
 */
export const INSIGHT_P99_TARGET_MS = 200;
const CONNECTIONS = 10;
const PASSWORD = 'bench-insight-password-1';
const SAMPLE_COMPANIES = 200;

export interface InsightRoute {
  label: string;
  connections: number;
  measurement: Measurement;
  /** Held to the target (the baseline and the 10-connection runs of the operator's screens are for comparison). */
  target: boolean;
}

export interface InsightResult {
  companies: number;
  quotes: number;
  rows: { label: string; count: number }[];
  seedSeconds: number;
  firstRollUp: { seconds: number; result: string };
  regularRollUp: { seconds: number; result: string };
  routes: InsightRoute[];
  /** The 30 days computed from the source tables, as before any roll-up (ms, each of 3 runs). */
  unrolledMs: number[];
}

const secondsSince = (since: number) => (performance.now() - since) / 1000;

/** Requests, replies, charges, refunds, hires, purchases and the counted views, in set-based statements. */
export function activityStatements(companies: number, quotes: number): [string, string][] {
  const customers = Math.max(100, Math.round(quotes / 10));
  const owners = Math.max(50, Math.round(companies / 20));
  const minutesInYear = 365 * 1440;
  return [
    [
      'accounts',
      `INSERT INTO users (first_name, last_name, email, password_hash, is_verified, created_at)
       SELECT 'Bench', 'Person', 'person' || g || '@bench.example', 'not-a-hash', true,
              now() - (abs(hashint4(g))::bigint % ${2 * minutesInYear}) * interval '1 minute'
         FROM generate_series(1, ${customers + owners}) g`,
    ],
    [
      'requests',
      `INSERT INTO quotes (user_id, quote_name, description, status, category_id, reply_coin_cost, submitted_at, created_at,
                           outcome, hired_company_id, decided_at)
       SELECT 1 + g % ${customers}, 'Bench request', 'A job to do', CASE WHEN hired THEN 'completed' ELSE 'in_progress' END,
              c.category_id, 5, sent, sent - interval '10 minutes',
              CASE WHEN hired THEN 'hired' END, CASE WHEN hired THEN c.id END, CASE WHEN hired THEN sent + interval '2 days' END
         FROM (SELECT g, 1 + abs(hashint4(g * 3))::bigint % ${companies} AS company,
                      now() - (abs(hashint4(g))::bigint % ${minutesInYear}) * interval '1 minute' AS sent,
                      g % 10 = 0 AND abs(hashint4(g))::bigint % ${minutesInYear} > 2 * 1440 AS hired
                 FROM generate_series(1, ${quotes}) g) r
         JOIN companies c ON c.id = r.company`,
    ],
    [
      'requests to companies',
      `INSERT INTO quote_companies (quote_id, company_id, source)
       SELECT q.id, company, (ARRAY['search', 'category', 'favorites'])[1 + q.id % 3]
         FROM quotes q
        CROSS JOIN LATERAL (VALUES (1 + abs(hashint4(q.id * 3))::bigint % ${companies}),
                                   (1 + abs(hashint4(q.id * 5))::bigint % ${companies})) AS pick(company)
       ON CONFLICT DO NOTHING`,
    ],
    [
      'first replies',
      `INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
       SELECT q.id, qc.company_id, ${customers} + 1 + qc.company_id % ${owners}, 'company', 'We can help',
              q.submitted_at + (abs(hashint4(q.id + qc.company_id))::bigint % 2880) * interval '1 minute'
         FROM quotes q JOIN quote_companies qc ON qc.quote_id = q.id
        WHERE abs(hashint4(q.id * 7 + qc.company_id))::bigint % 10 < 6
          AND q.submitted_at + (abs(hashint4(q.id + qc.company_id))::bigint % 2880) * interval '1 minute' < now()`,
    ],
    [
      'reply charges',
      `INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
       SELECT DISTINCT ON (quote_id, company_id) sender_id, -5, 'reply_charge', 'reply:' || quote_id || ':' || company_id,
              quote_id, company_id, created_at
         FROM messages WHERE sender_type = 'company' ORDER BY quote_id, company_id, created_at`,
    ],
    [
      'refunds',
      `INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
       SELECT user_id, 5, 'refund', 'refund:' || quote_id || ':' || company_id, quote_id, company_id,
              least(now(), created_at + interval '7 days')
         FROM coin_ledger WHERE reason = 'reply_charge' AND id % 20 = 0`,
    ],
    [
      'coin purchases',
      `INSERT INTO payments (user_id, provider, provider_intent_id, package_type, coins, amount_cents, currency, status, credited_at, created_at)
       SELECT ${customers} + 1 + g % ${owners}, 'test', 'pi_bench_' || g, 'small', 100, 1999, 'usd', 'succeeded', at, at
         FROM (SELECT g, now() - (abs(hashint4(g))::bigint % ${minutesInYear}) * interval '1 minute' AS at
                 FROM generate_series(1, ${Math.max(100, Math.round(quotes / 10))}) g) p`,
    ],
    [
      'page views',
      // A sample of companies a day, and today's more of them (today is always computed live).
      `INSERT INTO company_page_views (company_id, day, views)
       SELECT DISTINCT ON (company, day) company, day, 1 + k % 7
         FROM (SELECT 1 + abs(hashint4(d * 100003 + k))::bigint % ${companies} AS company,
                      to_char((now() AT TIME ZONE 'UTC')::date - d, 'YYYY-MM-DD') AS day, k
                 FROM generate_series(0, 364) d
                 CROSS JOIN LATERAL generate_series(1, CASE WHEN d = 0 THEN 20000 ELSE 2000 END) k) v`,
    ],
    [
      'listing appearances',
      `INSERT INTO company_appearances (company_id, day, source, appearances)
       SELECT DISTINCT ON (company, day, source) company, day, source, 1 + k % 20
         FROM (SELECT 1 + abs(hashint4(d * 100019 + k))::bigint % ${companies} AS company,
                      (now() AT TIME ZONE 'UTC')::date - d AS day, (ARRAY['search', 'category'])[1 + k % 2] AS source, k
                 FROM generate_series(0, 364) d
                 CROSS JOIN LATERAL generate_series(1, CASE WHEN d = 0 THEN 50000 ELSE 5000 END) k) a`,
    ],
    [
      'per category',
      // As the app's own writes keep it beside the per-company counts (as migration 0033 fills it).
      `INSERT INTO category_activity (day, category_id, figure, value)
       SELECT v.day::date, c.category_id, 'pageViews', sum(v.views)
         FROM company_page_views v JOIN companies c ON c.id = v.company_id GROUP BY 1, 2
       UNION ALL
       SELECT a.day, c.category_id, a.source || 'Appearances', sum(a.appearances)
         FROM company_appearances a JOIN companies c ON c.id = a.company_id GROUP BY 1, 2, 3`,
    ],
    [
      'searches',
      `INSERT INTO search_log (day, words, place, searches, empty_searches)
       SELECT (now() AT TIME ZONE 'UTC')::date - d, 'service ' || (k % 150), lpad((k * 7919 % 99999)::text, 5, '0'),
              1 + k % 9, CASE WHEN k % 4 = 0 THEN 1 + k % 3 ELSE 0 END
         FROM generate_series(0, 89) d CROSS JOIN generate_series(1, 300) k
       ON CONFLICT DO NOTHING`,
    ],
  ];
}

export async function benchInsight(options: BenchOptions, cleanup: Cleanup, host: BenchHost): Promise<InsightResult> {
  const log = (line: string) => console.log(line);
  const companies = options.companies;
  const quotes = options.companies;
  log(`\n[9] Insight: ${companies.toLocaleString('en-US')} companies, ${quotes.toLocaleString('en-US')} requests`);
  const bench = await createBenchDatabase(options.adminUrl);
  cleanup.add(`drop database ${bench.name}`, () => bench.drop());
  const seeding = openPostgres(bench.url, 2);
  const closeSeeding = cleanup.add('insight seeding pool', () => seeding.close());
  const seedStarted = performance.now();
  await migrateDatabase(seeding);
  await seedDatabase(seeding, { demo: false });
  await insertSyntheticCompanies(seeding.pool, companies, (done) => log(`    ${done.toLocaleString('en-US')} companies`), {
    bulk: true,
    createdOverDays: 3 * 365,
  });
  const adminHash = await hashPassword(PASSWORD);
  await seeding.pool.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, is_verified, is_admin, created_at)
     VALUES ('Bench', 'Admin', 'admin@bench.example', $1, true, true, now() - interval '3 years')`,
    [adminHash],
  );
  for (const [label, statement] of activityStatements(companies, quotes)) {
    const started = performance.now();
    await seeding.pool.query(statement);
    log(`    ${label}: ${secondsSince(started).toFixed(1)} s`);
  }
  await seeding.pool.query('VACUUM ANALYZE');
  const seedSeconds = secondsSince(seedStarted);
  const rows: InsightResult['rows'] = [];
  for (const table of [
    'users',
    'companies',
    'quotes',
    'quote_companies',
    'messages',
    'coin_ledger',
    'payments',
    'company_page_views',
    'company_appearances',
    'search_log',
  ]) {
    const { rows: counted } = await seeding.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    rows.push({ label: table, count: Number(counted[0].n) });
  }
  log(`    seeded in ${seedSeconds.toFixed(0)} s`);

  // The job, by itself: every day since the first account, then a regular hourly run.
  const analytics = new OperatorAnalyticsService(seeding.db, 'USD');
  let started = performance.now();
  const firstResult = await analytics.rollUpDays();
  const firstRollUp = { seconds: secondsSince(started), result: firstResult };
  started = performance.now();
  const regularResult = await analytics.rollUpDays();
  const regularRollUp = { seconds: secondsSince(started), result: regularResult };
  log(
    `    roll-up: first run ${firstRollUp.seconds.toFixed(1)} s (${firstResult}), regular ${regularRollUp.seconds.toFixed(1)} s`,
  );
  const { rows: sample } = await seeding.pool.query<{ company_id: number }>(
    `SELECT company_id FROM quote_companies GROUP BY company_id ORDER BY md5(company_id::text) LIMIT ${SAMPLE_COMPANIES}`,
  );
  await closeSeeding();

  const config = host.config(host.tempDir('lp-bench-insight-'), bench.url);
  const database = openPostgres(bench.url);
  cleanup.add('insight app pool', () => database.close());
  const app = await buildApp(config, { database });
  const origin = await host.listen(app, 'insight app', database.pool);
  // The app's job runner makes its first pass at start (the roll-up among them): measured after it.
  await app.services.jobs.idle();
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.example', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const measure = async (paths: string[], connections: number) => {
    for (const path of paths.slice(0, 1)) {
      const answer = await fetch(origin + path, { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    }
    await runLoad(cleanup, { origin, paths, connections, durationSeconds: options.warmup, headers: { cookie } });
    return runLoad(cleanup, { origin, paths, connections, durationSeconds: options.duration, headers: { cookie } });
  };
  const ids = sample.map((row) => row.company_id);
  const operator = (path: string): [string, string[]] => [`GET ${path}`, [path]];
  const plan: [string, string[], number, boolean][] = [
    ['GET /api/companies/{id} (baseline)', ids.map((id) => `/api/companies/${id}`), CONNECTIONS, false],
  ];
  for (const [label, paths] of [
    operator('/api/admin/analytics/figures?days=30'),
    operator('/api/admin/analytics/figures?days=90&interval=week'),
    operator('/api/admin/analytics/figures?days=365&interval=month'),
    operator('/api/admin/analytics/figures.csv?days=90&table=categories'),
    operator('/api/admin/analytics/searches?days=90&found=none'),
  ]) {
    plan.push([label, paths, 1, true], [label, paths, CONNECTIONS, false]);
  }
  plan.push([
    'GET /api/companies/{id}/insight?days=90 (a pro’s screen)',
    ids.map((id) => `/api/companies/${id}/insight?days=90`),
    CONNECTIONS,
    true,
  ]);
  const routes: InsightRoute[] = [];
  for (const [label, paths, connections, target] of plan) {
    const measurement = await measure(paths, connections);
    log(
      `    ${label}, ${connections}: ${(measurement.ok / measurement.durationSeconds).toFixed(0)}/s, p99 ${measurement.p99} ms`,
    );
    routes.push({ label, connections, measurement, target });
  }
  // What the roll-ups save: the 30 days computed from the source tables, as every answer did before.
  const unrolledMs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const since = performance.now();
    await liveRows(database.db, lastDays(30), 'USD');
    unrolledMs.push(performance.now() - since);
  }
  log(`    30 days from the source tables: ${unrolledMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);

  return { companies, quotes, rows, seedSeconds, firstRollUp, regularRollUp, routes, unrolledMs };
}
