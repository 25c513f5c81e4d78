/**
 * When the last backup was taken on this node: `npm run backup` writes DATA_DIR/last-backup.json,
 * and the admin System page shows it (unknown when backups are taken some other way).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LastBackup {
  at: string;
  file: string;
  bytes: number;
}

const fileIn = (dataDir: string) => path.join(dataDir, 'last-backup.json');

export function recordLastBackup(dataDir: string, backup: LastBackup): void {
  writeFileSync(fileIn(dataDir), `${JSON.stringify(backup)}\n`);
}

export function readLastBackup(dataDir: string): LastBackup | null {
  try {
    const backup = JSON.parse(readFileSync(fileIn(dataDir), 'utf8')) as LastBackup;
    return typeof backup.at === 'string' && typeof backup.bytes === 'number' ? backup : null;
  } catch {
    return null;
  }
}
