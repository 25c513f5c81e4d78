/**
 * Serves an embedded PGlite database over the PostgreSQL wire protocol on a unix socket, so the
 * app talks to it through the same `pg` pool and Drizzle driver as to a real server.
 * Runs inside a worker thread in the app (PGlite on the request thread blocked the event loop:
 * docs/decisions/001-pglite-in-a-worker.md) and in-thread in tests.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteServerOptions {
  /** Directory to persist to; undefined keeps the database in memory. */
  dataDir?: string;
  /** A dump from `dumpDataDir()` to start from (tests clone one migrated database). */
  loadDataDir?: Blob | File;
  /** Directory that will hold the socket file `.s.PGSQL.5432`. */
  socketDir: string;
  /** Must be the pool's max + 1, or the query after an SQL error fails with ECONNRESET. */
  maxConnections: number;
}

export interface PgliteServer {
  db: PGlite;
  stop(): Promise<void>;
}

export const PGLITE_SOCKET_PORT = 5432;

export async function startPgliteServer(options: PgliteServerOptions): Promise<PgliteServer> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  mkdirSync(options.socketDir, { recursive: true });
  const socketPath = path.join(options.socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`);
  rmSync(socketPath, { force: true });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: options.maxConnections });
  await server.start();
  return {
    db,
    async stop() {
      await server.stop();
      await db.close();
      rmSync(socketPath, { force: true });
    },
  };
}
