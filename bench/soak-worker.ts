/**
 * The client side of `npm run bench:soak` (soak.ts), in its own worker thread so that it never
 * shares an event loop with the bench's bookkeeping: one WebSocket per seeded user, open for the
 * whole run, and OPEN-LOOP traffic at fixed rates — request k of a route is sent at
 * start + k × interval whatever happened to request k − 1, so a slow answer never slows the sender
 * (a closed loop would hide a slowing server behind a falling request rate).
 * Every request is timed from the moment it is handed to the HTTP client to the end of its answer;
 * every message answered 201 is expected as a `new_message` frame on its recipient's socket.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import type { Conversation } from './realtime-worker';
import { closeSockets, openAllSockets, type Frame } from './user-sockets';
import { latencies, type Latencies } from './latencies';
import type { WorkerReport } from './ts-worker';
import { ROUTES, type Route } from './soak-report';

export interface SoakJob {
  origin: string;
  /** One per user: its id and the Cookie header of its session; the first `customers` are customers. */
  users: { id: number; cookie: string }[];
  customers: number;
  conversations: Conversation[];
  /** Company pages requested in turn. */
  companyIds: number[];
  categoryIds: number[];
  /** Real ZIP codes (of synthetic companies) for searches with a location. */
  zips: string[];
  /** Active, unowned synthetic companies, grouped by category: a quote goes to 1–3 of one group. */
  quoteGroups: number[][];
  /** Requests per second of each scheduled route (quoteSubmit follows each created quote). */
  rates: Record<Exclude<Route, 'quoteSubmit'>, number>;
  warmupSeconds: number;
  measureSeconds: number;
  connectBatch: number;
}

export interface ErrorSample {
  route: Route;
  phase: Phase;
  request: string;
  status: number;
  body: string;
}

export interface RouteStats {
  /** Requests whose scheduled time fell in the phase. */
  count: number;
  errors: number;
  latency: Latencies;
  /** Requests sent per second of the phase. */
  achievedRate: number;
}

export interface MinuteStats {
  minute: number;
  requests: number;
  errors: number;
  p99: number;
}

export type Phase = 'warmup' | 'measure';

export interface SoakWorkerResult {
  connect: { sockets: number; seconds: number; failed: number; firstFailure?: string };
  /** Epoch milliseconds at which the warm-up and the measured phase started and the run ended. */
  warmupStartEpoch: number;
  measureStartEpoch: number;
  endEpoch: number;
  routes: Record<Phase, Record<Route, RouteStats>>;
  minutes: MinuteStats[];
  errorSamples: ErrorSample[];
  delivery: {
    expected: Record<Phase, number>;
    lost: Record<Phase, number>;
    /** Send of the POST to the `new_message` frame on the recipient's socket, measured phase. */
    latency: Latencies;
  };
  unexpectedCloses: number;
  closeSamples: string[];
  socketErrors: number;
  stillOpen: number;
  /** How late the sender handed requests to the HTTP client against their schedule (ms). */
  senderLag: { p99: number; max: number };
}

export type SoakProgress =
  | { type: 'progress'; line: string }
  | { type: 'phase'; phase: Phase; epoch: number }
  | { type: 'minute'; stats: MinuteStats; inFlight: number };
export type SoakWorkerMessage = SoakProgress | WorkerReport<SoakWorkerResult>;

const job = workerData as SoakJob;
const send = (message: SoakWorkerMessage) => parentPort!.postMessage(message);
const progress = (line: string) => send({ type: 'progress', line });
const epochNow = () => performance.timeOrigin + performance.now();
/** keepAlive; bounded so that a stalled app cannot make the client open sockets without end. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const REQUEST_TIMEOUT_MS = 30_000;
/** How long a delivered message may still be on its way after the last answer. */
const DRAIN_MS = 5_000;
const ERROR_SAMPLES_PER_ROUTE = 5;

// ── HTTP ──
interface Answer {
  status: number;
  /** The body, kept only when asked for or when the answer is not 2xx. */
  body: string;
  ms: number;
}

function request(method: 'GET' | 'POST', path: string, options: { cookie?: string; json?: unknown; keepBody?: boolean } = {}) {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: http.OutgoingHttpHeaders = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
    headers.origin = job.origin;
  }
  const start = performance.now();
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (status: number, text: string) => {
      if (settled) return;
      settled = true;
      resolve({ status, body: text, ms: performance.now() - start });
    };
    const req = http.request(`${job.origin}${path}`, { method, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const status = response.statusCode ?? 0;
      const keep = options.keepBody || status < 200 || status >= 300;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
      response.on('end', () => finish(status, keep ? Buffer.concat(chunks).toString() : ''));
      response.on('error', (error) => finish(0, `response error: ${error.message}`));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => finish(0, `network error: ${error.message}`));
    req.end(body);
  });
}

// ── bookkeeping ──
interface Sample {
  route: Route;
  phase: Phase;
  /** Milliseconds since the measured phase began, of the request's scheduled time. */
  due: number;
  ms: number;
  ok: boolean;
}
const samples: Sample[] = [];
const errorSamples: ErrorSample[] = [];
const errorSamplesOf = new Map<Route, number>();
const senderLags: number[] = [];
let inFlight = 0;
let measureStart = 0; // performance.now() at the start of the measured phase

const phaseOf = (due: number): Phase => (due < measureStart ? 'warmup' : 'measure');

function record(route: Route, due: number, what: string, answer: Answer, expectStatus: number): boolean {
  const ok = answer.status === expectStatus;
  const phase = phaseOf(due);
  samples.push({ route, phase, due: due - measureStart, ms: answer.ms, ok });
  if (!ok && (errorSamplesOf.get(route) ?? 0) < ERROR_SAMPLES_PER_ROUTE) {
    errorSamplesOf.set(route, (errorSamplesOf.get(route) ?? 0) + 1);
    errorSamples.push({ route, phase, request: what, status: answer.status, body: answer.body.slice(0, 300) });
  }
  return ok;
}

function track<T>(promise: Promise<T>): Promise<T> {
  inFlight += 1;
  return promise.finally(() => (inFlight -= 1));
}

// ── sockets ──
/** `${userId}:${messageId}` → arrival time of the `new_message` frame on that user's socket. */
const arrivals = new Map<string, number>();
const sockets: WebSocket[] = [];
let closing = false;
let unexpectedCloses = 0;
let socketErrors = 0;
const closeSamples: string[] = [];

const socketHooks = {
  onFrame: (frame: Frame, at: number, userId: number) => {
    if (frame.type === 'new_message') arrivals.set(`${userId}:${frame.data.messageId}`, at);
  },
  onLost: (kind: 'error' | 'close', what: string) => {
    if (kind === 'error') socketErrors += 1;
    else unexpectedCloses += 1;
    if (closeSamples.length < 5) closeSamples.push(what);
  },
  isClosing: () => closing,
};

// ── what each route sends ──
const SEARCH_TERMS = ['plumbing', 'roof', 'electrician', 'cleaning', 'lawn care', 'painting'];
const DESCRIPTION =
  'We need a professional to look at the job described here: the work, the access to the site and the timing are flexible, ' +
  'and we would like a written estimate with the materials listed separately.';

function searchPath(k: number): string {
  const term = SEARCH_TERMS[k % SEARCH_TERMS.length];
  const round = Math.floor(k / SEARCH_TERMS.length);
  const page = 1 + (Math.floor(round / 2) % 3);
  const params = new URLSearchParams({ q: term });
  if (round % 2 === 1) params.set('location', job.zips[(k * 31) % job.zips.length]);
  if (page > 1) params.set('page', String(page));
  return `/api/search?${params}`;
}

function companyPath(k: number) {
  return `/api/companies/${job.companyIds[(k * 7919) % job.companyIds.length]}`;
}

function categoryPath(k: number) {
  const category = job.categoryIds[k % job.categoryIds.length];
  const page = 1 + (Math.floor(k / job.categoryIds.length) % 3);
  return `/api/categories/${category}/companies${page > 1 ? `?page=${page}` : ''}`;
}

/** The id in a 2xx answer's JSON; a 2xx answer without one is turned into an error (status 0). */
function idIn(answer: Answer, pick: (body: unknown) => number): number | undefined {
  if (answer.status < 200 || answer.status >= 300) return undefined;
  try {
    const id = pick(JSON.parse(answer.body));
    if (typeof id === 'number') return id;
  } catch {
    // falls through
  }
  answer.body = `answered ${answer.status} without an id: ${answer.body}`;
  answer.status = 0;
  return undefined;
}

async function quote(k: number, due: number): Promise<void> {
  const customer = job.users[k % job.customers];
  const group = job.quoteGroups[k % job.quoteGroups.length];
  const size = Math.min(1 + (k % 3), group.length);
  const first = (Math.floor(k / job.quoteGroups.length) * 3) % group.length;
  const companyIds = Array.from({ length: size }, (_, i) => group[(first + i) % group.length]);
  const quoteName = `Soak quote ${k}`;
  const created = await request('POST', '/api/quotes', {
    cookie: customer.cookie,
    json: { quoteName, description: '', companyIds },
    keepBody: true,
  });
  const id = idIn(created, (body) => (body as { id: number }).id);
  if (!record('quoteCreate', due, `POST /api/quotes ${JSON.stringify({ companyIds })}`, created, 201) || id === undefined) return;
  // Scheduled as soon as the draft exists; it belongs to the phase of the quote it submits.
  const submitted = await request('POST', `/api/quotes/${id}/submit`, {
    cookie: customer.cookie,
    json: { quoteName, description: DESCRIPTION },
  });
  record('quoteSubmit', due, `POST /api/quotes/${id}/submit`, submitted, 200);
}

interface Expected {
  key: string;
  at: number;
  phase: Phase;
}
const expected: Expected[] = [];

async function message(k: number, due: number): Promise<void> {
  const conversation = job.conversations[(k * 7919) % job.conversations.length];
  const fromCustomer = k % 2 === 0;
  const sender = job.users[fromCustomer ? conversation.customer : conversation.vendor];
  const recipient = job.users[fromCustomer ? conversation.vendor : conversation.customer];
  const path = `/api/quotes/${conversation.quoteId}/companies/${conversation.companyId}/messages`;
  const at = performance.now();
  const answer = await request('POST', path, { cookie: sender.cookie, json: { message: `soak ${k}` }, keepBody: true });
  const messageId = idIn(answer, (body) => (body as { message: { id: number } }).message.id);
  if (!record('message', due, `POST ${path} as user ${sender.id}`, answer, 201) || messageId === undefined) return;
  expected.push({ key: `${recipient.id}:${messageId}`, at, phase: phaseOf(due) });
}

const FIRE: Record<Exclude<Route, 'quoteSubmit'>, (k: number, due: number) => Promise<unknown>> = {
  search: (k, due) => request('GET', searchPath(k)).then((a) => record('search', due, searchPath(k), a, 200)),
  company: (k, due) => request('GET', companyPath(k)).then((a) => record('company', due, companyPath(k), a, 200)),
  category: (k, due) => request('GET', categoryPath(k)).then((a) => record('category', due, categoryPath(k), a, 200)),
  quoteCreate: quote,
  message,
};

// ── the open loop ──
async function openLoop(): Promise<{ warmupStartEpoch: number; endEpoch: number }> {
  const scheduled = (Object.keys(job.rates) as (keyof SoakJob['rates'])[]).filter((r) => job.rates[r] > 0);
  const start = performance.now();
  const warmupStartEpoch = epochNow();
  measureStart = start + job.warmupSeconds * 1000;
  const end = measureStart + job.measureSeconds * 1000;
  const next = new Map(scheduled.map((r) => [r, { k: 0, due: start }]));
  const pending = new Set<Promise<unknown>>();
  let measuring = job.warmupSeconds === 0;
  if (measuring) send({ type: 'phase', phase: 'measure', epoch: warmupStartEpoch });
  else send({ type: 'phase', phase: 'warmup', epoch: warmupStartEpoch });
  // The end of each minute of the measured phase (the last one may be shorter): progress lines.
  const minutes = Math.ceil(job.measureSeconds / 60);
  let minute = 0;
  const minuteEnd = (m: number) => Math.min(measureStart + (m + 1) * 60_000, end);
  for (;;) {
    const now = performance.now();
    if (!measuring && now >= measureStart) {
      measuring = true;
      send({ type: 'phase', phase: 'measure', epoch: performance.timeOrigin + measureStart });
    }
    while (minute < minutes && now >= minuteEnd(minute)) {
      send({ type: 'minute', stats: minuteStats(minute), inFlight });
      minute += 1;
    }
    let earliest = end;
    for (const route of scheduled) {
      const slot = next.get(route)!;
      const interval = 1000 / job.rates[route];
      while (slot.due <= now && slot.due < end) {
        senderLags.push(now - slot.due);
        const p = track(FIRE[route](slot.k, slot.due));
        pending.add(p);
        void p.finally(() => pending.delete(p));
        slot.k += 1;
        slot.due = start + slot.k * interval;
      }
      earliest = Math.min(earliest, slot.due);
    }
    if (now >= end && earliest >= end) break;
    const wait = Math.min(earliest, minute < minutes ? minuteEnd(minute) : end) - performance.now();
    if (wait > 1) await sleep(wait);
    else await new Promise((resolve) => setImmediate(resolve));
  }
  const endEpoch = performance.timeOrigin + end;
  // Every request has its own time limit, so this wait is bounded.
  await Promise.all([...pending]);
  return { warmupStartEpoch, endEpoch };
}

function minuteStats(minute: number): MinuteStats {
  const from = minute * 60_000;
  const to = from + 60_000;
  const inMinute = samples.filter((s) => s.phase === 'measure' && s.due >= from && s.due < to);
  return {
    minute: minute + 1,
    requests: inMinute.length,
    errors: inMinute.filter((s) => !s.ok).length,
    p99: latencies(inMinute.map((s) => s.ms)).p99,
  };
}

function routeStats(phase: Phase, seconds: number): Record<Route, RouteStats> {
  const out = {} as Record<Route, RouteStats>;
  for (const route of ROUTES) {
    const mine = samples.filter((s) => s.phase === phase && s.route === route);
    out[route] = {
      count: mine.length,
      errors: mine.filter((s) => !s.ok).length,
      latency: latencies(mine.filter((s) => s.ok).map((s) => s.ms)),
      achievedRate: seconds > 0 ? mine.length / seconds : NaN,
    };
  }
  return out;
}

async function main(): Promise<SoakWorkerResult> {
  // 1. Every user's socket, `connectBatch` at a time, before the clock starts.
  const opened = await openAllSockets(job.origin, job.users, job.connectBatch, socketHooks, progress);
  sockets.push(...opened.sockets);
  const connected = opened.connected;

  // 2. Warm-up and measured phase, one schedule.
  const { warmupStartEpoch, endEpoch } = await openLoop();

  // 3. Messages still on their way (bounded).
  const drainUntil = performance.now() + DRAIN_MS;
  while (performance.now() < drainUntil && expected.some((e) => !arrivals.has(e.key))) await sleep(20);
  const lost = { warmup: 0, measure: 0 };
  const count = { warmup: 0, measure: 0 };
  const delivery: number[] = [];
  for (const e of expected) {
    count[e.phase] += 1;
    const arrived = arrivals.get(e.key);
    if (arrived === undefined) lost[e.phase] += 1;
    else if (e.phase === 'measure') delivery.push(arrived - e.at);
  }

  const stillOpen = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  closing = true;
  await closeSockets(sockets, 'soak done');
  agent.destroy();
  const lags = latencies(senderLags);
  const measureStartEpoch = performance.timeOrigin + measureStart;
  return {
    connect: connected,
    warmupStartEpoch,
    measureStartEpoch,
    endEpoch,
    routes: { warmup: routeStats('warmup', job.warmupSeconds), measure: routeStats('measure', job.measureSeconds) },
    minutes: Array.from({ length: Math.ceil(job.measureSeconds / 60) }, (_, m) => minuteStats(m)),
    errorSamples,
    delivery: { expected: count, lost, latency: latencies(delivery) },
    unexpectedCloses,
    closeSamples,
    socketErrors,
    stillOpen,
    senderLag: { p99: lags.p99, max: lags.max },
  };
}

main().then(
  (result) => send({ type: 'done', result }),
  (error: unknown) => send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
