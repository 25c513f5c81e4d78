/**
 * Worker-thread entry of load.ts: runs one autocannon instance off the thread that serves the
 * app, so that the load generator and the server do not share an event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadRequest, LoadWorkerMessage } from './load';

const port = parentPort;
if (!port) throw new Error('load-worker must run in a worker thread');
const job = workerData as LoadRequest;

let next = 0;
autocannon(
  {
    url: job.origin,
    connections: job.connections,
    duration: job.durationSeconds,
    timeout: job.timeoutSeconds,
    // Each request takes the next path of the list, so ids vary across the run.
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = job.paths[next++ % job.paths.length]!;
          return { ...request, path };
        },
      },
    ],
  },
  (error, result) => {
    const message: LoadWorkerMessage = error
      ? { type: 'error', message: error instanceof Error ? error.message : String(error) }
      : {
          type: 'done',
          result: {
            durationSeconds: result.duration,
            ok: result['2xx'],
            failed: result.non2xx + result.errors,
            p50: result.latency.p50,
            p99: result.latency.p99,
          },
        };
    port.postMessage(message);
  },
);
