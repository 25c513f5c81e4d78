/** Worker-thread entry: runs the embedded database off the request thread (see pglite-server.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { startPgliteServer, type PgliteServerOptions } from './pglite-server';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run in a worker thread');

startPgliteServer(workerData as PgliteServerOptions).then(
  (server) => {
    port.on('message', (message: unknown) => {
      if (message === 'stop') {
        server.stop().then(
          () => port.postMessage({ type: 'stopped' }),
          (error: unknown) => port.postMessage({ type: 'error', message: String(error) }),
        );
      }
    });
    port.postMessage({ type: 'ready' });
  },
  (error: unknown) => port.postMessage({ type: 'error', message: error instanceof Error ? error.stack : String(error) }),
);
