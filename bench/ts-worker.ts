/** The bench's worker threads: started under tsx, run until they report, bounded in time. */
import { Worker } from 'node:worker_threads';
import type { Cleanup } from './cleanup';

/** What every bench worker sends last. */
export type WorkerReport<R> = { type: 'done'; result: R } | { type: 'error'; message: string };

/** Starts a TypeScript worker under tsx, as src/server/db/client.ts does for the embedded database. */
export function startTsWorker(url: URL, workerData: unknown): Worker {
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`, {
    eval: true,
    workerData,
  });
}

interface TsWorkerRun<M> {
  url: URL;
  workerData: unknown;
  /** Names the worker in errors and in the cleanup list, e.g. "soak clients". */
  name: string;
  /** A worker that has not reported by then is stopped and the run fails. */
  limitMs: number;
  /** Messages before the report (progress lines). */
  onMessage?: (message: M) => void;
}

/**
 * Runs a worker until it reports: resolves with its result on `done`, rejects on `error`, on the
 * thread failing or exiting early, or after `limitMs`. The worker is terminated either way.
 */
export async function runTsWorker<R, M extends { type: string } = never>(cleanup: Cleanup, run: TsWorkerRun<M>): Promise<R> {
  const worker = startTsWorker(run.url, run.workerData);
  const stop = cleanup.add(run.name, () => worker.terminate());
  try {
    return await new Promise<R>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error(`${run.name} did not finish within ${run.limitMs / 1000} s`)), run.limitMs);
      worker.on('message', (message: M | WorkerReport<R>) => {
        if (message.type === 'done' || message.type === 'error') {
          clearTimeout(limit);
          const report = message as WorkerReport<R>;
          if (report.type === 'done') resolve(report.result);
          else reject(new Error(`${run.name}: ${report.message}`));
        } else run.onMessage?.(message as M);
      });
      worker.once('error', (error) => {
        clearTimeout(limit);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(limit);
        reject(new Error(`${run.name} exited with code ${code} before reporting`));
      });
    });
  } finally {
    await stop();
  }
}
