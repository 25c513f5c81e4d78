/** HTTP load with autocannon, each run in its own worker thread (see load-worker.ts). */
import { Worker } from 'node:worker_threads';
import type { Cleanup } from './cleanup';

export interface LoadRequest {
  origin: string;
  /** Paths cycled through in order, one per request. */
  paths: string[];
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
  /** Sent with every request (e.g. If-None-Match). */
  headers?: Record<string, string>;
  /** The answers that count as `ok`; every other answer counts as failed. Default 2xx. */
  expect?: '2xx' | '3xx';
  /** Do not keep answers' bodies in the client (large answers: see load-worker.ts). */
  discardBodies?: boolean;
}

/** What one measurement gives, for HTTP and raw SQL alike. */
export interface Measurement {
  durationSeconds: number;
  /** Successful requests (2xx, or what `expect` names) or queries. */
  ok: number;
  /** Other answers, connection errors, time-outs, failed queries. */
  failed: number;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
}

export type LoadWorkerMessage = { type: 'done'; result: Measurement } | { type: 'error'; message: string };

export const requestsPerSecond = (m: Measurement) => m.ok / m.durationSeconds;

/** Starts a TypeScript worker under tsx, as src/server/db/client.ts does for the embedded database. */
export function startTsWorker(url: URL, workerData: unknown): Worker {
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`, {
    eval: true,
    workerData,
  });
}

/**
 * Runs autocannon for `durationSeconds` against `paths`; bounded: a run that has not reported
 * 60 s after its duration is stopped and fails.
 */
export async function runLoad(cleanup: Cleanup, request: Omit<LoadRequest, 'timeoutSeconds'>): Promise<Measurement> {
  const worker = startTsWorker(new URL('./load-worker.ts', import.meta.url), { timeoutSeconds: 30, ...request });
  const stop = cleanup.add('load worker', () => worker.terminate());
  try {
    return await new Promise<Measurement>((resolve, reject) => {
      const limit = setTimeout(
        () => reject(new Error(`load on ${request.paths[0]} did not finish within ${request.durationSeconds + 60} s`)),
        (request.durationSeconds + 60) * 1000,
      );
      worker.on('message', (message: LoadWorkerMessage) => {
        clearTimeout(limit);
        if (message.type === 'done') resolve(message.result);
        else reject(new Error(`autocannon: ${message.message}`));
      });
      worker.once('error', (error) => {
        clearTimeout(limit);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(limit);
        reject(new Error(`load worker exited with code ${code} before reporting`));
      });
    });
  } finally {
    await stop();
  }
}
