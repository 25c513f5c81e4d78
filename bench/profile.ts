/**
 * "Where the remaining time goes": while the search mix runs once more, a V8 CPU
 * profile of the app's thread (what `node --cpu-prof` records, taken through the inspector so that
 * only the measured window is in it) and, when the server loads it, `pg_stat_statements` of the
 * bench database. Both are summarised per request, beside the machine's busy time, so that the
 * report says how a request's cost splits between Node, PostgreSQL and the load generator.
 *
 * The profiled run is its own measurement: sampling slows the app a little, so its throughput is
 * not a figure of record.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { Session } from 'node:inspector/promises';
import type pg from 'pg';
import type { Measurement } from './load';

/** The fields of a V8 `.cpuprofile` the summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface TimeShare {
  name: string;
  ms: number;
}

export interface AppProfileSummary {
  /** Milliseconds the app's thread ran JavaScript, native code or GC (not idle). */
  busyMs: number;
  idleMs: number;
  /** Busy time by where it was spent (see `bucketOf`), largest first. */
  buckets: TimeShare[];
  /** The functions with the most self time, with their file and line. */
  top: TimeShare[];
}

export interface StatementShare {
  label: string;
  calls: number;
  totalMs: number;
  rows: number;
  /** Shared buffers hit or read. */
  buffers: number;
}

export type DatabaseProfile =
  { available: true; totalMs: number; calls: number; statements: StatementShare[] } | { available: false; reason: string };

export interface TimeProfile {
  connections: number;
  load: Measurement;
  /** Sampled wall time of the app's thread (running or waiting for a core, not waiting for events). */
  app: AppProfileSummary;
  /** CPU time of the app's thread alone (Linux: /proc), undefined elsewhere. */
  appThreadCpuMs?: number;
  /** CPU of the whole Node process: the app's thread and the load generator's worker threads. */
  nodeProcessCpuMs: number;
  /** CPU of every `postgres` process on this machine (Linux: /proc), undefined elsewhere. */
  postgresCpuMs?: number;
  /** Busy time of every core of the machine (all processes) over the window. */
  machineBusyMs: number;
  cores: number;
  database: DatabaseProfile;
}

const IDLE = '(idle)';
const ROOT = '(root)';

/** Package families whose time the report names on its own. */
const PACKAGE_BUCKETS: [RegExp, string][] = [
  [/^(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-[a-z-]+|packet-reader|buffer-writer)$/, 'pg driver'],
  [/^drizzle-orm$/, 'Drizzle'],
  [/^zod$/, 'zod'],
  [
    /^(fastify|@fastify\/.+|find-my-way|avvio|fast-json-stringify|light-my-request|fast-uri|fast-querystring|fast-content-type-parse|toad-cache|secure-json-parse|ajv.*|abstract-logging|process-warning|rfdc)$/,
    'Fastify (routing, hooks, serialization)',
  ],
  [/^(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped)$/, 'logging (pino)'],
  [/^prom-client$/, 'metrics (prom-client)'],
  [/^(tsx|esbuild|get-tsconfig)$/, 'TypeScript loader (tsx)'],
];

/** Where a function with this script URL belongs; undefined for native code (no URL). */
export function bucketOf(url: string): string | undefined {
  if (url === '') return undefined;
  if (url.startsWith('node:')) return 'Node (HTTP, net, streams, timers)';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg !== undefined) return PACKAGE_BUCKETS.find(([pattern]) => pattern.test(pkg))?.[1] ?? `other packages`;
  const app = /\/src\/server\/(?:modules\/)?([^/]+)/.exec(url)?.[1];
  if (app !== undefined) return `app: src/server/${app.replace(/\.ts$/, '')}`;
  if (/\/src\/shared\//.test(url)) return 'app: src/shared';
  return 'other scripts';
}

function sampleTimes(profile: CpuProfile): Map<number, number> {
  const byNode = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  if (samples && timeDeltas && samples.length === timeDeltas.length) {
    // timeDeltas[i] is the time since the previous sample: sample i-1 ran for it.
    for (let i = 0; i < samples.length; i++) {
      const ms = (timeDeltas[i + 1] ?? 0) / 1000;
      byNode.set(samples[i], (byNode.get(samples[i]) ?? 0) + ms);
    }
    return byNode;
  }
  const hits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const perHit = hits === 0 ? 0 : (profile.endTime - profile.startTime) / 1000 / hits;
  for (const n of profile.nodes) byNode.set(n.id, (n.hitCount ?? 0) * perHit);
  return byNode;
}

const location = (url: string, line: number) => {
  const file = url.replace(/^file:\/\//, '').replace(/^.*?\/(node_modules|src)\//, '$1/');
  return file === '' ? '(native)' : `${file}:${line + 1}`;
};

/**
 * Self time per bucket and per function. Native functions (no script URL, such as JSON.stringify
 * or a regular expression) count where their nearest caller with a URL belongs.
 */
export function summarizeCpuProfile(profile: CpuProfile, topCount = 12): AppProfileSummary {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const bucketFor = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      const bucket = bucketOf(frame.url);
      if (bucket !== undefined) return bucket;
      if (frame.functionName === '(garbage collector)') return 'garbage collection';
    }
    return 'V8 and native code outside any script';
  };
  let idleMs = 0;
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of sampleTimes(profile)) {
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined || frame.functionName === ROOT || ms === 0) continue;
    if (frame.functionName === IDLE) {
      idleMs += ms;
      continue;
    }
    const bucket = bucketFor(id);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${location(frame.url, frame.lineNumber)}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>) =>
    [...m].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name));
  return {
    busyMs: [...buckets.values()].reduce((a, b) => a + b, 0),
    idleMs,
    buckets: sorted(buckets),
    top: sorted(functions).slice(0, topCount),
  };
}

/** Statement families of discovery, matched on the normalised text pg_stat_statements keeps. */
const STATEMENT_LABELS: [RegExp, string][] = [
  [/from "?search_lexeme_counts"?/i, 'spelled-out words (search_lexeme_counts)'],
  [/similarity\(|% \$|word_similarity|from "?company_search_terms"?/i, 'typo terms (pg_trgm)'],
  [/from "?zip_codes"?/i, 'ZIP / city look-up'],
  [/count\(\*\)/i, 'capped count of matches'],
  [/as first_image/i, 'page of cards (walk, sort or circle)'],
  [/from "?company_subcategories"?/i, 'subcategories of the page'],
  [/from "?company_images"?/i, 'first photos of the page'],
  [/from "?categories"?/i, 'category look-up'],
  [/from "?subcategories"?/i, 'subcategory look-up'],
  [/offset \$\d+ limit (1|\$\d+)$/i, 'walk bound (the sort key K places down)'],
  [/^(begin|commit|rollback|set |show |select \$1|select 1\b)/i, 'session and transaction control'],
];

export function statementLabel(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  return STATEMENT_LABELS.find(([pattern]) => pattern.test(text))?.[1] ?? `other: ${text.slice(0, 60)}`;
}

interface StatRow {
  query: string;
  calls: string;
  exec_ms: number;
  rows: string;
  buffers: string;
}

/**
 * Creates pg_stat_statements in the bench database, with planning time counted (the walks are
 * planned on every call), before the app's pool connects; answers why it cannot when the module
 * is not in the server's shared_preload_libraries.
 */
export async function prepareStatementStats(pool: pg.Pool, databaseName: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ setting: string }>(
    `SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'`,
  );
  if (!/\bpg_stat_statements\b/.test(rows[0]?.setting ?? ''))
    return 'pg_stat_statements is not in shared_preload_libraries of this server (bench/README.md says how to run the bench against a cluster that loads it)';
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pool.query(`ALTER DATABASE ${databaseName} SET pg_stat_statements.track_planning = on`);
  return undefined;
}

/** Empties the statement counts now; the answer reads what ran since, grouped by `statementLabel`. */
async function statementStatsFromNow(pool: pg.Pool, unavailable: string | undefined): Promise<() => Promise<DatabaseProfile>> {
  if (unavailable !== undefined) return async () => ({ available: false, reason: unavailable });
  await pool.query('SELECT pg_stat_statements_reset()');
  return async () => {
    const { rows: stats } = await pool.query<StatRow>(
      `SELECT query, calls, total_plan_time + total_exec_time AS exec_ms, rows,
              shared_blks_hit + shared_blks_read AS buffers
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT LIKE '%pg_stat_statements%'`,
    );
    const byLabel = new Map<string, StatementShare>();
    for (const s of stats) {
      const label = statementLabel(s.query);
      const share = byLabel.get(label) ?? { label, calls: 0, totalMs: 0, rows: 0, buffers: 0 };
      share.calls += Number(s.calls);
      share.totalMs += s.exec_ms;
      share.rows += Number(s.rows);
      share.buffers += Number(s.buffers);
      byLabel.set(label, share);
    }
    const statements = [...byLabel.values()].sort((a, b) => b.totalMs - a.totalMs);
    return {
      available: true,
      totalMs: statements.reduce((sum, s) => sum + s.totalMs, 0),
      calls: statements.reduce((sum, s) => sum + s.calls, 0),
      statements,
    };
  };
}

/**
 * Linux: user + system CPU of a process or thread from its /proc stat file, in ms; undefined
 * elsewhere. `withReapedChildren` adds the children it has waited for (cutime, cstime): a
 * PostgreSQL backend that exits mid-window takes its time to the postmaster's, not away.
 */
function procCpuMs(statPath: string, withReapedChildren = false): number | undefined {
  try {
    const stat = readFileSync(statPath, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15,
    // cutime 16, cstime 17.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ticks = fields[11] + fields[12] + (withReapedChildren ? fields[13] + fields[14] : 0);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux build the bench runs on. */
const CLOCK_TICKS = 100;

/** CPU of every process named postgres (the servers, their backends and the backends they reaped), in ms. */
function postgresCpuMs(): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of entries) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone since the listing
    }
    total += procCpuMs(`/proc/${pid}/stat`, true) ?? 0;
  }
  return total;
}

const appThreadCpuMs = () => procCpuMs(`/proc/self/task/${process.pid}/stat`);

const difference = (after: number | undefined, before: number | undefined) =>
  after === undefined || before === undefined ? undefined : after - before;

const machineBusyMs = () =>
  os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);

/**
 * Runs `load` with the app's thread under the CPU profiler and the database's statements counted;
 * `cpuProfilePath` keeps the raw profile (open it in Chrome's DevTools, Performance tab).
 */
export async function profileWhile(
  connections: number,
  pool: pg.Pool,
  statementStatsUnavailable: string | undefined,
  load: () => Promise<Measurement>,
  cpuProfilePath?: string,
): Promise<TimeProfile> {
  const readStatements = await statementStatsFromNow(pool, statementStatsUnavailable);
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    const machineBefore = machineBusyMs();
    const cpuBefore = process.cpuUsage();
    const threadBefore = appThreadCpuMs();
    const postgresBefore = postgresCpuMs();
    await session.post('Profiler.start');
    const measured = await load();
    const { profile } = await session.post('Profiler.stop');
    const cpu = process.cpuUsage(cpuBefore);
    const thread = difference(appThreadCpuMs(), threadBefore);
    const postgres = difference(postgresCpuMs(), postgresBefore);
    const machine = machineBusyMs() - machineBefore;
    if (cpuProfilePath !== undefined) await writeFile(cpuProfilePath, JSON.stringify(profile));
    return {
      connections,
      load: measured,
      app: summarizeCpuProfile(profile),
      appThreadCpuMs: thread,
      nodeProcessCpuMs: (cpu.user + cpu.system) / 1000,
      postgresCpuMs: postgres,
      machineBusyMs: machine,
      cores: os.cpus().length,
      database: await readStatements(),
    };
  } finally {
    session.disconnect();
  }
}
