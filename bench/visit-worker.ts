/**
 * Worker-thread entry of visits.ts. Node's own HTTP client with kept-alive connections, up to six
 * a visitor as a browser opens to one site; every answer is read to its end.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadWorkerMessage, Measurement } from './load';
import type { VisitJob } from './visits';

const port = parentPort;
if (!port) throw new Error('visit-worker must run in a worker thread');
const job = workerData as VisitJob;
const origin = new URL(job.origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.visitors * 6 });

/** True for a 2xx answer read to its end; false for any other answer, an error or a time-out. */
function get(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: origin.hostname, port: origin.port, path, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300));
      response.on('error', () => resolve(false));
    });
    request.setTimeout(job.timeoutSeconds * 1000, () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

async function run(): Promise<Measurement> {
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const end = started + job.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: job.visitors }, async () => {
      while (performance.now() < end) {
        const visit = job.visits[next++ % job.visits.length];
        const since = performance.now();
        const answers = await Promise.all(visit.map(get));
        if (answers.every(Boolean)) times.push(performance.now() - since);
        else failed += 1;
      }
    }),
  );
  const durationSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (share: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(times.length * share))] : 0);
  return { durationSeconds, ok: times.length, failed, p50: at(0.5), p99: at(0.99) };
}

run().then(
  (result) => port.postMessage({ type: 'done', result } satisfies LoadWorkerMessage),
  (error: unknown) =>
    port.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies LoadWorkerMessage),
);
