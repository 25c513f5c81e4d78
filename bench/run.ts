/**
 * `npm run bench`: the load benchmark (bench/README.md says what each part measures).
 *   1–2. PostgreSQL: a fresh database with N synthetic companies; the real app and a bare Fastify
 *        ceiling under autocannon; beside each database route, the same SQL through a `pg` pool.
 *   3.   The embedded default: /api/health while 50 clients search.
 *   4.   Front-end: gzipped JavaScript each page loads before interaction.
 *   5.   Images: the upload pipeline against sharp's minimum work; GET /api/objects/{id} against
 *        @fastify/static (images.ts).
 *   6.   Realtime: delivery latency of `new_message` to 2,000 WebSocket clients; the message POST
 *        with and without them (realtime.ts).
 * Writes the report to bench/results.md and prints it; a run of some parts only (`--parts`) keeps
 * the other parts' sections of the file as they were.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '@/server/app';
import { loadConfig, type AppConfig } from '@/server/config';
import { limitsOffEnv } from '@/server/lib/rate-limits';
import { migrateDatabase, openEmbeddedInWorker, openPostgres } from '@/server/db/client';
import { seedDatabase } from '@/server/db/seed/seed';
import { CategoriesService } from '@/server/modules/categories/categories.service';
import { companyByIdQuery } from '@/server/modules/companies/companies.repository';
import { CompaniesService } from '@/server/modules/companies/companies.service';
import { SearchService } from '@/server/modules/search/search.service';
import { CategoryCompaniesQuerySchema, SearchQuerySchema } from '@/shared/schemas/company';
import { Cleanup, withTimeout } from './cleanup';
import { measureFrontend, type FrontendSizes } from './frontend-sizes';
import { benchImages } from './images';
import { requestsPerSecond, runLoad, type Measurement } from './load';
import { parseOptions, type BenchOptions } from './options';
import { createBenchDatabase } from './postgres-database';
import { benchGeoImport } from './geo-import';
import { benchInsight } from './insight';
import { benchLogins } from './logins';
import { benchMailStall } from './mail-stall';
import { benchRealtime } from './realtime';
import { recordingDb, runRawSql, type Statement } from './raw-sql';
import {
  formatCount,
  formatMs,
  loadAverage,
  mergeReport,
  nearPlaceReferenceOf,
  sectionsRun,
  renderReport,
  type EmbeddedResult,
  type PostgresResult,
  type NearPlaceResult,
  type RouteResult,
  type PageRenderResult,
  type SearchMixResult,
} from './report';
import { DENSE_ZIPS, nearPlaceMix, searchMix, SPARSE_ZIPS, type MixCategory } from '@/server/test/search-mix';
import { runVisits } from './visits';
import { SERVER_STATE_ELEMENT_ID } from '@/shared/constants';
import { explainDiscovery } from './explain-discovery';
import { profileNearPlace } from './explain-near-place';
import { prepareStatementStats, profileWhile } from './profile';
import { insertSyntheticCompanies } from './synthetic-companies';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEARCH_PATH = '/api/search?q=plumbing';
const SEARCH_ZIP_PATH = '/api/search?q=plumbing&location=78701';
/** Distinct company pages requested in turn, so that one hot row does not flatter the figures. */
const COMPANY_SAMPLE = 1000;
const HEALTH_CONNECTIONS = 1;
/** The profiled run of the mix (where the time goes) uses the connections of its first target. */
const PROFILED_CONNECTIONS = 10;

/** The embedded default's search, the mix of what visitors send, at 10 connections. */
const EMBEDDED_SEARCH_CONNECTIONS = 10;

const log = (line: string) => console.log(line);
const seconds = (since: number) => (performance.now() - since) / 1000;

function tempDir(cleanup: Cleanup, prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.add(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The app's configuration for a bench run: quiet, no demo data, production, a private DATA_DIR,
 * and the per-account write limits out of the way (a few accounts make all the traffic).
 */
function benchConfig(dataDir: string, databaseUrl?: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    ...env,
    ...limitsOffEnv(),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
  });
}

/** Listens on a free loopback port; on cleanup, closes and lets running handlers finish with `pool`. */
async function listen(cleanup: Cleanup, app: FastifyInstance, label: string, pool?: pg.Pool): Promise<string> {
  cleanup.add(`close ${label}`, async () => {
    await app.close();
    await settle(pool, 15_000);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  if (pool) heldClients.set(pool, pool.totalCount - pool.idleCount);
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Fails early, with the answer, when a route does not answer 200 (a bench of 404s measures nothing). */
async function fetchJson<T>(origin: string, urlPath: string): Promise<T> {
  const response = await fetch(origin + urlPath, { signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * autocannon drops its connections at the end of a run with requests still in flight, and the app
 * finishes them. Waiting until the app's pool has been idle for a while keeps one measurement from
 * spilling into the next, and the pool from being closed under a running handler (bounded).
 */
async function settle(pool: pg.Pool | undefined, limitMs = 60_000): Promise<void> {
  if (!pool) return;
  // Clients held for good are no requests in flight: the realtime listener keeps one checked
  // out of the app's pool on PostgreSQL (LISTEN). Counting it as busy made every wait here run
  // to its limit (a minute per measurement).
  const heldForGood = heldClients.get(pool) ?? 0;
  const deadline = Date.now() + limitMs;
  for (let quietChecks = 0; quietChecks < 5 && Date.now() < deadline;) {
    await sleep(20);
    const busy = pool.totalCount - pool.idleCount;
    quietChecks = pool.waitingCount === 0 && busy <= heldForGood ? quietChecks + 1 : 0;
  }
}

/** Per app pool, the clients it holds while idle (measured when the app starts listening). */
const heldClients = new WeakMap<pg.Pool, number>();

/** Warm-up (not recorded), then the measurement; `appPool` is the pool of the app under load. */
async function measureHttp(
  cleanup: Cleanup,
  options: BenchOptions,
  origin: string,
  paths: string[],
  appPool?: pg.Pool,
  connections = options.connections,
): Promise<Measurement> {
  if (options.warmup > 0) {
    await runLoad(cleanup, { origin, paths, connections, durationSeconds: options.warmup });
    await settle(appPool);
  }
  const measurement = await runLoad(cleanup, {
    origin,
    paths,
    connections,
    durationSeconds: options.duration,
  });
  await settle(appPool);
  return measurement;
}

async function measureRaw(options: BenchOptions, pool: pg.Pool, plans: Statement[][]): Promise<Measurement> {
  if (options.warmup > 0) await runRawSql(pool, plans, options.connections, options.warmup);
  return runRawSql(pool, plans, options.connections, options.duration);
}

const queryOf = (urlPath: string) => Object.fromEntries(new URL(urlPath, 'http://x').searchParams);

interface DbRoute {
  label: string;
  paths: string[];
  isSearch: boolean;
  mainLabel: string;
  /** Calls the service method the route handler calls, with the handler's parsed input. */
  callService(urlPath: string): Promise<unknown>;
  isMain(statement: Statement, urlPath: string): boolean;
  /** One line of context from the first path's answer. */
  describe(origin: string): Promise<string>;
}

async function benchPostgres(options: BenchOptions, cleanup: Cleanup): Promise<PostgresResult> {
  log(`\n[1] PostgreSQL: creating a database on ${new URL(options.adminUrl).host}`);
  const database = await createBenchDatabase(options.adminUrl);
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  log(`    ${database.name} (PostgreSQL ${database.serverVersion})`);

  const seeding = openPostgres(database.url, 2);
  const closeSeeding = cleanup.add('seeding pool', () => seeding.close());
  // Before the app's pool connects: its sessions count planning time too.
  const statementStatsUnavailable = await prepareStatementStats(seeding.pool, database.name);
  let since = performance.now();
  await migrateDatabase(seeding);
  await seedDatabase(seeding, { demo: false });
  const catalogueSeconds = seconds(since);
  log(`    migrations + catalogue + ZIP codes: ${catalogueSeconds.toFixed(1)} s`);
  since = performance.now();
  await insertSyntheticCompanies(
    seeding.pool,
    options.companies,
    (done) => log(`    ${formatCount(done)} / ${formatCount(options.companies)} companies (${seconds(since).toFixed(0)} s)`),
    // Indexes built once after the load, each vector computed once (23 minutes at 1,000,000).
    { bulk: true },
  );
  // VACUUM as well as ANALYZE: the vectors statement rewrote every row once, and an autovacuum
  // (or GIN pending-list flush) starting in the middle of a measurement would be noise.
  await seeding.pool.query('VACUUM ANALYZE');
  const companiesSeconds = seconds(since);
  log(`    seeding took ${companiesSeconds.toFixed(1)} s for ${formatCount(options.companies)} companies (+ VACUUM ANALYZE)`);
  const { rows: categoryRows } = await seeding.pool.query<{ id: number }>('SELECT id FROM categories ORDER BY id');
  const { rows: companyRows } = await seeding.pool.query<{ id: number }>(
    `SELECT id FROM companies ORDER BY md5(id::text) LIMIT ${COMPANY_SAMPLE}`,
  );
  // Company pages of listed companies (a deactivated one is answered 410 and painted by the browser).
  const { rows: pageCompanyRows } = await seeding.pool.query<{ id: number }>(
    `SELECT id FROM companies WHERE is_active ORDER BY md5(id::text) LIMIT ${PAGE_COMPANIES}`,
  );
  await closeSeeding();

  log('\n[2] Starting the app and the ceiling');
  // The app renders its public pages from the built client (part (i) measures them).
  await buildClientIfStale();
  const config = benchConfig(tempDir(cleanup, 'lp-bench-data-'), database.url);
  const appDatabase = openPostgres(config.databaseUrl!);
  cleanup.add('app pool', () => appDatabase.close());
  const app = await buildApp(config, { database: appDatabase });
  const renderCalls = recordRenderCalls(app);
  const origin = await listen(cleanup, app, 'app', appDatabase.pool);
  const ceilingApp = Fastify();
  ceilingApp.get('/', async () => ({ ok: true }));
  const ceilingOrigin = await listen(cleanup, ceilingApp, 'ceiling');

  // The raw-SQL side: a pool configured exactly as the app's (openPostgres), and the app's own
  // services on a recording Drizzle instance to learn the statements each route runs.
  const raw = openPostgres(database.url);
  cleanup.add('raw SQL pool', () => raw.close());
  const recorder = recordingDb(raw.pool);
  const companies = new CompaniesService(recorder.db);
  const search = new SearchService(recorder.db, companies);
  const categories = new CategoriesService(recorder.db, companies);
  const dialect = new PgDialect();
  // The page statement (the count beside it also filters companies, but has no OFFSET).
  const isListing = (s: Statement) => s.text.includes('AS first_image') && s.text.includes('OFFSET');
  const totalOf = async (urlPath: string) => {
    const body = await fetchJson<{ pagination: { total: number } }>(origin, urlPath);
    return `${formatCount(body.pagination.total)} matches`;
  };

  const routes: DbRoute[] = [
    {
      label: `(b) GET ${SEARCH_PATH}`,
      paths: [SEARCH_PATH],
      isSearch: true,
      mainLabel: 'listing statement',
      callService: (p) => search.search(SearchQuerySchema.parse(queryOf(p))),
      isMain: isListing,
      describe: () => totalOf(SEARCH_PATH),
    },
    {
      label: `(c) GET ${SEARCH_ZIP_PATH}`,
      paths: [SEARCH_ZIP_PATH],
      isSearch: true,
      mainLabel: 'listing statement',
      callService: (p) => search.search(SearchQuerySchema.parse(queryOf(p))),
      isMain: isListing,
      describe: () => totalOf(SEARCH_ZIP_PATH),
    },
    {
      label: '(d) GET /api/categories/{id}/companies',
      paths: categoryRows.map((c) => `/api/categories/${c.id}/companies`),
      isSearch: false,
      mainLabel: 'listing statement',
      callService: (p) => categories.listCompanies(p.split('/')[3], CategoryCompaniesQuerySchema.parse(queryOf(p))),
      isMain: isListing,
      describe: async () =>
        `${categoryRows.length} categories in turn; first: ${await totalOf(`/api/categories/${categoryRows[0].id}/companies`)}`,
    },
    {
      label: '(e) GET /api/companies/{id}',
      paths: companyRows.map((c) => `/api/companies/${c.id}`),
      isSearch: false,
      mainLabel: 'companyByIdQuery',
      callService: (p) => companies.getCompany(p.split('/')[3], null),
      isMain: (s, p) => s.text === dialect.sqlToQuery(companyByIdQuery(Number(p.split('/')[3]))).sql,
      describe: async () => `${companyRows.length} different ids in turn`,
    },
  ];

  log(`\n    (a) ceiling: bare Fastify {"ok":true}`);
  const ceiling = await measureHttp(cleanup, options, ceilingOrigin, ['/']);
  log(`        ${formatCount(ceiling.ok / ceiling.durationSeconds)} req/s, p99 ${formatMs(ceiling.p99)} ms`);

  const results: RouteResult[] = [];
  for (const route of routes) {
    log(`    ${route.label}`);
    const note = await route.describe(origin);
    const plans: Statement[][] = [];
    const mains: Statement[][] = [];
    for (const urlPath of route.paths) {
      recorder.take();
      await route.callService(urlPath);
      const statements = recorder.take();
      // A word's page may take more than one listing statement (a walk that ran out, then the
      // next way): "main" is all of them, in order.
      const main = statements.filter((s) => route.isMain(s, urlPath));
      if (main.length === 0)
        throw new Error(`${urlPath}: expected a ${route.mainLabel} among ${statements.length} statements, found none`);
      plans.push(statements);
      mains.push(main);
    }
    const app = await measureHttp(cleanup, options, origin, route.paths, appDatabase.pool);
    log(
      `        app: ${formatCount(app.ok / app.durationSeconds)} req/s, p50 ${formatMs(app.p50)} ms, p99 ${formatMs(app.p99)} ms (${note})`,
    );
    const main = await measureRaw(options, raw.pool, mains);
    log(`        raw SQL, ${route.mainLabel}: ${formatCount(main.ok / main.durationSeconds)} /s, p99 ${formatMs(main.p99)} ms`);
    const all = await measureRaw(options, raw.pool, plans);
    log(
      `        raw SQL, all ${plans[0].length} statements: ${formatCount(all.ok / all.durationSeconds)} /s, p99 ${formatMs(all.p99)} ms`,
    );
    results.push({
      label: route.label,
      app,
      note,
      isSearch: route.isSearch,
      raw: { main, mainLabel: route.mainLabel, all, statementCount: plans[0].length },
    });
  }
  // A second app on the same pool whose statements are not prepared: what the company page cost
  // before its statements were prepared, measured in this run.
  const unpreparedOrigin = await listen(
    cleanup,
    await buildApp(config, { database: appDatabase, prepareStatements: false }),
    'app without prepared statements',
    appDatabase.pool,
  );
  const mix = await benchSearchMix(
    cleanup,
    options,
    { origin, unpreparedOrigin },
    companyRows.map((c) => `/api/companies/${c.id}`),
    appDatabase.pool,
  );
  const nearPlace = await benchNearPlace(
    cleanup,
    options,
    origin,
    companyRows.map((c) => `/api/companies/${c.id}`),
    appDatabase.pool,
    raw.pool,
  );
  const pages = await benchPages(
    cleanup,
    options,
    origin,
    { categoryId: categoryRows[0].id, companyPaths: pageCompanyRows.map((c) => `/companies/${c.id}`) },
    appDatabase.pool,
    renderCalls,
  );
  log('    (h) where the time goes: the mix at 10 connections once more, the app profiled');
  const profile = await profileWhile(
    PROFILED_CONNECTIONS,
    appDatabase.pool,
    statementStatsUnavailable,
    () => runLoad(cleanup, { origin, paths: mix.paths, connections: PROFILED_CONNECTIONS, durationSeconds: options.duration }),
    options.cpuProfile,
  );
  await settle(appDatabase.pool);
  log(
    `        app thread ${formatMs(profile.app.busyMs / profile.load.ok)} ms a request, ` +
      (profile.database.available
        ? `statements ${formatMs(profile.database.totalMs / profile.load.ok)} ms a request`
        : profile.database.reason),
  );
  log('    (g) EXPLAIN (ANALYZE, BUFFERS) of discovery statements');
  const explained = await explainDiscovery(raw.db, categoryRows[0].id);
  return {
    database: database.name,
    serverVersion: database.serverVersion,
    explained,
    companies: options.companies,
    seedSeconds: { catalogue: catalogueSeconds, companies: companiesSeconds },
    ceiling,
    routes: results,
    mix,
    nearPlace,
    pages,
    profile,
  };
}

/** Visitors at once for the page renders: the figure the target is stated at. */
const PAGE_VISITORS = 10;
/** Company pages measured (listed companies' ids in turn): each one's API calls are recorded before the load. */
const PAGE_COMPANIES = 200;

/** The API paths the app asks itself while it renders a page (in-process, through its hooks). */
type RenderCalls = (origin: string, pagePath: string) => Promise<string[]>;

/**
 * Records the API calls the app makes while it renders one page: exactly the data the page shows,
 * which the browser asked for with these calls before the server rendered it. Only the one page
 * asked for is recorded (nothing else runs meanwhile).
 */
function recordRenderCalls(app: FastifyInstance): RenderCalls {
  let calls: string[] | undefined;
  app.addHook('onRequest', (request, _reply, done) => {
    if (calls && request.url.startsWith('/api/')) calls.push(request.url);
    done();
  });
  return async (origin, pagePath) => {
    calls = [];
    try {
      const response = await fetch(`${origin}${pagePath}`, { signal: AbortSignal.timeout(30_000) });
      const body = await response.text();
      // A page the server did not render (no built client, or a failed render) measures nothing.
      if (response.status !== 200 || !body.includes(SERVER_STATE_ELEMENT_ID)) {
        throw new Error(`${pagePath}: expected a page rendered by the server, got ${response.status} without its state`);
      }
      if (!calls.length) throw new Error(`${pagePath}: rendered without asking the API for anything`);
      return [...calls];
    } finally {
      calls = undefined;
    }
  };
}

async function measureVisits(
  cleanup: Cleanup,
  options: BenchOptions,
  origin: string,
  visits: string[][],
  appPool: pg.Pool,
): Promise<Measurement> {
  const load = { origin, visits, visitors: PAGE_VISITORS };
  if (options.warmup > 0) {
    await runVisits(cleanup, { ...load, durationSeconds: options.warmup });
    await settle(appPool);
  }
  const measurement = await runVisits(cleanup, { ...load, durationSeconds: options.duration });
  await settle(appPool);
  return measurement;
}

/**
 * The four public pages as the server renders them, against the same data from the JSON API: the
 * calls that painted the page in the browser before (recorded from the render itself), asked for
 * together as a browser does; and, for scale, the one call that answers the page's main data.
 */
async function benchPages(
  cleanup: Cleanup,
  options: BenchOptions,
  origin: string,
  { categoryId, companyPaths }: { categoryId: number; companyPaths: string[] },
  appPool: pg.Pool,
  renderCalls: RenderCalls,
): Promise<PageRenderResult> {
  const list = await fetchJson<{ id: number; slug: string }[]>(origin, '/api/categories');
  const slug = list.find((c) => c.id === categoryId)!.slug;
  const pages = [
    { page: 'home', html: ['/'], main: ['/api/categories/with-subcategories'] },
    { page: 'search', html: [SEARCH_PATH.replace('/api', '')], main: [SEARCH_PATH] },
    { page: 'category', html: [`/categories/${slug}`], main: [`/api/categories/${categoryId}/companies`] },
    { page: 'company', html: companyPaths, main: companyPaths.map((p) => `/api${p}`) },
  ];
  log(`    (i) public pages: HTML rendered by the server against the same data as JSON, ${PAGE_VISITORS} visitors`);
  const rows: PageRenderResult['rows'] = [];
  for (const page of pages) {
    const apiCalls: string[][] = [];
    for (const htmlPath of page.html) apiCalls.push(await renderCalls(origin, htmlPath));
    const one = (paths: string[]) => paths.map((p) => [p]);
    const html = await measureVisits(cleanup, options, origin, one(page.html), appPool);
    const json = await measureVisits(cleanup, options, origin, apiCalls, appPool);
    const main = await measureVisits(cleanup, options, origin, one(page.main), appPool);
    log(
      `        ${page.page}: HTML ${formatCount(requestsPerSecond(html))}/s, p99 ${formatMs(html.p99)} ms; ` +
        `its ${apiCalls[0].length} API calls ${formatCount(requestsPerSecond(json))}/s, p99 ${formatMs(json.p99)} ms; ` +
        `main call ${formatCount(requestsPerSecond(main))}/s, p99 ${formatMs(main.p99)} ms`,
    );
    const generic = (paths: string[], pattern: string) => (paths.length > 1 ? pattern : paths[0]);
    rows.push({
      page: page.page,
      htmlPath: generic(page.html, '/companies/{id}'),
      apiCalls: apiCalls[0].map((call) => (page.html.length > 1 ? call.replace(/\/\d+(?=\/|$)/, '/{id}') : call)),
      mainPath: generic(page.main, '/api/companies/{id}'),
      html,
      json,
      main,
    });
  }
  return { visitors: PAGE_VISITORS, rows };
}

/**
 * What visitors send (src/server/test/search-mix.ts, the same requests whose answers
 * search-results.test.ts holds still), against one company by id, at 10 and 50 connections.
 */
async function benchSearchMix(
  cleanup: Cleanup,
  options: BenchOptions,
  { origin, unpreparedOrigin }: { origin: string; unpreparedOrigin: string },
  byIdPaths: string[],
  appPool: pg.Pool,
): Promise<SearchMixResult> {
  const categories = await fetchJson<MixCategory[]>(origin, '/api/categories/with-subcategories');
  const paths = searchMix(categories);
  // Every request of the mix must answer 200: a mix of refusals measures nothing.
  for (const urlPath of paths) await fetchJson(origin, urlPath);
  log(`    (f) the search mix: ${paths.length} distinct requests, against (e) at 10 and 50 connections`);
  const rows: SearchMixResult['rows'] = [];
  for (const connections of [10, 50]) {
    const mixed = await measureHttp(cleanup, options, origin, paths, appPool, connections);
    const byId = await measureHttp(cleanup, options, origin, byIdPaths, appPool, connections);
    const byIdUnprepared = await measureHttp(cleanup, options, unpreparedOrigin, byIdPaths, appPool, connections);
    log(
      `        ${connections} connections: mix ${formatCount(requestsPerSecond(mixed))} req/s, p99 ${formatMs(mixed.p99)} ms; ` +
        `by id ${formatCount(requestsPerSecond(byId))} req/s, p99 ${formatMs(byId.p99)} ms ` +
        `(unprepared ${formatCount(requestsPerSecond(byIdUnprepared))} req/s)`,
    );
    rows.push({ connections, mix: mixed, byId, byIdUnprepared });
  }
  return { requests: paths.length, paths, rows };
}

/** A service near a place (`nearPlaceMix`) against company-by-id, at 10 and 50 connections, in the same run. */
async function benchNearPlace(
  cleanup: Cleanup,
  options: BenchOptions,
  origin: string,
  byIdPaths: string[],
  appPool: pg.Pool,
  rawPool: pg.Pool,
): Promise<NearPlaceResult> {
  const paths = nearPlaceMix();
  // Every request must answer 200 (a ZIP code the catalogue does not know would measure a refusal).
  for (const urlPath of paths) await fetchJson(origin, urlPath);
  log(`    (j) a service near a place: ${paths.length} distinct requests, against (e) at 10 and 50 connections`);
  const rows: NearPlaceResult['rows'] = [];
  for (const connections of [10, 50]) {
    const near = await measureHttp(cleanup, options, origin, paths, appPool, connections);
    const byId = await measureHttp(cleanup, options, origin, byIdPaths, appPool, connections);
    log(
      `        ${connections} connections: near a place ${formatCount(requestsPerSecond(near))} req/s, p99 ${formatMs(near.p99)} ms; ` +
        `by id ${formatCount(requestsPerSecond(byId))} req/s, p99 ${formatMs(byId.p99)} ms`,
    );
    rows.push({ connections, near, byId });
  }
  log('        where its statement spends its time: EXPLAIN (ANALYZE, BUFFERS) of each request');
  const profile = await profileNearPlace(rawPool, paths, DENSE_ZIPS);
  return { requests: paths.length, dense: DENSE_ZIPS.length, sparse: SPARSE_ZIPS.length, rows, profile };
}

async function benchEmbedded(options: BenchOptions, cleanup: Cleanup): Promise<EmbeddedResult> {
  log(`\n[3] Embedded database: seeding ${formatCount(options.embeddedCompanies)} companies into PGlite`);
  const dataDir = tempDir(cleanup, 'lp-bench-embedded-');
  const since = performance.now();
  const database = await openEmbeddedInWorker(path.join(dataDir, 'pglite'));
  cleanup.add('embedded database', () => database.close());
  await migrateDatabase(database);
  await seedDatabase(database, { demo: false });
  await insertSyntheticCompanies(
    database.pool,
    options.embeddedCompanies,
    (done) =>
      log(`    ${formatCount(done)} / ${formatCount(options.embeddedCompanies)} companies (${seconds(since).toFixed(0)} s)`),
    { bulk: true },
  );
  // PGlite never autovacuums: without this the planner ignores the GIN index.
  await database.pool.query('VACUUM ANALYZE');
  const seedSeconds = seconds(since);
  log(`    seeding took ${seedSeconds.toFixed(1)} s`);

  const origin = await listen(cleanup, await buildApp(benchConfig(dataDir), { database }), 'embedded app', database.pool);
  const body = await fetchJson<{ pagination: { total: number } }>(origin, SEARCH_PATH);
  log(`    ${SEARCH_PATH}: ${formatCount(body.pagination.total)} matches`);
  await fetchJson(origin, '/api/health');
  const mix = searchMix(await fetchJson<MixCategory[]>(origin, '/api/categories/with-subcategories'));
  for (const urlPath of mix) await fetchJson(origin, urlPath);

  const health = (durationSeconds: number) =>
    runLoad(cleanup, { origin, paths: ['/api/health'], connections: HEALTH_CONNECTIONS, durationSeconds });
  const searching = (durationSeconds: number) =>
    runLoad(cleanup, { origin, paths: mix, connections: EMBEDDED_SEARCH_CONNECTIONS, durationSeconds });

  log('    /api/health alone');
  const healthAlone = await health(options.duration);
  log(`        p99 ${formatMs(healthAlone.p99)} ms`);
  if (options.warmup > 0) await searching(options.warmup);
  await settle(database.pool);
  log(`    /api/health while ${EMBEDDED_SEARCH_CONNECTIONS} clients search (the mix of ${mix.length} requests)`);
  const [healthUnderLoad, searchUnderLoad] = await Promise.all([health(options.duration), searching(options.duration)]);
  await settle(database.pool);
  log(
    `        health p99 ${formatMs(healthUnderLoad.p99)} ms; search ${formatCount(searchUnderLoad.ok / searchUnderLoad.durationSeconds)} req/s, p99 ${formatMs(searchUnderLoad.p99)} ms`,
  );
  const nearPaths = nearPlaceMix();
  for (const urlPath of nearPaths) await fetchJson(origin, urlPath);
  log(`    (j) a service near a place: ${nearPaths.length} distinct requests, ${EMBEDDED_SEARCH_CONNECTIONS} connections`);
  const nearLoad = (durationSeconds: number) =>
    runLoad(cleanup, { origin, paths: nearPaths, connections: EMBEDDED_SEARCH_CONNECTIONS, durationSeconds });
  if (options.warmup > 0) await nearLoad(options.warmup);
  await settle(database.pool);
  const nearPlace = await nearLoad(options.duration);
  log(`        ${formatCount(nearPlace.ok / nearPlace.durationSeconds)} req/s, p99 ${formatMs(nearPlace.p99)} ms`);
  return {
    nearPlace,
    nearPlaceRequests: nearPaths.length,
    companies: options.embeddedCompanies,
    seedSeconds,
    healthConnections: HEALTH_CONNECTIONS,
    searchConnections: EMBEDDED_SEARCH_CONNECTIONS,
    searchRequests: mix.length,
    healthAlone,
    healthUnderLoad,
    searchUnderLoad,
  };
}

async function benchFrontend(cleanup: Cleanup): Promise<FrontendSizes> {
  log('\n[4] Front-end sizes');
  return withTimeout(measureFrontend(ROOT, cleanup, log), 10 * 60_000, 'front-end sizes');
}

/** The web app's build, refreshed when a source is newer (scripts/lib/build-if-stale.mjs). */
async function buildClientIfStale(): Promise<void> {
  const builds = (await import(new URL('../scripts/lib/build-if-stale.mjs', import.meta.url).href)) as {
    buildClientIfStale(): void;
  };
  const cwd = process.cwd();
  process.chdir(ROOT); // the build uses paths relative to the repository
  try {
    builds.buildClientIfStale();
  } finally {
    process.chdir(cwd);
  }
}

async function main(): Promise<void> {
  // The server renders pages with React, which picks its build by NODE_ENV when first loaded: the
  // production build, as a production server runs it (the server bundle fixes it the same way).
  process.env.NODE_ENV ??= 'production';
  const options = parseOptions(process.argv.slice(2));
  const run = { startedAt: new Date(), loadAtStart: loadAverage() };
  const cleanup = new Cleanup();
  cleanup.installSignalHandlers();
  try {
    const postgres = options.parts.includes('postgres') ? await benchPostgres(options, cleanup) : undefined;
    // Each part's servers and databases are gone before the next part measures anything.
    await cleanup.run();
    const embedded = options.parts.includes('embedded') ? await benchEmbedded(options, cleanup) : undefined;
    await cleanup.run();
    const frontend = options.parts.includes('frontend') ? await benchFrontend(cleanup) : undefined;
    await cleanup.run();
    const host = {
      tempDir: (prefix: string) => tempDir(cleanup, prefix),
      config: (dataDir: string, databaseUrl: string | undefined, env?: Record<string, string>) =>
        benchConfig(dataDir, databaseUrl, env),
      listen: (app: FastifyInstance, label: string, pool?: pg.Pool) => listen(cleanup, app, label, pool),
    };
    const images = options.parts.includes('images') ? await benchImages(options, cleanup, host) : undefined;
    await cleanup.run();
    const realtime = options.parts.includes('realtime') ? await benchRealtime(options, cleanup, host) : undefined;
    await cleanup.run();
    const logins = options.parts.includes('logins') ? await benchLogins(options, cleanup, host) : undefined;
    await cleanup.run();
    const mailStall = options.parts.includes('mailstall') ? await benchMailStall(options, cleanup, host) : undefined;
    await cleanup.run();
    const insight = options.parts.includes('insight') ? await benchInsight(options, cleanup, host) : undefined;
    await cleanup.run();
    const geoImport = options.parts.includes('geoimport') ? await benchGeoImport(options, cleanup, host, log) : undefined;
    const output = path.resolve(ROOT, options.output);
    // At 1,000,000 companies part (j) is compared with the same mix at 100,000, as the report kept it.
    if (postgres && existsSync(output)) postgres.nearPlace.reference = nearPlaceReferenceOf(readFileSync(output, 'utf8'));
    const fresh = renderReport(
      options,
      { postgres, embedded, frontend, images, realtime, logins, mailStall, insight, geoImport },
      run,
    );
    // A run of some parts only replaces their sections and keeps the others' from the last run.
    const report = existsSync(output) ? mergeReport(readFileSync(output, 'utf8'), fresh, sectionsRun(options)) : fresh;
    writeFileSync(output, report);
    console.log(`\n${report}\nwritten to ${path.relative(process.cwd(), output)}`);
  } finally {
    await cleanup.run();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
