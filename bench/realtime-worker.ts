/**
 * The client side of the realtime part (realtime.ts), in its own worker thread so that it never
 * shares the app's event loop: N WebSocket clients (one per signed-in user), the message sender
 * at a steady rate, and the closed-loop POST loops. Sends and frame arrivals are timed here, on
 * one clock (this thread's performance.now()).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { closeSockets, openAllSockets, type Frame } from './user-sockets';
import { latencies, type Latencies } from './latencies';
import type { WorkerReport } from './ts-worker';

export interface Conversation {
  quoteId: number;
  companyId: number;
  /** Index into `users` of the quote's customer and of the company's owner. */
  customer: number;
  vendor: number;
}

export interface RealtimeJob {
  origin: string;
  /** One per user: its id and the Cookie header of its session. */
  users: { id: number; cookie: string }[];
  conversations: Conversation[];
  /** Sockets connected at once while connecting. */
  connectBatch: number;
  /** Messages per second of the steady sender, and for how long. */
  rate: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Closed-loop POST concurrency. */
  concurrency: number;
}

export interface PostLoop {
  durationSeconds: number;
  ok: number;
  failed: number;
  /** POST latency, send to end of answer. */
  latency: Latencies;
  /** Delivery of the `new_message` frame on the recipient's socket (when sockets are connected). */
  delivery?: Latencies;
  lost?: number;
}

export interface SteadyRun {
  rate: number;
  durationSeconds: number;
  sent: number;
  ok: number;
  failed: number;
  /** Messages the sender got a 201 for: each must reach its recipient's socket. */
  delivery: Latencies;
  lost: number;
  /** Recipients' `unread_count_update` frames (one per message expected). */
  unreadUpdates: number;
  post: Latencies;
  /** The sender's actual rate: scheduled sends over the span it took to send them. */
  achievedRate: number;
  distinctRecipients: number;
}

export interface RealtimeWorkerResult {
  baseline: PostLoop;
  connect: { sockets: number; seconds: number; failed: number };
  steady: SteadyRun;
  loaded: PostLoop;
  /** Sockets still open at the end (expected: all). */
  stillOpen: number;
}

export type RealtimeProgress = { type: 'progress'; line: string };
export type RealtimeWorkerMessage = RealtimeProgress | WorkerReport<RealtimeWorkerResult>;

const job = workerData as RealtimeJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(job.concurrency, 64) });
const progress = (line: string) => parentPort!.postMessage({ type: 'progress', line } satisfies RealtimeWorkerMessage);
/** How long a delivered message may still be on its way after the last answer. */
const DRAIN_MS = 5_000;

/** POSTs one message; answers the status and the stored message's id. */
function postMessage(conversation: Conversation, fromCustomer: boolean, text: string) {
  const user = job.users[fromCustomer ? conversation.customer : conversation.vendor];
  const body = JSON.stringify({ message: text });
  return new Promise<{ status: number; messageId?: number }>((resolve) => {
    const request = http.request(
      `${job.origin}/api/quotes/${conversation.quoteId}/companies/${conversation.companyId}/messages`,
      {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: user.cookie,
          origin: job.origin,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status !== 201) return resolve({ status });
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString()) as { message: { id: number } };
            resolve({ status, messageId: answer.message.id });
          } catch {
            resolve({ status: 0 });
          }
        });
        response.on('error', () => resolve({ status: 0 }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0 }));
    request.end(body);
  });
}

// ── sockets ──
/** `${userId}:${messageId}` → arrival time of the `new_message` frame on that user's socket. */
const arrivals = new Map<string, number>();
let unreadUpdates = 0;
const sockets: WebSocket[] = [];

const socketHooks = {
  onFrame: (frame: Frame, at: number, userId: number) => {
    if (frame.type === 'new_message') arrivals.set(`${userId}:${frame.data.messageId}`, at);
    else if (frame.type === 'unread_count_update') unreadUpdates += 1;
  },
};

// ── the closed loop: `concurrency` senders, each POSTing after its previous answer ──
let loopCounter = 0;
async function closedLoop(seconds: number, withSockets: boolean): Promise<PostLoop> {
  const times: number[] = [];
  const sent: { key: string; at: number }[] = [];
  let failed = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const n = loopCounter++;
      const conversation = job.conversations[(n * 7919) % job.conversations.length];
      const fromCustomer = n % 2 === 0;
      const at = performance.now();
      const answer = await postMessage(conversation, fromCustomer, `closed loop ${n}`);
      if (answer.messageId === undefined) {
        failed += 1;
        continue;
      }
      times.push(performance.now() - at);
      const recipient = job.users[fromCustomer ? conversation.vendor : conversation.customer];
      sent.push({ key: `${recipient.id}:${answer.messageId}`, at });
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  const durationSeconds = (performance.now() - start) / 1000;
  const result: PostLoop = { durationSeconds, ok: times.length, failed, latency: latencies(times) };
  if (withSockets) {
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && sent.some((s) => !arrivals.has(s.key))) await sleep(20);
    const delivered = sent.filter((s) => arrivals.has(s.key));
    result.delivery = latencies(delivered.map((s) => arrivals.get(s.key)! - s.at));
    result.lost = sent.length - delivered.length;
  }
  return result;
}

// ── the steady sender: `rate` messages a second, open loop (a slow answer does not slow the sender) ──
async function steady(): Promise<SteadyRun> {
  const total = Math.round(job.rate * job.durationSeconds);
  const interval = 1000 / job.rate;
  const unreadBefore = unreadUpdates;
  const posts: number[] = [];
  const expected: { key: string; at: number }[] = [];
  const recipients = new Set<number>();
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let k = 0; k < total; k++) {
    const due = start + k * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const n = loopCounter++;
    const conversation = job.conversations[(n * 7919) % job.conversations.length];
    const fromCustomer = k % 2 === 0;
    const recipient = job.users[fromCustomer ? conversation.vendor : conversation.customer];
    recipients.add(recipient.id);
    const at = performance.now();
    pending.push(
      postMessage(conversation, fromCustomer, `steady ${k}`).then((answer) => {
        if (answer.messageId === undefined) {
          failed += 1;
          return;
        }
        posts.push(performance.now() - at);
        expected.push({ key: `${recipient.id}:${answer.messageId}`, at });
      }),
    );
  }
  const sendSpan = (performance.now() - start) / 1000;
  await Promise.all(pending);
  const drainUntil = performance.now() + DRAIN_MS;
  while (performance.now() < drainUntil && expected.some((e) => !arrivals.has(e.key))) await sleep(20);
  // Unread updates trail their new_message by a few queries; give them the same bounded wait.
  while (performance.now() < drainUntil && unreadUpdates - unreadBefore < expected.length) await sleep(20);
  const delivered = expected.filter((e) => arrivals.has(e.key));
  return {
    rate: job.rate,
    durationSeconds: job.durationSeconds,
    sent: total,
    ok: posts.length,
    failed,
    delivery: latencies(delivered.map((e) => arrivals.get(e.key)! - e.at)),
    lost: expected.length - delivered.length,
    unreadUpdates: unreadUpdates - unreadBefore,
    post: latencies(posts),
    achievedRate: total / Math.max(sendSpan, (total - 1) / job.rate, 1e-9),
    distinctRecipients: recipients.size,
  };
}

async function main(): Promise<RealtimeWorkerResult> {
  // 1. POST throughput with no socket connected (the baseline).
  if (job.warmupSeconds > 0) await closedLoop(job.warmupSeconds, false);
  const baseline = await closedLoop(job.durationSeconds, false);
  progress(
    `    baseline, 0 sockets: ${(baseline.ok / baseline.durationSeconds).toFixed(0)} POST/s, p50 ${baseline.latency.p50.toFixed(1)} ms, p99 ${baseline.latency.p99.toFixed(1)} ms`,
  );

  // 2. Connect every user's socket, `connectBatch` at a time.
  const opened = await openAllSockets(job.origin, job.users, job.connectBatch, socketHooks, progress);
  sockets.push(...opened.sockets);
  const connected = opened.connected;

  // 3. The steady sender: delivery latency.
  await closedLoop(Math.min(job.warmupSeconds, 1), true); // warms the delivery path, unrecorded
  const steadyRun = await steady();
  progress(
    `    steady ${job.rate}/s for ${job.durationSeconds} s: delivery p50 ${steadyRun.delivery.p50.toFixed(1)} ms, p99 ${steadyRun.delivery.p99.toFixed(1)} ms, max ${steadyRun.delivery.max.toFixed(1)} ms, ${steadyRun.lost} lost`,
  );

  // 4. POST throughput with every socket connected (each message's frames delivered).
  if (job.warmupSeconds > 0) await closedLoop(job.warmupSeconds, true);
  const loaded = await closedLoop(job.durationSeconds, true);
  progress(
    `    ${sockets.length} sockets: ${(loaded.ok / loaded.durationSeconds).toFixed(0)} POST/s, p50 ${loaded.latency.p50.toFixed(1)} ms, p99 ${loaded.latency.p99.toFixed(1)} ms; delivery p99 ${loaded.delivery!.p99.toFixed(1)} ms, ${loaded.lost} lost`,
  );

  const stillOpen = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  await closeSockets(sockets, 'bench done');
  agent.destroy();
  return { baseline, connect: connected, steady: steadyRun, loaded, stillOpen };
}

main().then(
  (result) => parentPort!.postMessage({ type: 'done', result } satisfies RealtimeWorkerMessage),
  (error: unknown) =>
    parentPort!.postMessage({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies RealtimeWorkerMessage),
);
