/**
 * Everything the server keeps in DATA_DIR — the embedded database with its password hashes, the
 * dev mailbox with reset and verification links, the session secret and the mailbox key, stored
 * objects — belongs to the user running it alone: directories 0700, files 0600. New entries get
 * that from the process umask; entries already there (an earlier version, a copy, a restore, the
 * archive the embedded database unpacks on its first start) are tightened here.
 */
import { chmodSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/** The umask under which a new file is 0600 and a new directory 0700. */
export const PRIVATE_UMASK = 0o077;

/** Permission bits for anyone but the owner. */
const OTHERS = 0o077;

export interface Tightening {
  /** Entries that had a permission for group or others and lost it. */
  tightened: number;
  /** Entries that could not be changed (another owner), with the reason. */
  failed: { path: string; reason: string }[];
}

/**
 * Takes every permission of group and others off `root` and everything under it; the owner's own
 * bits stay as they are. Symbolic links are neither followed nor changed (a link's target is not
 * this directory's to change), except that `root` itself may be one. A missing `root` is nothing.
 */
export function makePrivate(root: string): Tightening {
  const result: Tightening = { tightened: 0, failed: [] };
  let rootStats: Stats;
  try {
    rootStats = statSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  const visit = (entry: string, stats: Stats) => {
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & OTHERS) !== 0) {
      try {
        chmodSync(entry, stats.mode & 0o700);
        result.tightened += 1;
      } catch (error) {
        result.failed.push({ path: entry, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
      }
    }
    if (!stats.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(entry);
    } catch (error) {
      result.failed.push({ path: entry, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
      return;
    }
    for (const name of names) {
      const child = path.join(entry, name);
      let childStats: Stats;
      try {
        childStats = lstatSync(child);
      } catch {
        continue; // removed while we looked
      }
      visit(child, childStats);
    }
  };
  visit(root, rootStats);
  return result;
}

/** The start-log line for a tightening, or undefined when there was nothing to say. */
export function describeTightening(dataDir: string, { tightened, failed }: Tightening): string | undefined {
  const lines: string[] = [];
  if (tightened > 0) {
    lines.push(
      `DATA_DIR: ${tightened} ${tightened === 1 ? 'entry' : 'entries'} under ${dataDir} that other users could read ` +
        'were made private to this user (directories 0700, files 0600)',
    );
  }
  if (failed.length > 0) {
    lines.push(
      `DATA_DIR: ${failed.length} ${failed.length === 1 ? 'entry' : 'entries'} under ${dataDir} could not be made private ` +
        `(first: ${failed[0].path}, ${failed[0].reason}); other users may read them`,
    );
  }
  return lines.length ? lines.join('; ') : undefined;
}
