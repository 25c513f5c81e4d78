/**
 * The clients of the logins part (logins.ts), in their own worker thread so that they never share
 * the app's event loop: `concurrency` loops, each POSTing a correct login after its previous
 * answer, for `durationSeconds`. Answers its timings and how many logins succeeded.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { latencies, type Latencies } from './latencies';
import type { WorkerReport } from './ts-worker';

export interface LoginsJob {
  origin: string;
  /** One account per loop, so that no loop waits on another's failed-login count. */
  accounts: { email: string; password: string }[];
  durationSeconds: number;
}

export interface LoginsResult {
  ok: number;
  failed: number;
  durationSeconds: number;
  latency: Latencies;
}

const job = workerData as LoginsJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.accounts.length + 4 });

function login(account: LoginsJob['accounts'][number]): Promise<number> {
  const body = JSON.stringify(account);
  return new Promise((resolve) => {
    const request = http.request(
      `${job.origin}/api/auth/login`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', () => resolve(0));
    request.setTimeout(30_000, () => request.destroy());
    request.end(body);
  });
}

async function main(): Promise<LoginsResult> {
  const timings: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + job.durationSeconds * 1000;
  await Promise.all(
    job.accounts.map(async (account) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const status = await login(account);
        timings.push(performance.now() - sent);
        if (status === 200) ok += 1;
        else failed += 1;
      }
    }),
  );
  agent.destroy();
  return { ok, failed, durationSeconds: (performance.now() - started) / 1000, latency: latencies(timings) };
}

main().then(
  (result) => parentPort!.postMessage({ type: 'done', result } satisfies WorkerReport<LoginsResult>),
  (error: unknown) =>
    parentPort!.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReport<LoginsResult>),
);
