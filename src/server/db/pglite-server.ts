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
  holdSessionPerStatement((server as unknown as { queryQueue: QueryQueue }).queryQueue, db);
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

interface QueryQueue {
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = 0x53; // 'S': ends an extended-protocol statement (Parse/Bind/Describe/Execute...)
const QUERY = 0x51; // 'Q': a simple-protocol query is a unit by itself
const TERMINATE = 0x58; // 'X'

/**
 * PGlite is one backend session shared by every socket connection. pglite-socket queues each
 * protocol message on its own and keeps one connection exclusive only inside an explicit
 * transaction, so two connections' Parse/Bind/Execute messages can interleave and clobber the
 * shared unnamed statement and portal ("portal does not exist" under concurrent requests).
 * This lock gives one connection the session from its first message of a statement until its
 * Sync — and on until its transaction ends — so statements never interleave.
 */
function holdSessionPerStatement(queue: QueryQueue, db: PGlite): void {
  const enqueue = queue.enqueue.bind(queue);
  const clear = queue.clearQueueForHandler.bind(queue);
  let owner: number | null = null;
  let waiters: (() => void)[] = [];
  const release = () => {
    owner = null;
    const wake = waiters;
    waiters = [];
    for (const resume of wake) resume();
  };

  queue.enqueue = async (handlerId, message, onData) => {
    const type = message[0];
    const isStartup = type === 0; // the startup packet has no type byte; its length starts with 0
    if (isStartup || type === TERMINATE) return enqueue(handlerId, message, onData);
    while (owner !== null && owner !== handlerId) await new Promise<void>((resume) => waiters.push(resume));
    owner = handlerId;
    try {
      return await enqueue(handlerId, message, onData);
    } finally {
      if ((type === SYNC || type === QUERY) && !db.isInTransaction()) release();
    }
  };

  // A connection that goes away (pool shrinking, crash) gives the session back.
  queue.clearQueueForHandler = (handlerId) => {
    clear(handlerId);
    if (owner === handlerId) release();
  };
}
