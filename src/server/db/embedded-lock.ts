/**
 * One process at a time on an embedded database directory. PGlite takes no lock of its own, and two
 * processes writing one directory corrupt it; so whoever opens it writes `<dir>.lock` with its pid
 * and the socket the database is served on. A second app refuses to start; `npm run backup` reads
 * the lock to reach the running app's database through its socket, or opens the directory itself
 * when nobody holds it (docs/operating.md).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedLock {
  pid: number;
  /** The directory of the socket the holder serves the database on. */
  socketDir: string;
}

export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: EmbeddedLock,
  ) {
    super(
      `the embedded database ${dataDir} is in use by process ${holder.pid}; stop it first ` +
        `(if no LocalPros process runs, remove ${lockFileOf(dataDir)})`,
    );
    this.name = 'EmbeddedDatabaseInUse';
  }
}

export const lockFileOf = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of `dataDir`, if any (a lock left by a process that died is no holder). */
export function readEmbeddedLock(dataDir: string): EmbeddedLock | undefined {
  let lock: EmbeddedLock;
  try {
    lock = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as EmbeddedLock;
  } catch {
    return undefined;
  }
  return Number.isInteger(lock.pid) && lock.pid !== process.pid && isAlive(lock.pid) ? lock : undefined;
}

/** Takes `dataDir` for this process, or throws EmbeddedDatabaseInUse; answers the release. */
export function takeEmbeddedLock(dataDir: string, socketDir: string): () => void {
  const holder = readEmbeddedLock(dataDir);
  if (holder) throw new EmbeddedDatabaseInUse(dataDir, holder);
  const file = lockFileOf(dataDir);
  // A DATA_DIR not made yet (a first start given its SESSION_SECRET, an import before any start).
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, socketDir } satisfies EmbeddedLock)}\n`, { mode: 0o600 });
  return () => {
    // Only our own lock: never one a later holder wrote.
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as EmbeddedLock).pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
