/**
 * Worker-thread entry of load.ts: runs one autocannon instance off the thread that serves the
 * app, so that the load generator and the server do not share an event loop.
 */
import { createRequire } from 'node:module';
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

/** autocannon's own modules, as autocannon itself loads them (this worker's copy only). */
const autocannonRequire = createRequire(createRequire(import.meta.url).resolve('autocannon'));

interface ResponseParser {
  type: string;
  info: { statusCode?: number };
  HEADER(): unknown;
  [handler: number]: ((...args: unknown[]) => unknown) | undefined;
}

/**
 * autocannon parses answers with http-parser-js 0.5, which reads the body of a 304 (or 204, 1xx)
 * that carries a Content-Length and so waits forever for bytes that never come; RFC 9112, section
 * 6.3: such an answer ends with its header section, whatever its Content-Length says (RFC 9110,
 * section 8.6, lets a 304 name the size of the 200). Here such an answer has no body, as in Node's
 * own client.
 */
function endBodilessAnswersAtTheirHeaders(): void {
  const { HTTPParser } = autocannonRequire('http-parser-js') as {
    HTTPParser: { prototype: ResponseParser; RESPONSE: string; kOnHeadersComplete: number };
  };
  const header = HTTPParser.prototype.HEADER;
  const key = HTTPParser.kOnHeadersComplete;
  HTTPParser.prototype.HEADER = function (this: ResponseParser) {
    const status = this.info.statusCode ?? 0;
    const onHeaders = this[key];
    if (this.type !== HTTPParser.RESPONSE || !onHeaders || !(status === 304 || status === 204 || (status >= 100 && status < 200)))
      return header.call(this);
    // Answering true ("skip the body") from the headers callback ends the message there.
    this[key] = function (this: unknown, ...args: unknown[]) {
      onHeaders.apply(this, args);
      return true;
    };
    try {
      return header.call(this);
    } finally {
      this[key] = onHeaders;
    }
  };
}

/**
 * autocannon appends every answer's body to a string (for callbacks this bench does not use); for
 * an image of some 400 KB that decoding, not the server, sets the pace (about 80 against 440 req/s
 * on a 2-core machine), so runs of large answers drop the bodies (bytes are still counted).
 */
function discardBodies(): void {
  const queue = autocannonRequire('./lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: unknown): void } };
  queue.prototype.addBody = () => {};
}

endBodilessAnswersAtTheirHeaders();
if (job.discardBodies) discardBodies();

let next = 0;
const options: autocannon.Options = {
  url: job.origin,
  connections: job.connections,
  duration: job.durationSeconds,
  timeout: job.timeoutSeconds,
  headers: job.headers,
  // Each request takes the next path of the list, so ids vary across the run.
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }),
    },
  ],
};

autocannon(options, (error, raw) => {
  let message: LoadWorkerMessage;
  try {
    if (error) throw error;
    const result = aggregateResult([raw], options);
    const ok = result[job.expect ?? '2xx'];
    message = {
      type: 'done',
      result: {
        durationSeconds: result.duration,
        ok,
        failed: result['2xx'] + result.non2xx - ok + result.errors,
        p50: result.latency.p50,
        p99: result.latency.p99,
      },
    };
  } catch (failure) {
    message = { type: 'error', message: failure instanceof Error ? failure.message : String(failure) };
  }
  port.postMessage(message);
});
