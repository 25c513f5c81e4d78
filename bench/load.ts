/** HTTP load with autocannon, each run in its own worker thread (see load-worker.ts). */
import type { Cleanup } from './cleanup';
import { runTsWorker, type WorkerReport } from './ts-worker';

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

export type LoadWorkerMessage = WorkerReport<Measurement>;

export const requestsPerSecond = (m: Measurement) => m.ok / m.durationSeconds;

/**
 * Runs autocannon for `durationSeconds` against `paths`; bounded: a run that has not reported
 * 60 s after its duration is stopped and fails.
 */
export function runLoad(cleanup: Cleanup, request: Omit<LoadRequest, 'timeoutSeconds'>): Promise<Measurement> {
  return runTsWorker<Measurement>(cleanup, {
    url: new URL('./load-worker.ts', import.meta.url),
    workerData: { timeoutSeconds: 30, ...request },
    name: `load on ${request.paths[0]}`,
    limitMs: (request.durationSeconds + 60) * 1000,
  });
}
