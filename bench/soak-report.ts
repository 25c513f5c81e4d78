/**
 * The figures of `npm run bench:soak` (soak.ts) out of the raw samples: memory and CPU of the app
 * process per phase and per minute, the pass/fail rules, and the markdown of bench/soak-results.md.
 */
// The worker imports this module too: no value imports here, so that it never loads the app's code.
import type { SoakWorkerResult } from './soak-worker';
import type { Latencies } from './latencies';

export const ROUTES = ['search', 'company', 'category', 'quoteCreate', 'quoteSubmit', 'message'] as const;
export type Route = (typeof ROUTES)[number];

export const ROUTE_LABELS: Record<Route, string> = {
  search: 'GET /api/search',
  company: 'GET /api/companies/{id}',
  category: 'GET /api/categories/{id}/companies',
  quoteCreate: 'POST /api/quotes',
  quoteSubmit: 'POST /api/quotes/{id}/submit',
  message: 'POST /api/quotes/{id}/companies/{companyId}/messages',
};

const int = new Intl.NumberFormat('en-US');
const formatCount = (n: number) => int.format(n);
const formatMs = (ms: number) => (Number.isNaN(ms) ? '—' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

/** One reading of the app process (and of the whole machine) from /proc. */
export interface ProcSample {
  epoch: number;
  rssKb: number;
  /** utime + stime of the app process, in clock ticks. */
  appTicks: number;
  /** utime + stime of the PostgreSQL backends connected to the bench database (clock ticks). */
  postgresTicks: number;
  /** CPU time of the bench process (its worker thread sends all the traffic), microseconds. */
  benchMicros: number;
  /** Busy and total jiffies of all CPUs (/proc/stat). */
  machineBusy: number;
  machineTotal: number;
}

export interface SoakSettings {
  minutes: number;
  warmupMinutes: number;
  sockets: number;
  companies: number;
  rateScale: number;
  adminUrl: string;
  output: string;
}

export interface SoakRun {
  date: string;
  machine: string;
  cores: number;
  loadBefore: string;
  loadAfter: string;
  postgres: string;
  database: string;
  settings: SoakSettings;
  /** Target requests per second of each route (quoteSubmit: one per created quote). */
  rates: Record<Route, number>;
  seedSeconds: number;
  clockTicks: number;
  sampleSeconds: number;
  samples: ProcSample[];
  worker: SoakWorkerResult;
  appLog: { errorLines: number; warnLines: number; otherLines: number; errorSamples: string[] };
}

export interface Rule {
  what: string;
  figure: string;
  met: boolean;
}

const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mb = (kb: number) => (Number.isNaN(kb) ? '—' : (kb / 1024).toFixed(1));
const pct = (x: number) => (Number.isNaN(x) ? '—' : `${x.toFixed(1)}%`);

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The sample closest in time to `epoch`. */
function nearest(samples: ProcSample[], epoch: number): ProcSample | undefined {
  let best: ProcSample | undefined;
  for (const s of samples) if (!best || Math.abs(s.epoch - epoch) < Math.abs(best.epoch - epoch)) best = s;
  return best;
}

/** The app's CPU time over [from, to] as a share of one core, and the machine's busy share. */
export function cpuBetween(run: Pick<SoakRun, 'samples' | 'clockTicks'>, from: number, to: number) {
  const a = nearest(run.samples, from);
  const b = nearest(run.samples, to);
  if (!a || !b || b.epoch <= a.epoch) return { app: NaN, postgres: NaN, bench: NaN, machine: NaN };
  const seconds = (b.epoch - a.epoch) / 1000;
  return {
    app: (100 * (b.appTicks - a.appTicks)) / run.clockTicks / seconds,
    postgres: (100 * (b.postgresTicks - a.postgresTicks)) / run.clockTicks / seconds,
    bench: (100 * (b.benchMicros - a.benchMicros)) / 1e6 / seconds,
    machine: (100 * (b.machineBusy - a.machineBusy)) / (b.machineTotal - a.machineTotal),
  };
}

export interface MemoryFigures {
  atStart: number;
  endOfWarmup: number;
  peak: number;
  atEnd: number;
  /** Length of the first and last windows compared (a minute, or half of a shorter run). */
  windowSeconds: number;
  firstWindow: number;
  lastWindow: number;
  growth: number;
}

export function memoryFigures(run: SoakRun): MemoryFigures {
  const { measureStartEpoch: start, endEpoch: end } = run.worker;
  const w = Math.min(60_000, (end - start) / 2);
  const rss = (from: number, to: number) => run.samples.filter((s) => s.epoch >= from && s.epoch <= to).map((s) => s.rssKb);
  const firstWindow = median(rss(start, start + w));
  const lastWindow = median(rss(end - w, end));
  return {
    atStart: run.samples[0]?.rssKb ?? NaN,
    endOfWarmup: nearest(run.samples, start)?.rssKb ?? NaN,
    peak: Math.max(...run.samples.map((s) => s.rssKb)),
    atEnd: nearest(run.samples, end)?.rssKb ?? NaN,
    windowSeconds: w / 1000,
    firstWindow,
    lastWindow,
    growth: lastWindow / firstWindow - 1,
  };
}

export const RSS_GROWTH_LIMIT = 0.1;

export function rules(run: SoakRun): Rule[] {
  const w = run.worker;
  const errors = (phase: 'warmup' | 'measure') => ROUTES.reduce((n, r) => n + w.routes[phase][r].errors, 0);
  const requests = (phase: 'warmup' | 'measure') => ROUTES.reduce((n, r) => n + w.routes[phase][r].count, 0);
  const lost = w.delivery.lost.warmup + w.delivery.lost.measure;
  const expected = w.delivery.expected.warmup + w.delivery.expected.measure;
  const memory = memoryFigures(run);
  return [
    {
      what: 'zero request errors (warm-up and measured)',
      figure: `${errors('measure')} of ${formatCount(requests('measure'))} measured, ${errors('warmup')} of ${formatCount(requests('warmup'))} in warm-up`,
      met: errors('measure') === 0 && errors('warmup') === 0,
    },
    {
      what: 'zero lost messages (`new_message` on the recipient socket)',
      figure: `${lost} of ${formatCount(expected)}`,
      met: lost === 0,
    },
    {
      what: 'zero unexpected socket closes',
      figure: `${w.unexpectedCloses} closes, ${w.socketErrors} socket errors, ${w.stillOpen} of ${w.connect.sockets} open at the end`,
      met: w.unexpectedCloses === 0 && w.socketErrors === 0 && w.stillOpen === run.settings.sockets,
    },
    {
      what: `app RSS growth < ${RSS_GROWTH_LIMIT * 100}% after warm-up`,
      figure: Number.isNaN(memory.growth)
        ? 'not measurable (no samples in a window)'
        : `${(memory.growth * 100).toFixed(1)}% (${mb(memory.firstWindow)} → ${mb(memory.lastWindow)} MB)`,
      met: memory.growth < RSS_GROWTH_LIMIT,
    },
    {
      what: 'no app log line at level error or fatal',
      figure: `${run.appLog.errorLines} (and ${run.appLog.warnLines} warnings, ${run.appLog.otherLines} other lines)`,
      met: run.appLog.errorLines === 0,
    },
  ];
}

const fmtLatency = (l: Latencies) => [formatMs(l.p50), formatMs(l.p95), formatMs(l.p99), formatMs(l.max)];

export function renderSoakReport(run: SoakRun): string {
  const w = run.worker;
  const s = run.settings;
  const measureSeconds = (w.endEpoch - w.measureStartEpoch) / 1000;
  const memory = memoryFigures(run);
  const cpuMeasured = cpuBetween(run, w.measureStartEpoch, w.endEpoch);
  const ruleList = rules(run);
  const passed = ruleList.every((r) => r.met);
  const totalRate = ROUTES.reduce((n, r) => n + run.rates[r], 0);

  const routeRows = ROUTES.map((r) => {
    const m = w.routes.measure[r];
    return [
      ROUTE_LABELS[r],
      `${run.rates[r].toFixed(2)} / ${m.achievedRate.toFixed(2)}`,
      formatCount(m.count),
      String(m.errors),
      ...fmtLatency(m.latency),
    ];
  });
  const warmRows = ROUTES.map((r) => {
    const m = w.routes.warmup[r];
    return [ROUTE_LABELS[r], formatCount(m.count), String(m.errors), formatMs(m.latency.p99)];
  });
  const minuteRows = w.minutes.map((m) => {
    const from = w.measureStartEpoch + (m.minute - 1) * 60_000;
    const to = Math.min(from + 60_000, w.endEpoch);
    const rss = median(run.samples.filter((x) => x.epoch >= from && x.epoch <= to).map((x) => x.rssKb));
    const cpu = cpuBetween(run, from, to);
    return [
      String(m.minute),
      formatCount(m.requests),
      String(m.errors),
      formatMs(m.p99),
      mb(rss),
      pct(cpu.app),
      pct(cpu.postgres),
      pct(cpu.machine),
    ];
  });

  return [
    '# Soak results (`npm run bench:soak`)',
    '',
    `**${passed ? 'PASS' : 'FAIL'}** — ${run.date}. bench/README.md ("Soak") says how each figure is made.`,
    '',
    `- Machine: ${run.machine}; load average (1 min) ${run.loadBefore} before, ${run.loadAfter} after`,
    `- Database: PostgreSQL ${run.postgres} (\`${run.database}\`, dropped afterwards), ${formatCount(s.companies)} synthetic companies, ` +
      `${s.sockets} seeded users (${s.sockets / 2} customers, ${s.sockets / 2} vendors) — seeding took ${run.seedSeconds.toFixed(0)} s`,
    `- Options: \`--minutes ${s.minutes} --warmup-minutes ${s.warmupMinutes} --sockets ${s.sockets} --companies ${s.companies} --rate-scale ${s.rateScale}\``,
    `- App: its own process (\`node --enable-source-maps dist/server/main.js\`, NODE_ENV=production, LOG_LEVEL=warn), pool of 20; ` +
      `clients in a worker thread of the bench process`,
    `- Target traffic: ${totalRate.toFixed(1)} requests/s in all (${ROUTES.map((r) => `${ROUTE_LABELS[r]} ${run.rates[r]}/s`).join(', ')}), open loop; ` +
      `${w.connect.sockets} WebSockets open throughout (connected in ${w.connect.seconds.toFixed(1)} s)`,
    `- CPU over the measured ${(measureSeconds / 60).toFixed(1)} min, in shares of one core: the app ${pct(cpuMeasured.app)}, ` +
      `its PostgreSQL backends ${pct(cpuMeasured.postgres)}, the bench process (clients) ${pct(cpuMeasured.bench)}; ` +
      `the whole machine (${run.cores} cores, anything else running included) ${pct(cpuMeasured.machine)} busy`,
    `- Sender lag (schedule → request handed to the client): p99 ${formatMs(w.senderLag.p99)} ms, max ${formatMs(w.senderLag.max)} ms`,
    '',
    '## Rules',
    '',
    table(
      ['rule', 'figure', 'status'],
      ruleList.map((r) => [r.what, r.figure, r.met ? 'met' : '**FAILED**']),
    ),
    '',
    '## Routes (measured phase)',
    '',
    'Latency in ms, from handing the request to the HTTP client to the end of the answer; successful requests only.',
    '',
    table(['route', 'rate/s target / achieved', 'requests', 'errors', 'p50', 'p95', 'p99', 'max'], routeRows),
    '',
    `Message delivery (POST sent → \`new_message\` on the recipient's socket), measured phase: ` +
      `p50 ${formatMs(w.delivery.latency.p50)} ms, p95 ${formatMs(w.delivery.latency.p95)} ms, p99 ${formatMs(w.delivery.latency.p99)} ms, ` +
      `max ${formatMs(w.delivery.latency.max)} ms over ${formatCount(w.delivery.latency.count)} messages; ` +
      `lost ${w.delivery.lost.measure} (measured) + ${w.delivery.lost.warmup} (warm-up).`,
    '',
    '## Memory of the app process (VmRSS)',
    '',
    table(
      [
        'at start (idle, before sockets)',
        'end of warm-up',
        'peak',
        'at end',
        `first ${memory.windowSeconds.toFixed(0)} s (median)`,
        `last ${memory.windowSeconds.toFixed(0)} s (median)`,
        'growth',
      ],
      [
        [
          mb(memory.atStart),
          mb(memory.endOfWarmup),
          mb(memory.peak),
          mb(memory.atEnd),
          mb(memory.firstWindow),
          mb(memory.lastWindow),
          Number.isNaN(memory.growth) ? '—' : `${(memory.growth * 100).toFixed(1)}%`,
        ],
      ],
    ),
    '',
    `MB = MiB; sampled every ${run.sampleSeconds} s (${run.samples.length} samples).`,
    '',
    '## Per minute (measured phase)',
    '',
    'CPU in shares of one core (app, its PostgreSQL backends); machine busy over all cores.',
    '',
    table(
      ['minute', 'requests', 'errors', 'p99 (all routes, ms)', 'RSS MB (median)', 'app CPU', 'PostgreSQL CPU', 'machine busy'],
      minuteRows,
    ),
    '',
    `## Warm-up (${s.warmupMinutes} min, not in the figures above)`,
    '',
    table(['route', 'requests', 'errors', 'p99'], warmRows),
    ...(w.errorSamples.length > 0
      ? [
          '',
          '## Error samples (first 5 per route)',
          '',
          ...w.errorSamples.map(
            (e) => `- ${e.phase}: \`${e.request}\` → ${e.status}: \`${e.body.replace(/`/g, "'").replace(/\s+/g, ' ')}\``,
          ),
        ]
      : []),
    ...(w.closeSamples.length > 0 ? ['', '## Socket closes and errors', '', ...w.closeSamples.map((c) => `- ${c}`)] : []),
    ...(run.appLog.errorSamples.length > 0
      ? [
          '',
          '## App log lines at level error/fatal (first 5)',
          '',
          ...run.appLog.errorSamples.map((l) => `- \`${l.slice(0, 500).replace(/`/g, "'")}\``),
        ]
      : []),
    '',
  ].join('\n');
}
