/** The markdown report: the same text is printed and written to bench/results.md. */
import os from 'node:os';
import { BUDGET_KB, type FrontendSizes } from './frontend-sizes';
import type { ImagesResult, PipelineRow, WorkMeasurement } from './images';
import { GEO_IMPORT_MEMORY_FACTOR, GEO_IMPORT_TARGET_SECONDS, type GeoImportResult, type GeoImportRun } from './geo-import';
import { INSIGHT_P99_TARGET_MS, type InsightResult } from './insight';
import type { LoginsResult } from './logins';
import type { MailStallResult } from './mail-stall';
import { requestsPerSecond, type Measurement } from './load';
import type { ExplainRow } from './explain-discovery';
import type { NearPlaceProfileRow } from './explain-near-place';
import type { TimeProfile } from './profile';
import type { BenchOptions, Part } from './options';
import { DELIVERY_P99_TARGET_MS, type RealtimeResult } from './realtime';
import type { Latencies } from './latencies';
import type { PostLoop } from './realtime-worker';

export interface RouteResult {
  /** "(b) GET /api/search?q=plumbing" */
  label: string;
  app: Measurement;
  /** Context such as "7,142 matches". */
  note?: string;
  raw?: {
    /** The main statement alone (listingQuery / companyByIdQuery). */
    main: Measurement;
    mainLabel: string;
    /** Every statement the request runs, one after the other. */
    all: Measurement;
    statementCount: number;
  };
  /** Search routes carry targets: p99 ≤ 100 ms (250 at 1,000,000 companies), ≥ 60% of raw-SQL throughput. */
  isSearch: boolean;
}

/** A service near a place (`nearPlaceMix`) against company-by-id, measured in the same run. */
export interface NearPlaceResult {
  requests: number;
  dense: number;
  sparse: number;
  rows: { connections: number; near: Measurement; byId: Measurement }[];
  /** The statement of each request, explained (see explain-near-place.ts). */
  profile: NearPlaceProfileRow[];
  /**
   * The same mix at 100,000 companies as the report kept it, for a run at 1,000,000 to compare
   * with (read from results.md before it is rewritten).
   */
  reference?: NearPlaceReference;
}

/** Part (j) of a run at 100,000 companies, as read back from its report. */
export interface NearPlaceReference {
  date: string;
  /** At 10 connections. */
  requestsPerSecond: number;
  /** Company by id at 10 connections in the same run: the machine's pace that day. */
  byIdRequestsPerSecond: number;
  /** The profile's means over all places, when the report has them. */
  matches?: number;
  executionMs?: number;
}

/** The search mix against company-by-id, measured in the same run. */
export interface SearchMixResult {
  requests: number;
  paths: string[];
  /** `byIdUnprepared`: the same route on a second app whose statements are not prepared (as the company page once was). */
  rows: { connections: number; mix: Measurement; byId: Measurement; byIdUnprepared: Measurement }[];
}

/** A public page rendered by the server against the JSON of its main data, in the same run. */
export interface PageRenderResult {
  visitors: number;
  rows: {
    page: string;
    htmlPath: string;
    /** The API calls that paint the page in the browser (the render's own, recorded). */
    apiCalls: string[];
    /** The one call that answers the page's main data. */
    mainPath: string;
    /** Visits of one page rendered by the server. */
    html: Measurement;
    /** Visits of the page's API calls, asked for together. */
    json: Measurement;
    /** Visits of the main call alone. */
    main: Measurement;
  }[];
}

export interface PostgresResult {
  database: string;
  serverVersion: string;
  companies: number;
  seedSeconds: { catalogue: number; companies: number };
  ceiling: Measurement;
  routes: RouteResult[];
  mix: SearchMixResult;
  nearPlace: NearPlaceResult;
  pages: PageRenderResult;
  explained: ExplainRow[];
  profile: TimeProfile;
}

export interface EmbeddedResult {
  companies: number;
  seedSeconds: number;
  healthConnections: number;
  healthAlone: Measurement;
  healthUnderLoad: Measurement;
  searchUnderLoad: Measurement;
  searchConnections: number;
  /** Distinct requests of the search mix the clients send. */
  searchRequests: number;
  /** The near-a-place mix (part (j)) alone, at `searchConnections`. */
  nearPlace: Measurement;
  nearPlaceRequests: number;
}

export interface Target {
  what: string;
  figure: string;
  met: boolean;
}

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const formatCount = (n: number) => int.format(n);
/** autocannon records whole milliseconds (its 0 means "under 1 ms"); raw SQL times are fractional. */
export const formatMs = (ms: number) =>
  Number.isNaN(ms)
    ? '—'
    : ms === 0
      ? '<1'
      : Number.isInteger(ms) || ms >= 100
        ? ms.toFixed(0)
        : ms < 10
          ? ms.toFixed(2)
          : ms.toFixed(1);
const formatRate = (m: Measurement) => int.format(requestsPerSecond(m));
const formatShare = (part: number, whole: number) => `${((100 * part) / whole).toFixed(part / whole < 0.1 ? 1 : 0)}%`;
const formatKb = (kb: number) => kb.toFixed(1);
const verdict = (met: boolean) => (met ? '**met**' : '**missed**');

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const failedCell = (m: Measurement) => (m.failed > 0 ? formatCount(m.failed) : '0');

export function postgresTargets(result: PostgresResult): Target[] {
  const targets: Target[] = [];
  const atMillion = result.companies >= 1_000_000;
  for (const route of result.routes.filter((r) => r.isSearch)) {
    const limit = atMillion ? 250 : 100;
    targets.push({
      what: `${route.label}: p99 ≤ ${limit} ms`,
      figure: `${formatMs(route.app.p99)} ms`,
      met: route.app.p99 <= limit,
    });
    if (!atMillion && route.raw) {
      const share = requestsPerSecond(route.app) / requestsPerSecond(route.raw.main);
      targets.push({
        what: `${route.label}: ≥ 60% of raw-SQL throughput (${route.raw.mainLabel})`,
        figure: formatShare(share, 1),
        met: share >= 0.6,
      });
    }
  }
  return targets;
}

/** The mix's targets (stated for 100,000 and 1,000,000 companies). */
export function searchMixTargets(result: PostgresResult): Target[] {
  const atMillion = result.companies >= 1_000_000;
  const targets: Target[] = [];
  for (const row of result.mix.rows) {
    const share = requestsPerSecond(row.mix) / requestsPerSecond(row.byId);
    const p99Limit = row.connections <= 10 ? (atMillion ? 100 : 50) : atMillion ? 500 : 300;
    if (row.connections === 50) {
      const shareTarget = atMillion ? 0.35 : 0.5;
      targets.push({
        what: `search mix at ${row.connections} connections: ≥ ${Math.round(shareTarget * 100)}% of company-by-id throughput`,
        figure: formatShare(share, 1),
        met: share >= shareTarget,
      });
    }
    targets.push({
      what: `search mix at ${row.connections} connections: p99 ≤ ${p99Limit} ms`,
      figure: `${formatMs(row.mix.p99)} ms`,
      met: row.mix.p99 <= p99Limit,
    });
    const gain = requestsPerSecond(row.byId) / requestsPerSecond(row.byIdUnprepared);
    targets.push({
      what: `company by id at ${row.connections} connections: ≥ 2× its throughput with unprepared statements (as before)`,
      figure: `${gain.toFixed(2)}×`,
      met: gain >= 2,
    });
  }
  return targets;
}

/** Part (j)'s throughput at 100,000 companies before the work on it (the run of 2026-11-27, 10 connections). */
export const NEAR_PLACE_BEFORE = { date: '2026-11-27', requestsPerSecond: 262 };

/**
 * A service near a place, stated for 100,000 and 1,000,000 companies: p99 ≤ 30 ms at 10
 * connections and ≤ 150 ms at 50 (50 and 300 at 1,000,000), and at least 11% of company-by-id's
 * throughput in the same run (a search may cost what showing its nine cards costs, not more).
 * Two more compare runs at 10 connections: at 100,000, at least 3× the throughput before the
 * work on it; at 1,000,000, at least 70% of the same mix at 100,000 (the cost follows the page,
 * not the catalogue).
 */
export function nearPlaceTargets(result: PostgresResult): Target[] {
  const atMillion = result.companies >= 1_000_000;
  const targets: Target[] = [];
  for (const row of result.nearPlace.rows) {
    const p99Limit = row.connections <= 10 ? (atMillion ? 50 : 30) : atMillion ? 300 : 150;
    targets.push({
      what: `near a place at ${row.connections} connections: p99 ≤ ${p99Limit} ms`,
      figure: `${formatMs(row.near.p99)} ms`,
      met: row.near.p99 <= p99Limit,
    });
    if (row.connections !== 10) continue;
    const share = requestsPerSecond(row.near) / requestsPerSecond(row.byId);
    targets.push({
      what: `near a place at ${row.connections} connections: ≥ 11% of company-by-id throughput`,
      figure: formatShare(share, 1),
      met: share >= 0.11,
    });
    const rate = requestsPerSecond(row.near);
    if (result.companies === 100_000) {
      const gain = rate / NEAR_PLACE_BEFORE.requestsPerSecond;
      targets.push({
        what: `near a place at 10 connections: ≥ 3× its throughput before the work on it (${formatCount(NEAR_PLACE_BEFORE.requestsPerSecond)} req/s, ${NEAR_PLACE_BEFORE.date})`,
        figure: `${formatCount(rate)} req/s (${gain.toFixed(1)}×)`,
        met: gain >= 3,
      });
    }
    const reference = result.nearPlace.reference;
    const kept = keptAtMillion(result);
    if (reference && kept !== undefined) {
      // The runs are apart in time on a shared machine: each one's share of company-by-id (its
      // pace that day) is the steadier comparison, printed beside the throughputs the target names.
      const referenceShare = reference.requestsPerSecond / reference.byIdRequestsPerSecond;
      targets.push({
        what: `near a place at 10 connections: ≥ 70% of the same mix at 100,000 companies (the run of ${reference.date})`,
        figure:
          `${formatCount(rate)} against ${formatCount(reference.requestsPerSecond)} req/s (${formatShare(kept, 1)}); ` +
          `as shares of company by id in each run, ${formatShare(share, 1)} against ${formatShare(referenceShare, 1)} ` +
          `(${formatShare(share / referenceShare, 1)})`,
        met: kept >= 0.7,
      });
    }
  }
  return targets;
}

/**
 * At 1,000,000 companies with a 100,000 run to compare with: the mix's throughput at 10
 * connections as a share of that run's.
 */
function keptAtMillion(result: PostgresResult): number | undefined {
  const reference = result.nearPlace.reference;
  const row = result.nearPlace.rows.find((r) => r.connections === 10);
  if (result.companies !== 1_000_000 || !reference || !row) return undefined;
  return requestsPerSecond(row.near) / reference.requestsPerSecond;
}

const NEAR_PLACE_ROW = /^\| near a place \(\d+ distinct requests\), 10 connections \| ([\d,]+) \|/m;
const BY_ID_ROW = /^\| GET \/api\/companies\/\{id\}, 10 connections \| ([\d,]+) \|/m;
const PROFILE_ALL_ROW = /^\| all places \| [\d,]+ \| [\d,.]+ \| ([\d,.]+) \(median [\d,]+\) \|(?: [^|]+ \|){3} ([\d.]+) \|/m;

/**
 * Part (j) at 100,000 companies from a report this module wrote: its throughput at 10
 * connections, the date of the run that measured it, and the profile's means when present.
 */
export function nearPlaceReferenceOf(report: string): NearPlaceReference | undefined {
  const { header, sections } = splitReport(report);
  const section = sections.get('postgres');
  if (!section || !/: 100,000 companies$/.test(section.split('\n')[0])) return undefined;
  // Part (j)'s own subsection: the search mix's table has a company-by-id row too.
  const part = /^### A service near a place\n[\s\S]*?(?=^### |(?![\s\S]))/m.exec(section)?.[0] ?? '';
  const rate = NEAR_PLACE_ROW.exec(part)?.[1];
  const byId = BY_ID_ROW.exec(part)?.[1];
  if (!rate || !byId) return undefined;
  const kept = new RegExp(`${KEPT_NOTE}(.*?) \\(`).exec(section)?.[1];
  const date = kept ?? /^- Date: (.*)$/m.exec(header)?.[1] ?? 'unknown date';
  const profile = PROFILE_ALL_ROW.exec(part);
  const number = (text: string) => Number(text.replaceAll(',', ''));
  return {
    date,
    requestsPerSecond: number(rate),
    byIdRequestsPerSecond: number(byId),
    ...(profile && { matches: number(profile[1]), executionMs: number(profile[2]) }),
  };
}

/** A table row: a measurement's rate, p50, p99 and failures, and its throughput as a share of company-by-id's. */
function againstById(label: string, measured: Measurement, byId: Measurement): string[] {
  const share = formatShare(requestsPerSecond(measured), requestsPerSecond(byId));
  return [label, formatRate(measured), formatMs(measured.p50), formatMs(measured.p99), share, failedCell(measured)];
}

export function renderNearPlace(result: PostgresResult, options: BenchOptions): string {
  const near = result.nearPlace;
  const rows = near.rows.flatMap((row) => [
    againstById(`near a place (${near.requests} distinct requests), ${row.connections} connections`, row.near, row.byId),
    againstById(`GET /api/companies/{id}, ${row.connections} connections`, row.byId, row.byId),
  ]);
  return [
    '### A service near a place',
    '',
    `What customers send most (\`nearPlaceMix\` in \`src/server/test/search-mix.ts\`): a service word or two plus a ZIP code ` +
      `(${near.dense} dense cities, ${near.sparse} sparse places, the default 25-mile radius), pages 1–5, every sort, cycled in a ` +
      `fixed order, against one company by id, ${options.duration} s each after ${options.warmup} s of warm-up; no result cache. ` +
      `Two targets compare runs: at 100,000 companies, this mix's throughput against its figure before the work on it; at ` +
      `1,000,000, against the same mix at 100,000 as \`results.md\` kept it (≥ 70%).`,
    '',
    table(['route', 'req/s', 'p50 ms', 'p99 ms', '× by id', 'failed'], rows),
    '',
    renderTargets(nearPlaceTargets(result)),
    '',
    renderNearPlaceProfile(result),
  ].join('\n');
}

/** Where the statement's time goes, and, when the comparison with 100,000 companies is missed, what grew. */
function renderNearPlaceProfile(result: PostgresResult): string {
  const { profile, reference } = result.nearPlace;
  const two = (n: number) => n.toFixed(2);
  const whole = (n: number) => formatCount(n);
  const rows = profile.map((p) => [
    `${p.places} places`,
    whole(p.requests),
    whole(p.candidates),
    `${whole(p.matches)} (median ${whole(p.medianMatches)})`,
    two(p.indexMs),
    two(p.heapMs),
    two(p.restMs),
    two(p.executionMs),
    whole(p.indexBuffers),
    whole(p.heapBuffers),
  ]);
  const all = profile.find((p) => p.places === 'all');
  const kept = keptAtMillion(result);
  let why = '';
  if (kept !== undefined && kept < 0.7 && all && reference?.matches !== undefined && reference.executionMs !== undefined) {
    why =
      `\n\nWhy the comparison with 100,000 companies is missed: a request's statement reads ${whole(all.matches)} matches on average here ` +
      `against ${whole(reference.matches)} at 100,000 (${(all.matches / Math.max(1, reference.matches)).toFixed(1)}×), and takes ` +
      `${two(all.executionMs)} ms against ${two(reference.executionMs)} ms. Every match is read to be counted (up to the cap) and ` +
      "sorted for the page: the index merges the words' postings with the cells', and the heap is read for each candidate, " +
      'so both follow how many companies near the place hold the words, which grows with the catalogue. The rest of the ' +
      "request (HTTP, the cards' JSON) is the same at both sizes. See docs/decisions/014-words-near-a-place.md for what was " +
      'measured to bound it.';
  }
  return (
    [
      "Where the statement's time goes: `EXPLAIN (ANALYZE, BUFFERS)` of the app's one statement for each request, one after the " +
        'other with the machine otherwise idle, after a first pass that warms the buffers (means a request; timing every node ' +
        'makes them slower than under load). Candidates are the companies the index of words and grid cells hands over, matches ' +
        'those of them in the circle; the rest is the count, the sort for the page and its cards.',
      '',
      table(
        [
          'places',
          'requests',
          'candidates',
          'matches',
          'index ms',
          'heap ms',
          'rest ms',
          'execution ms',
          'index buffers',
          'heap buffers',
        ],
        rows,
      ),
    ].join('\n') + why
  );
}

/**
 * Rendering a page may add at most the API's own time again: the page's p99 ≤ 2 × the p99 of the
 * JSON API answering the same data (its calls, asked for together), at 100,000 companies.
 */
export function pageRenderTargets(result: PostgresResult): Target[] {
  return result.pages.rows.map((row) => ({
    what: `${row.page} page, ${result.pages.visitors} visitors: HTML p99 ≤ 2 × the p99 of its data as JSON`,
    figure: `${formatMs(row.html.p99)} ms against ${formatMs(row.json.p99)} ms (${(row.html.p99 / Math.max(row.json.p99, 1)).toFixed(2)}×)`,
    met: row.html.p99 <= 2 * Math.max(row.json.p99, 1),
  }));
}

function renderPages(result: PostgresResult, options: BenchOptions): string {
  const rows = result.pages.rows.flatMap((row) => [
    [
      `${row.page}: HTML \`${row.htmlPath}\``,
      formatRate(row.html),
      formatMs(row.html.p50),
      formatMs(row.html.p99),
      formatShare(requestsPerSecond(row.html), requestsPerSecond(row.json)),
      failedCell(row.html),
    ],
    [
      `  ↳ its data as JSON: ${row.apiCalls.map((call) => `\`${call}\``).join(' + ')}`,
      formatRate(row.json),
      formatMs(row.json.p50),
      formatMs(row.json.p99),
      '100%',
      failedCell(row.json),
    ],
    [
      `  ↳ the main call alone: \`${row.mainPath}\``,
      formatRate(row.main),
      formatMs(row.main.p50),
      formatMs(row.main.p99),
      formatShare(requestsPerSecond(row.main), requestsPerSecond(row.json)),
      failedCell(row.main),
    ],
  ]);
  return [
    '### Public pages: HTML rendered by the server against the same data as JSON',
    '',
    `A visit is what a visitor's browser asks for to show the page: the page rendered by the server (the screen rendered by ` +
      `React, its data read from the API in-process, the query cache written into the page; uncompressed, as the client asks ` +
      `for no encoding), against the API calls that painted the same page in the browser before it was rendered — recorded ` +
      `from the render itself and asked for together, as a browser does — and the page's main call alone. ` +
      `${result.pages.visitors} visitors at once, each starting its next visit when the last one ended; rates are visits a ` +
      `second, times a whole visit's; ${options.duration} s each after ${options.warmup} s of warm-up, in the same run.`,
    '',
    table(['page', 'visits/s', 'p50 ms', 'p99 ms', '× its JSON', 'failed'], rows),
    '',
    renderTargets(pageRenderTargets(result)),
  ].join('\n');
}

function renderSearchMix(result: PostgresResult, options: BenchOptions): string {
  const rows = result.mix.rows.flatMap((row) => [
    againstById(`search mix (${result.mix.requests} distinct requests), ${row.connections} connections`, row.mix, row.byId),
    againstById(`GET /api/companies/{id}, ${row.connections} connections`, row.byId, row.byId),
    [
      `  ↳ the same, statements not prepared`,
      formatRate(row.byIdUnprepared),
      formatMs(row.byIdUnprepared.p50),
      formatMs(row.byIdUnprepared.p99),
      formatShare(requestsPerSecond(row.byIdUnprepared), requestsPerSecond(row.byId)),
      failedCell(row.byIdUnprepared),
    ],
  ]);
  return [
    '### The search mix',
    '',
    `What visitors send (\`src/server/test/search-mix.ts\`: common and rare words, misspellings, two words, ZIP and city radius, ` +
      `category pages with and without a subcategory, pages 1–5, every sort), cycled in a fixed order, against one company by id, ` +
      `${options.duration} s each after ${options.warmup} s of warm-up; no result cache.`,
    '',
    table(['route', 'req/s', 'p50 ms', 'p99 ms', '× by id', 'failed'], rows),
    '',
    renderTargets(searchMixTargets(result)),
  ].join('\n');
}

export function embeddedTargets(result: EmbeddedResult): Target[] {
  return [
    {
      what: `embedded: /api/health p99 ≤ 50 ms while ${result.searchConnections} clients search`,
      figure: `${formatMs(result.healthUnderLoad.p99)} ms`,
      met: result.healthUnderLoad.p99 <= 50,
    },
    {
      what: `embedded: search mix p99 ≤ 200 ms at ${result.searchConnections} connections (at 100,000 companies)`,
      figure: `${formatMs(result.searchUnderLoad.p99)} ms at ${formatCount(result.companies)} companies`,
      met: result.searchUnderLoad.p99 <= 200 && result.companies >= 100_000,
    },
    {
      what: `embedded: a service near a place, p99 ≤ 100 ms at ${result.searchConnections} connections (at 100,000 companies)`,
      figure: `${formatMs(result.nearPlace.p99)} ms at ${formatCount(result.companies)} companies`,
      met: result.nearPlace.p99 <= 100 && result.companies >= 100_000,
    },
  ];
}

export function frontendTargets(result: FrontendSizes): Target[] {
  return result.pages
    .filter((p) => p.built)
    .map((p) => ({
      what: `${p.page} page: JS before interaction ≤ ${BUDGET_KB} KB gzip`,
      figure: `${formatKb(p.totalKb)} KB`,
      met: p.totalKb <= BUDGET_KB,
    }));
}

function renderPostgres(result: PostgresResult, options: BenchOptions): string {
  const ceilingRate = requestsPerSecond(result.ceiling);
  const rows: string[][] = [
    [
      '(a) ceiling: bare Fastify `{"ok":true}`',
      formatRate(result.ceiling),
      formatMs(result.ceiling.p50),
      formatMs(result.ceiling.p99),
      '100%',
      '—',
      '—',
      failedCell(result.ceiling),
      '',
    ],
  ];
  for (const route of result.routes) {
    const rate = requestsPerSecond(route.app);
    rows.push([
      route.label,
      formatRate(route.app),
      formatMs(route.app.p50),
      formatMs(route.app.p99),
      formatShare(rate, ceilingRate),
      route.raw ? formatShare(rate, requestsPerSecond(route.raw.main)) : '—',
      route.raw ? formatShare(rate, requestsPerSecond(route.raw.all)) : '—',
      failedCell(route.app),
      route.note ?? '',
    ]);
    if (route.raw) {
      const { main, all } = route.raw;
      rows.push([
        `  ↳ raw SQL: ${route.raw.mainLabel}`,
        formatRate(main),
        formatMs(main.p50),
        formatMs(main.p99),
        formatShare(requestsPerSecond(main), ceilingRate),
        '100%',
        '',
        failedCell(main),
        '',
      ]);
      rows.push([
        `  ↳ raw SQL: all ${route.raw.statementCount} statements of the request, in order`,
        formatRate(all),
        formatMs(all.p50),
        formatMs(all.p99),
        formatShare(requestsPerSecond(all), ceilingRate),
        '',
        '100%',
        failedCell(all),
        '',
      ]);
    }
  }
  const targets = postgresTargets(result);
  return [
    `${result.companies >= MILLION ? '## 1–2 (1M). ' : '## 1–2. '}PostgreSQL ${result.serverVersion}: ${formatCount(result.companies)} companies`,
    '',
    `Seeding (fresh database \`${result.database}\`, dropped afterwards): migrations + catalogue + ZIP codes ${result.seedSeconds.catalogue.toFixed(1)} s; ` +
      `${formatCount(result.companies)} companies with SQL + VACUUM ANALYZE ${result.seedSeconds.companies.toFixed(1)} s.`,
    '',
    `${options.connections} connections (HTTP) or ${options.connections} concurrent workers on a \`pg\` pool of 20, the app's own size (raw SQL), ` +
      `${options.duration} s each after ${options.warmup} s of warm-up.`,
    '',
    table(['route', 'req/s', 'p50 ms', 'p99 ms', '× ceiling', '× raw SQL (main)', '× raw SQL (all)', 'failed', 'note'], rows),
    '',
    renderTargets(
      targets,
      result.companies < 100_000
        ? `Targets are stated for 100,000 companies; this run used ${formatCount(result.companies)}.`
        : undefined,
    ),
    '',
    renderSearchMix(result, options),
    '',
    renderNearPlace(result, options),
    '',
    renderPages(result, options),
    '',
    renderExplained(result),
    '',
    renderProfile(result.profile, result.mix.requests),
  ].join('\n');
}

function renderExplained(result: PostgresResult): string {
  const rows = result.explained.map((row) => [
    row.what,
    formatCount(row.matches),
    formatCount(row.companiesRead),
    formatCount(row.buffers),
    row.executionMs.toFixed(2),
  ]);
  return [
    '### Rows read per statement',
    '',
    `\`EXPLAIN (ANALYZE, BUFFERS)\` of the statements behind a page, on this run's ${formatCount(result.companies)} companies, idle: ` +
      'how many companies each one reads (kept or filtered away, summed over the plan) against how many match. ' +
      "A page walks the sort's index only as far as its bound (the buffers count the index's pages too); one word is not counted, " +
      'and the count of several words stops at its cap, its text-index scan merging their spelled-out lexemes; ' +
      'a word whose walks both fail still sorts all its matches (see docs/decisions/007-discovery-reads-the-page.md).',
    '',
    table(['statement', 'matches', 'companies read', 'buffers', 'ms'], rows),
  ].join('\n');
}

function renderEmbedded(result: EmbeddedResult, options: BenchOptions): string {
  const rows = [
    [
      `GET /api/health alone (${result.healthConnections} connection)`,
      formatRate(result.healthAlone),
      formatMs(result.healthAlone.p50),
      formatMs(result.healthAlone.p99),
      failedCell(result.healthAlone),
    ],
    [
      `GET /api/health (${result.healthConnections} connection) while…`,
      formatRate(result.healthUnderLoad),
      formatMs(result.healthUnderLoad.p50),
      formatMs(result.healthUnderLoad.p99),
      failedCell(result.healthUnderLoad),
    ],
    [
      `…the search mix (${result.searchRequests} distinct requests, ${result.searchConnections} connections) at the same time`,
      formatRate(result.searchUnderLoad),
      formatMs(result.searchUnderLoad.p50),
      formatMs(result.searchUnderLoad.p99),
      failedCell(result.searchUnderLoad),
    ],
    [
      `a service near a place alone (part (j)'s ${result.nearPlaceRequests} distinct requests, ${result.searchConnections} connections)`,
      formatRate(result.nearPlace),
      formatMs(result.nearPlace.p50),
      formatMs(result.nearPlace.p99),
      failedCell(result.nearPlace),
    ],
  ];
  return [
    `## 3. Embedded database (PGlite in its worker thread): ${formatCount(result.companies)} companies`,
    '',
    `Seeding (migrations, catalogue, ZIP codes, ${formatCount(result.companies)} companies with the same SQL through the app's pool, VACUUM ANALYZE): ${result.seedSeconds.toFixed(1)} s. ` +
      `Two autocannon instances run at once for ${options.duration} s.`,
    '',
    table(['measurement', 'req/s', 'p50 ms', 'p99 ms', 'failed'], rows),
    '',
    renderTargets(embeddedTargets(result)),
  ].join('\n');
}

function renderFrontend(result: FrontendSizes): string {
  const rows = result.pages.map((p) =>
    p.built
      ? [
          p.page,
          `\`${p.source}\``,
          String(p.chunks),
          formatKb(p.entryKb),
          formatKb(p.routeKb),
          formatKb(p.totalKb),
          `${BUDGET_KB}`,
          verdict(p.totalKb <= BUDGET_KB),
        ]
      : [p.page, `\`${p.source}\``, '—', '—', '—', '—', `${BUDGET_KB}`, p.reason],
  );
  return [
    '## 4. Front-end: JavaScript loaded before interaction (gzip, KB)',
    '',
    `Entry chunk + its static imports (modulepreload) + the route's lazy chunk + its static imports; CSS not counted. Measured build: ${result.buildDescription}.`,
    '',
    table(['page', 'source', 'chunks', 'entry + imports', 'route chunks', 'total', 'budget', 'status'], rows),
  ].join('\n');
}

function renderImages(result: ImagesResult, options: BenchOptions): string {
  const { photo, baseline, pipeline, steps, outputs, serving } = result;
  const kb = (bytes: number) => `${formatCount(bytes / 1024)} KB`;
  const workRows: string[][] = [];
  const workRow = (row: PipelineRow, m: WorkMeasurement) => {
    const base = m.concurrency === 2 && baseline.two ? baseline.two : baseline.one;
    workRows.push([
      row.label,
      String(m.concurrency),
      m.rate.toFixed(2),
      formatMs(m.p50),
      formatMs(m.p99),
      formatMs(m.cpuMs),
      row.comparedWith ? formatShare(m.rate, base.rate) : '100%',
      row.comparedWith ? `${(m.cpuMs / base.cpuMs).toFixed(1)}×` : '1×',
      String(m.count),
    ]);
  };
  for (const row of [baseline, pipeline, ...steps]) {
    workRow(row, row.one);
    if (row.two) workRow(row, row.two);
  }
  const twoGain = (row: PipelineRow) => (row.two ? `${formatShare(row.two.rate, row.one.rate)} of one at a time` : '—');
  const mozjpegSaves = 1 - outputs.mozjpegBytes / outputs.display.bytes;

  const ceilingRate = requestsPerSecond(serving.ceiling);
  const ceiling304Rate = requestsPerSecond(serving.ceilingNotModified);
  const mbPerSecond = (m: Measurement) => ((requestsPerSecond(m) * serving.objectBytes) / 2 ** 20).toFixed(0);
  const serveRows = [
    [
      `@fastify/static, \`reply.sendFile\` with reads of ${serving.readBytes / 1024} KiB (the ceiling)`,
      serving.ceiling,
      ceilingRate,
      true,
    ],
    [
      `@fastify/static as registered by default (reads of ${serving.defaultReadBytes / 1024} KiB)`,
      serving.ceilingDefault,
      ceilingRate,
      true,
    ],
    ['app `GET /api/objects/{id}`', serving.app, ceilingRate, true],
    ['@fastify/static, `If-None-Match` its ETag → 304', serving.ceilingNotModified, ceiling304Rate, false],
    ['app, `If-None-Match` its ETag → 304', serving.appNotModified, ceiling304Rate, false],
  ] as const;
  return [
    '## 5. Images',
    '',
    `Input: a ${photo.width}×${photo.height} JPEG made with sharp in memory (gradient, blobs, texture and grain; quality 90; ${formatCount(photo.exifBytes)} bytes of camera EXIF, orientation 1), ` +
      `${(photo.bytes / 1e6).toFixed(2)} MB. sharp ${result.sharp.version} on libvips ${result.sharp.vips}: ${result.sharp.concurrency} libvips thread(s) per image (\`sharp.concurrency()\`), ` +
      `${result.sharp.threadpool} libuv threads; libvips' operation cache off while measuring (uploads are never identical).`,
    '',
    `### Pipeline: \`processImage\` with the company-photo rules`,
    '',
    `Each line loops for ${result.pipelineSeconds} s (and on until at least 5 images are done) after one unrecorded image per loop; with a handful of images, p99 is the slowest one. ` +
      '"CPU" is the process\'s CPU time (all threads) per image; one at a time, CPU above the p50 means one image kept more than one core busy. ' +
      'On a machine shared with other work, CPU per image is the steadier figure: wall times stretch with the load average, CPU times much less. ' +
      'The baseline is the least work any pipeline does with these bytes: sharp decodes them, resizes inside 1600 and encodes one JPEG with default settings.',
    '',
    table(
      ['work', 'at once', 'images/s', 'p50 ms', 'p99 ms', 'CPU ms/image', '× baseline throughput', 'CPU ÷ baseline', 'images'],
      workRows,
    ),
    '',
    `Two at a time (2 cores): the baseline reaches ${twoGain(baseline)}, \`processImage\` ${twoGain(pipeline)}.`,
    '',
    `Output: display ${outputs.display.contentType} ${outputs.display.width}×${outputs.display.height}, ${kb(outputs.display.bytes)}` +
      ` (EXIF ${outputs.display.keepsExif ? '**kept**' : 'removed'}); thumbnail WebP ${outputs.thumbnail.width}×${outputs.thumbnail.height}, ${kb(outputs.thumbnail.bytes)}. ` +
      `The baseline's JPEG (quality 80): ${kb(outputs.baselineBytes)}; the display size at quality 82 with mozjpeg: ${kb(outputs.mozjpegBytes)}, ` +
      `so mozjpeg would ${mozjpegSaves >= 0 ? 'save' : 'add'} ${(100 * Math.abs(mozjpegSaves)).toFixed(1)}% on this picture.`,
    '',
    `### Serving: \`GET /api/objects/{id}\``,
    '',
    `The real app (\`buildApp\`, production, \`LOG_LEVEL=warn\`) on ${serving.database} — a fresh database, dropped afterwards — with the file object store; ` +
      `the photo uploaded once through \`POST /api/upload/single\` after signing up. The object is its display rendition (${serving.contentType}, ${kb(serving.objectBytes)}); ` +
      `after the first request its row comes from the service's cache, so no database is on the measured path. ` +
      `The ceiling: a bare Fastify app in the same process, @fastify/static sending the same file (same content type, immutable caching) ` +
      `with reads of ${serving.readBytes / 1024} KiB like the app's \`createReadStream\`; registered with its defaults, @fastify/static reads ${serving.defaultReadBytes / 1024} KiB at a time. ` +
      `${options.connections} connections, ${options.duration} s each, after ${options.warmup} s of warm-up for the 200s (the 304s follow on warm servers). ` +
      `The client keeps no bodies (autocannon would decode each to a string and become the bottleneck); bytes still cross the socket.`,
    '',
    table(
      ['request', 'req/s', 'MB/s', 'p50 ms', 'p99 ms', '× @fastify/static', 'failed'],
      serveRows.map(([label, m, reference, withBody]) => [
        label,
        formatRate(m),
        withBody ? mbPerSecond(m) : '—',
        formatMs(m.p50),
        formatMs(m.p99),
        formatShare(requestsPerSecond(m), reference),
        failedCell(m),
      ]),
    ),
  ].join('\n');
}

function renderRealtime(result: RealtimeResult, options: BenchOptions): string {
  const { steady, baseline, loaded } = result;
  const lat = (l: Latencies | undefined) => (l ? [formatMs(l.p50), formatMs(l.p99), formatMs(l.max)] : ['—', '—', '—']);
  const loopRate = (m: PostLoop) => m.ok / m.durationSeconds;
  const baseRate = loopRate(baseline);
  const deliveryRows = [
    [
      `steady sender, ${steady.rate} messages/s for ${steady.durationSeconds} s`,
      formatCount(steady.ok),
      ...lat(steady.delivery),
      formatCount(steady.lost),
      `${formatCount(steady.unreadUpdates)} of ${formatCount(steady.ok)}`,
    ],
    [
      `closed loop, ${result.concurrency} senders as fast as answered`,
      formatCount(loaded.ok),
      ...lat(loaded.delivery),
      formatCount(loaded.lost ?? 0),
      '—',
    ],
  ];
  const postRows = [
    [
      `closed loop, ${result.concurrency} senders, 0 sockets (baseline)`,
      formatCount(baseRate),
      formatMs(baseline.latency.p50),
      formatMs(baseline.latency.p99),
      '100%',
      formatCount(baseline.failed),
    ],
    [
      `closed loop, ${result.concurrency} senders, ${formatCount(result.connect.sockets)} sockets`,
      formatCount(loopRate(loaded)),
      formatMs(loaded.latency.p50),
      formatMs(loaded.latency.p99),
      formatShare(loopRate(loaded), baseRate),
      formatCount(loaded.failed),
    ],
    [
      `steady sender (${steady.rate}/s, sent at ${steady.achievedRate.toFixed(1)}/s), ${formatCount(result.connect.sockets)} sockets`,
      formatCount(steady.ok / steady.durationSeconds),
      formatMs(steady.post.p50),
      formatMs(steady.post.p99),
      '—',
      formatCount(steady.failed),
    ],
  ];
  const atTarget = result.sockets >= 2000;
  const targets: Target[] = [
    {
      what: `\`new_message\` delivery p99 ≤ ${DELIVERY_P99_TARGET_MS} ms at 2,000 sockets (steady sender)`,
      figure: `${formatMs(steady.delivery.p99)} ms at ${formatCount(result.connect.sockets)} sockets`,
      met: steady.delivery.p99 <= DELIVERY_P99_TARGET_MS && atTarget,
    },
    {
      what: 'no frame lost',
      figure: `${formatCount(steady.lost + (loaded.lost ?? 0))} lost`,
      met: steady.lost + (loaded.lost ?? 0) === 0,
    },
  ];
  const fds =
    result.fdLimit === undefined
      ? ''
      : ` File descriptors: ${result.fdsAtPeak === undefined ? '?' : formatCount(result.fdsAtPeak)} open with every socket connected, soft limit ${Number.isFinite(result.fdLimit) ? formatCount(result.fdLimit) : 'unlimited'}.`;
  return [
    `## 6. Realtime: ${formatCount(result.connect.sockets)} WebSocket clients`,
    '',
    `The real app (\`buildApp\`, production, \`LOG_LEVEL=warn\`, its pool of 20, events by NOTIFY through its \`PostgresEventBus\`) on ${result.database}, a fresh database dropped afterwards: ` +
      `${formatCount(result.sockets)} users (${formatCount(result.customers)} customers with one quote each, to the companies of two of the ${formatCount(result.vendors)} vendors), ` +
      `${formatCount(result.conversations)} conversations, users, companies, quotes and sessions inserted with one SQL statement each (sessions as \`AuthService\` stores them; cookies signed with the app's secret); setup ${result.setupSeconds.toFixed(1)} s. ` +
      `Each user has one socket on \`/ws\`, all in one worker thread of the bench process (the app keeps the main thread); connecting them (${result.connectBatch} at a time) took ${result.connect.seconds.toFixed(1)} s.${fds}`,
    '',
    `Messages are JSON \`{message}\` POSTs to \`/api/quotes/{id}/companies/{companyId}/messages\`, conversations in a prime stride, customer and vendor in turn (no coin cost), so recipients vary (${formatCount(steady.distinctRecipients)} distinct in the steady run). ` +
      `Delivery: from the POST being sent to the \`new_message\` frame on the recipient's socket, both timed in the worker; a message answered 201 whose frame is not there 5 s after the last answer is lost. ` +
      `${options.duration} s per measurement, ${options.warmup} s of warm-up before each closed loop.`,
    '',
    table(['delivery', 'messages', 'p50 ms', 'p99 ms', 'max ms', 'lost', 'unread updates'], deliveryRows),
    '',
    table(['POST …/messages', 'req/s', 'p50 ms', 'p99 ms', '× baseline', 'failed'], postRows),
    '',
    renderTargets(
      targets,
      atTarget ? undefined : `The target is stated for 2,000 sockets; this run used ${formatCount(result.sockets)}.`,
    ),
  ].join('\n');
}

/** The other route may lose at most this share of its throughput while 20 clients log in. */
const LOGINS_THROUGHPUT_FLOOR = 0.5;
/** …and its p99 may grow at most this much. */
const LOGINS_P99_CEILING = 3;

function renderInsight(result: InsightResult, options: BenchOptions): string {
  const rate = (m: Measurement) => m.ok / m.durationSeconds;
  const baseline = result.routes[0].measurement;
  const million = result.companies >= MILLION;
  const targets: Target[] = result.routes
    .filter((route) => route.target)
    .map((route) => ({
      what: `${route.label}: p99 ≤ ${INSIGHT_P99_TARGET_MS} ms at ${route.connections} connection${route.connections === 1 ? '' : 's'}`,
      figure: `${formatMs(route.measurement.p99)} ms`,
      met: route.measurement.p99 <= INSIGHT_P99_TARGET_MS && route.measurement.failed === 0,
    }));
  const unrolled = [...result.unrolledMs].sort((a, b) => a - b)[1] ?? result.unrolledMs[0];
  return [
    `## 9${million ? ' (1M)' : ''}. Insight: the operator's and a pro's screens at ${formatCount(result.companies)} companies and ${formatCount(result.quotes)} requests`,
    '',
    `A fresh PostgreSQL database, seeded in ${result.seedSeconds.toFixed(0)} s: ${result.rows.map((row) => `${formatCount(row.count)} ${row.label.replaceAll('_', ' ')}`).join(', ')}. ` +
      'Companies were created over three years and requests over the last year (each to two companies; 60% of the pairs answered within two days and charged, 5% of charges refunded, 10% of requests hired), with page views and listing appearances for a sample of companies each day and ten times more today, which is always computed live.',
    '',
    `The roll-up job (\`insight.daily-figures\`) by itself: its first run stored every day since the first account in ${result.firstRollUp.seconds.toFixed(1)} s (${result.firstRollUp.result}); a regular run, the last 30 days again, took ${result.regularRollUp.seconds.toFixed(1)} s. ` +
      `Without roll-ups, an answer would compute its days from the source tables: 30 days take ${formatMs(unrolled)} ms (median of 3, one at a time).`,
    '',
    `The real app (\`buildApp\`, production, its pool of 20), signed in as an administrator, after its job runner's first pass; autocannon for ${options.duration} s per row after ${options.warmup} s of warm-up. The operator's screens are held to the target as their one user asks them (1 connection) and shown with 10 beside; a pro's screen, which many pros use at once, with 10, cycling through 200 companies that received requests.`,
    '',
    table(
      ['route', 'connections', 'req/s', 'p50 ms', 'p99 ms', '× baseline p99', 'failed'],
      result.routes.map((route) => [
        route.label,
        String(route.connections),
        formatCount(rate(route.measurement)),
        formatMs(route.measurement.p50),
        formatMs(route.measurement.p99),
        (route.measurement.p99 / Math.max(baseline.p99, 1)).toFixed(1),
        formatCount(route.measurement.failed),
      ]),
    ),
    '',
    renderTargets(
      targets,
      million
        ? undefined
        : `The target is stated for 1,000,000 companies and requests (\`npm run bench:1m -- --parts insight\`); this run used ${formatCount(result.companies)}.`,
    ),
  ].join('\n');
}

function renderGeoImport(result: GeoImportResult): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  const { small, first, again } = result;
  const row = (run: GeoImportRun) => [
    run.label,
    formatCount(run.lines),
    run.seconds.toFixed(1),
    (run.seconds / result.baselineSeconds).toFixed(1),
    mb(run.peakRssBytes),
    run.summary.replace(/^GB: /, ''),
  ];
  const changedAgain = /\(0 added, 0 changed, 0 removed\)/.test(again.summary);
  return [
    `## 10. Postal-code import: ${formatCount(result.lines)} lines of the GeoNames format into PostgreSQL`,
    '',
    `The operator's command (\`geo:import\`, the built \`dist/server/ops.js\` with \`COUNTRY=GB\`) loading synthetic British postcodes, 5,000 to an outward code, into a fresh, migrated database: a file of a tenth of the lines, then the full one (${mb(result.fileBytes)}), then the full one again. ` +
      "Memory is the command's peak resident set (VmHWM). The baseline is the server writing as many rows by one INSERT … SELECT into a plain table, in the same run.",
    '',
    table(
      ['run', 'lines', 'seconds', '× baseline', 'peak RSS', 'report'],
      [
        row(small),
        row(first),
        row(again),
        ['baseline: INSERT … SELECT', formatCount(result.lines), result.baselineSeconds.toFixed(1), '1.0', '', ''],
      ],
    ),
    '',
    renderTargets([
      {
        what: `${formatCount(result.lines)} lines import in ≤ ${GEO_IMPORT_TARGET_SECONDS} s`,
        figure: `${first.seconds.toFixed(0)} s`,
        met: first.seconds <= GEO_IMPORT_TARGET_SECONDS,
      },
      {
        what: `bounded memory: ten times the lines, peak RSS within ${GEO_IMPORT_MEMORY_FACTOR}× the small file's`,
        figure: `${(first.peakRssBytes / Math.max(small.peakRssBytes, 1)).toFixed(2)}×`,
        met: first.peakRssBytes <= GEO_IMPORT_MEMORY_FACTOR * small.peakRssBytes,
      },
      {
        what: 'importing the same file again changes nothing',
        figure: again.summary.replace(/^.*\((.*)\).*$/, '$1'),
        met: changedAgain,
      },
    ]),
  ].join('\n');
}

function renderLogins(result: LoginsResult, options: BenchOptions): string {
  const rate = (m: Measurement) => m.ok / m.durationSeconds;
  const argon = result.hashes[0];
  const throughputShare = rate(result.withLogins) / rate(result.alone);
  const p99Ratio = result.withLogins.p99 / Math.max(result.alone.p99, 1);
  return [
    '## 7. Logins: password hashing beside other requests',
    '',
    `What one hash costs here, each timed one after the other in the bench process (the mean of ${argon.count} after one unrecorded):`,
    '',
    table(
      ['hash', 'ms per hash', '× argon2id'],
      result.hashes.map((h) => [h.label, h.ms.toFixed(1), (h.ms / argon.ms).toFixed(2)]),
    ),
    '',
    `The real app (\`buildApp\`, production, on a fresh PostgreSQL database) answers \`GET ${result.otherPath}\` to autocannon with ${result.otherConnections} connections for ${options.duration} s after ${options.warmup} s of warm-up, ` +
      `then again while ${result.loginClients} clients (a worker thread, one account each) log in as fast as they can, each after its previous answer. ` +
      `The app hashes ${result.hashConcurrency} at a time (cores − 1), off the event loop; the other logins wait their turn.`,
    '',
    table(
      ['measurement', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
      [
        [
          `GET ${result.otherPath} alone`,
          formatCount(rate(result.alone)),
          formatMs(result.alone.p50),
          formatMs(result.alone.p99),
          formatCount(result.alone.failed),
        ],
        [
          `GET ${result.otherPath} with ${result.loginClients} logging in`,
          formatCount(rate(result.withLogins)),
          formatMs(result.withLogins.p50),
          formatMs(result.withLogins.p99),
          formatCount(result.withLogins.failed),
        ],
        [
          `POST /api/auth/login (${result.loginClients} clients)`,
          (result.logins.ok / result.logins.durationSeconds).toFixed(1),
          formatMs(result.logins.latency.p50),
          formatMs(result.logins.latency.p99),
          formatCount(result.logins.failed),
        ],
      ],
    ),
    '',
    renderTargets([
      {
        what: `\`${result.otherPath}\` keeps ≥ ${LOGINS_THROUGHPUT_FLOOR * 100}% of its throughput while ${result.loginClients} clients log in`,
        figure: `${(throughputShare * 100).toFixed(0)}%`,
        met: throughputShare >= LOGINS_THROUGHPUT_FLOOR,
      },
      {
        what: `…and its p99 grows at most ${LOGINS_P99_CEILING}×`,
        figure: `${p99Ratio.toFixed(2)}×`,
        met: p99Ratio <= LOGINS_P99_CEILING,
      },
      {
        what: 'every login answered 200',
        figure: `${formatCount(result.logins.failed)} failed`,
        met: result.logins.failed === 0,
      },
    ]),
  ].join('\n');
}

/** Search may lose at most this share of its throughput while the mail server stalls. */
const MAIL_STALL_THROUGHPUT_FLOOR = 0.75;

function renderMailStall(result: MailStallResult, options: BenchOptions): string {
  const rate = (m: Measurement) => m.ok / m.durationSeconds;
  const share = rate(result.stalled) / rate(result.alone);
  const signups = (run: 'alone' | 'stalled') => {
    const s = result.signups[run];
    return [
      `sign-ups meanwhile (${result.signupsPerSecond}/s)`,
      `${formatCount(s.ok)} of ${formatCount(s.tried)}`,
      '—',
      formatMs(s.p99),
      formatCount(s.tried - s.ok),
    ];
  };
  return [
    '## 8. Search while the mail server stalls',
    '',
    `The real app (\`buildApp\`, production) on the **embedded database** (PGlite in its worker, ${formatCount(result.companies)} companies) answers \`GET /api/search?q=plumbing\` with ${result.searchConnections} connections for ${options.duration} s after ${options.warmup} s of warm-up, ` +
      `while ${result.signupsPerSecond} sign-ups a second each queue a verification mail — twice on the same database: with a mail server that answers at once, then with one that accepts connections and never answers ` +
      `(it accepted ${formatCount(result.mailConnections)}; ${formatCount(result.queuedAtEnd)} notices were still waiting at the end). Only the mail server differs between the two. \`/api/health\` was asked once a second through both.`,
    '',
    table(
      ['measurement', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
      [
        [
          'search, mail server answering',
          formatCount(rate(result.alone)),
          formatMs(result.alone.p50),
          formatMs(result.alone.p99),
          formatCount(result.alone.failed),
        ],
        signups('alone'),
        [
          'search, mail server never answering',
          formatCount(rate(result.stalled)),
          formatMs(result.stalled.p50),
          formatMs(result.stalled.p99),
          formatCount(result.stalled.failed),
        ],
        signups('stalled'),
      ],
    ),
    '',
    renderTargets([
      {
        what: `search keeps ≥ ${MAIL_STALL_THROUGHPUT_FLOOR * 100}% of its throughput when the mail server stalls`,
        figure: `${(share * 100).toFixed(0)}%, p99 ${formatMs(result.alone.p99)} → ${formatMs(result.stalled.p99)} ms`,
        met: share >= MAIL_STALL_THROUGHPUT_FLOOR,
      },
      {
        what: '/api/health answers 200 throughout (the database is not held)',
        figure: `${result.healthNot200.alone + result.healthNot200.stalled} of ${result.healthNot200.samples} not 200`,
        met: result.healthNot200.alone + result.healthNot200.stalled === 0,
      },
    ]),
  ].join('\n');
}

function renderTargets(targets: Target[], note?: string): string {
  if (targets.length === 0) return '';
  return [
    table(
      ['target', 'figure', 'status'],
      targets.map((t) => [t.what, t.figure, verdict(t.met)]),
    ),
    ...(note ? ['', note] : []),
  ].join('\n');
}

export function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** 1-minute load average: other work on the machine shows here and skews every figure. */
export const loadAverage = () => os.loadavg()[0].toFixed(2);

export function renderReport(
  options: BenchOptions,
  parts: {
    postgres?: PostgresResult;
    embedded?: EmbeddedResult;
    frontend?: FrontendSizes;
    images?: ImagesResult;
    realtime?: RealtimeResult;
    logins?: LoginsResult;
    mailStall?: MailStallResult;
    insight?: InsightResult;
    geoImport?: GeoImportResult;
  },
  run: { startedAt: Date; loadAtStart: string },
): string {
  const args = process.argv.slice(2).join(' ');
  const sections = [
    '# Benchmark results',
    '',
    `- Date: ${run.startedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    `- Machine: ${machineDescription()}`,
    `- 1-minute load average: ${run.loadAtStart} at the start, ${loadAverage()} at the end (anything above ~0 before the start is other work sharing the cores)`,
    `- Companies: ${formatCount(options.companies)} on PostgreSQL, ${formatCount(options.embeddedCompanies)} on the embedded database`,
    `- Load: ${options.connections} connections, ${options.duration} s per measurement after ${options.warmup} s of warm-up; app, ceiling, autocannon (worker threads) and PostgreSQL share this machine`,
    `- Reproduce: \`npm run bench${args ? ` -- ${args}` : ''}\` (see bench/README.md)`,
  ];
  if (parts.postgres) sections.push('', renderPostgres(parts.postgres, options));
  if (parts.embedded) sections.push('', renderEmbedded(parts.embedded, options));
  if (parts.frontend) sections.push('', renderFrontend(parts.frontend));
  if (parts.images) sections.push('', renderImages(parts.images, options));
  if (parts.realtime) sections.push('', renderRealtime(parts.realtime, options));
  if (parts.logins) sections.push('', renderLogins(parts.logins, options));
  if (parts.mailStall) sections.push('', renderMailStall(parts.mailStall, options));
  if (parts.insight) sections.push('', renderInsight(parts.insight, options));
  if (parts.geoImport) sections.push('', renderGeoImport(parts.geoImport));
  return `${sections.join('\n')}\n`;
}

const MILLION = 1_000_000;

/**
 * What a section of the report holds: a part of the bench, or the PostgreSQL part at a million
 * companies (`npm run bench:1m`), kept beside the 100,000 one.
 */
export type Section = Part | 'postgres-1m' | 'insight-1m';

/** The sections a run writes: its parts, the PostgreSQL one under its own key at a million. */
export function sectionsRun(options: Pick<BenchOptions, 'parts' | 'companies'>): Section[] {
  return options.parts.map((part) =>
    (part === 'postgres' || part === 'insight') && options.companies >= MILLION ? (`${part}-1m` as const) : part,
  );
}

/** Which section a part of the report is, by its heading's number. */
const SECTION_PARTS: [string, Section][] = [
  ['## 1–2. ', 'postgres'],
  ['## 1–2 (1M). ', 'postgres-1m'],
  ['## 3. ', 'embedded'],
  ['## 4. ', 'frontend'],
  ['## 5. ', 'images'],
  ['## 6. ', 'realtime'],
  ['## 7. ', 'logins'],
  ['## 8. ', 'mailstall'],
  ['## 9. ', 'insight'],
  ['## 9 (1M). ', 'insight-1m'],
  ['## 10. ', 'geoimport'],
];
const KEPT_NOTE = '_Kept from the run of ';

function splitReport(text: string): { header: string; sections: Map<Section, string> } {
  const [header, ...chunks] = text.split(/\n(?=## )/);
  const sections = new Map<Section, string>();
  for (const chunk of chunks) {
    const part = SECTION_PARTS.find(([prefix]) => chunk.startsWith(prefix))?.[1];
    if (part) sections.set(part, chunk.trimEnd());
  }
  return { header: header.trimEnd(), sections };
}

/**
 * The report of a run of some parts (`--parts`) merged into the previous file: this run's header
 * and sections, and the previous file's sections of the parts not run, each marked with the date
 * and load average of the run that measured it.
 */
export function mergeReport(previous: string, fresh: string, partsRun: Section[]): string {
  const old = splitReport(previous);
  const now = splitReport(fresh);
  const date = /^- Date: (.*)$/m.exec(old.header)?.[1] ?? 'unknown date';
  const load = /^- 1-minute load average: ([^,(]*)/m.exec(old.header)?.[1]?.trim() ?? '?';
  const sections: string[] = [];
  for (const [, part] of SECTION_PARTS) {
    if (partsRun.includes(part)) {
      const section = now.sections.get(part);
      if (section) sections.push(section);
      continue;
    }
    const section = old.sections.get(part);
    if (!section) continue;
    if (section.includes(KEPT_NOTE)) sections.push(section);
    else {
      const [heading, ...rest] = section.split('\n');
      sections.push([heading, '', `${KEPT_NOTE}${date} (1-minute load average ${load}), not this one._`, ...rest].join('\n'));
    }
  }
  return `${[now.header, ...sections].join('\n\n')}\n`;
}

/** The profile of the mix: how a request's machine time splits, and where in each part. */
function renderProfile(profile: TimeProfile, distinctRequests: number): string {
  const requests = profile.load.ok;
  // Fractions of a millisecond matter here: two decimals throughout (formatMs reads 0 as autocannon's "<1").
  const perRequest = (ms: number) => (ms / requests).toFixed(2);
  const { app, database } = profile;
  const cpuSentence =
    profile.appThreadCpuMs !== undefined && profile.postgresCpuMs !== undefined
      ? `the app's thread used ${perRequest(profile.appThreadCpuMs)} ms of CPU, the load generator's worker threads ` +
        `(and Node's helper threads) ${perRequest(profile.nodeProcessCpuMs - profile.appThreadCpuMs)} ms, PostgreSQL's processes ` +
        `${perRequest(profile.postgresCpuMs)} ms, and everything else (other work on the machine, interrupts) ` +
        `${perRequest(Math.max(0, profile.machineBusyMs - profile.nodeProcessCpuMs - profile.postgresCpuMs))} ms. `
      : `the Node process (the app's thread and the load generator's worker threads) used ${perRequest(profile.nodeProcessCpuMs)} ms of CPU. `;
  const databaseSentence = database.available
    ? `PostgreSQL's statements took ${perRequest(database.totalMs)} ms a request of planning and execution ` +
      `(${(database.calls / requests).toFixed(1)} statements; wall time summed over its backends, which includes waiting for a core): ` +
      'the last table splits it. '
    : `The database's statements are not split: ${database.reason}. `;
  const paragraph =
    `The mix (${distinctRequests} distinct requests) once more at ${profile.connections} connections for ${profile.load.durationSeconds.toFixed(0)} s, ` +
    `the app's thread under V8's CPU profiler (sampling every 0.5 ms; this run's throughput, ${formatRate(profile.load)} req/s, is not a figure of record) ` +
    `and the database's statements counted by pg_stat_statements. Per request, the machine's ${profile.cores} cores were busy ` +
    `${perRequest(profile.machineBusyMs)} ms: ` +
    cpuSentence +
    `The app's thread was busy (not waiting for events) ${perRequest(app.busyMs)} ms of wall time a request, more than its CPU when it waits ` +
    'for a core; the first two tables split that time. ' +
    databaseSentence;
  const share = (ms: number, whole: number) => `${((100 * ms) / whole).toFixed(1)}%`;
  const sections = [
    '### Where the time goes',
    '',
    paragraph,
    '',
    "The app's thread, by where its busy time was spent (native functions such as JSON.stringify count where their caller belongs):",
    '',
    table(
      ['part', 'ms a request', 'share of busy'],
      app.buckets.map((b) => [b.name, perRequest(b.ms), share(b.ms, app.busyMs)]),
    ),
    '',
    'Its functions with the most self time:',
    '',
    table(
      ['function', 'ms a request', 'share of busy'],
      app.top.map((f) => [`\`${f.name}\``, perRequest(f.ms), share(f.ms, app.busyMs)]),
    ),
  ];
  if (database.available)
    sections.push(
      '',
      'The database, by statement (pg_stat_statements, planning and execution):',
      '',
      table(
        ['statement', 'calls a request', 'ms a call', 'ms a request', 'share', 'rows a call', 'buffers a call'],
        database.statements.map((s) => [
          s.label,
          (s.calls / requests).toFixed(2),
          formatMs(s.totalMs / s.calls),
          perRequest(s.totalMs),
          share(s.totalMs, database.totalMs),
          formatCount(s.rows / s.calls),
          formatCount(s.buffers / s.calls),
        ]),
      ),
    );
  return sections.join('\n');
}
