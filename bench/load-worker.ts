/**
 * Worker-thread entry of load.ts: runs one autocannon instance off the thread that serves the
 * app, so that the load generator and the server do not share an event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadRequest, LoadWorkerMessage } from './load';

/**
 * Off the main thread autocannon answers raw histograms, to be merged by its main thread;
 * `aggregateResult` (missing from @types/autocannon) turns them into the usual result.
 */
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(results: unknown[], options: autocannon.Options): autocannon.Result;
};

const port = parentPort;
if (!port) throw new Error('load-worker must run in a worker thread');
const job = workerData as LoadRequest;

let next = 0;
const options: autocannon.Options = {
  url: job.origin,
  connections: job.connections,
  duration: job.durationSeconds,
  timeout: job.timeoutSeconds,
  // Each request takes the next path of the list, so ids vary across the run.
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length]! }),
    },
  ],
};

autocannon(options, (error, raw) => {
  let message: LoadWorkerMessage;
  try {
    if (error) throw error;
    const result = aggregateResult([raw], options);
    message = {
      type: 'done',
      result: {
        durationSeconds: result.duration,
        ok: result['2xx'],
        failed: result.non2xx + result.errors,
        p50: result.latency.p50,
        p99: result.latency.p99,
      },
    };
  } catch (failure) {
    message = { type: 'error', message: failure instanceof Error ? failure.message : String(failure) };
  }
  port.postMessage(message);
});
