/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]`, with the app's own
 * environment (the same variables as `npm start`; docs/operating.md). Built into
 * dist/server/ops.js, so a production install without development packages runs them. A refusal
 * or a failed restore is one line on stderr and exit status 1.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { loadConfigOrExit, type AppConfig } from '@/server/config';
import { openEmbeddedInThread } from '@/server/db/client';
import { EmbeddedDatabaseInUse, readEmbeddedLock } from '@/server/db/embedded-lock';
import { PGLITE_SOCKET_PORT } from '@/server/db/pglite-server';
import { createObjectStore } from '@/server/platform/objects/create-object-store';
import {
  BackupRefused,
  DEFAULT_UNPACK_LIMITS,
  restoreBackup,
  RestoreFailed,
  writeBackup,
  type BackupManifest,
  type UnpackLimits,
} from './backup';
import { PRIVATE_UMASK } from '@/server/lib/private-data-dir';
import { recordLastBackup } from './last-backup';

const USAGE = `usage: npm run backup -- --out FILE
       npm run restore -- FILE [--force] [--max-bytes SIZE] [--max-entries N]
         --max-bytes    what the archive may unpack to (default ${DEFAULT_UNPACK_LIMITS.maxBytes / 2 ** 30}G; K, M, G, T suffixes)
         --max-entries  how many files it may hold (default ${DEFAULT_UNPACK_LIMITS.maxEntries})`;

/** "300G", "512M", "1048576": bytes (binary units). */
function parseSize(text: string): number {
  const match = /^(\d+)([KMGT]?)$/i.exec(text.trim());
  if (!match) throw new Error(`--max-bytes ${JSON.stringify(text)}: a whole number, optionally followed by K, M, G or T`);
  return Number(match[1]) * 1024 ** ' KMGT'.indexOf((match[2] || ' ').toUpperCase());
}

function parseCount(text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new Error(`--max-entries ${JSON.stringify(text)}: a whole number`);
  return Number(text);
}

function summary(manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const bytes = manifest.objects.reduce((sum, object) => sum + object.bytes, 0);
  return `${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.objects.length} objects (${(bytes / 1e6).toFixed(1)} MB)`;
}

async function backup(config: AppConfig, out: string): Promise<void> {
  const objects = await createObjectStore(config.objectStore);
  const write = (connection: pg.ClientConfig) =>
    writeBackup({ kind: config.databaseUrl ? 'postgres' : 'pglite', connection, objects, dataDir: config.dataDir }, out);
  let manifest: BackupManifest;
  if (config.databaseUrl) {
    manifest = await write({ connectionString: config.databaseUrl });
  } else {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    const running = readEmbeddedLock(pgliteDir);
    if (running) {
      // The app runs: its database is read through its own socket, in one transaction.
      manifest = await write({ host: running.socketDir, port: PGLITE_SOCKET_PORT, user: 'postgres', database: 'postgres' });
    } else {
      const database = await openEmbeddedInThread({ dataDir: pgliteDir });
      try {
        manifest = await write(database.connection);
      } finally {
        await database.close();
      }
    }
  }
  objects.close?.();
  const { size } = statSync(out);
  recordLastBackup(config.dataDir, { at: manifest.createdAt, file: path.resolve(out), bytes: size });
  for (const key of manifest.missingObjects) console.warn(`warning: object ${key} was gone from the store when it was copied`);
  console.log(`backup written to ${out} (${(size / 1e6).toFixed(1)} MB): ${summary(manifest)}`);
}

async function restore(config: AppConfig, file: string, force: boolean, limits: Partial<UnpackLimits>): Promise<void> {
  // Objects of the app's own store (DATA_DIR/objects) are staged and swapped in by the restore.
  const objects = config.objectStore.kind === 'fs' ? undefined : await createObjectStore(config.objectStore);
  try {
    const { manifest, notes } = await restoreBackup(
      file,
      { kind: config.databaseUrl ? 'postgres' : 'pglite', dataDir: config.dataDir, databaseUrl: config.databaseUrl, objects },
      { force, limits, environmentSessionSecret: process.env.SESSION_SECRET || undefined },
    );
    console.log(`restored the backup of ${manifest.createdAt}: ${summary(manifest)}. Start the app as usual.`);
    for (const note of notes) console.log(`note: ${note}`);
  } finally {
    objects?.close?.();
  }
}

/**
 * The configuration, read without creating a session secret in DATA_DIR when restoring: the
 * restore brings the backup's own back, and a refused restore leaves DATA_DIR as it was.
 */
function configFor(command: string | undefined): AppConfig {
  if (command !== 'restore' || process.env.SESSION_SECRET) return loadConfigOrExit();
  return loadConfigOrExit({ ...process.env, SESSION_SECRET: 'not-used-by-a-restore-of-a-backup' });
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        force: { type: 'boolean' },
        'max-bytes': { type: 'string' },
        'max-entries': { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 64; // EX_USAGE
  }
  const { values, positionals } = parsed;
  const limits: Partial<UnpackLimits> = {};
  try {
    if (values['max-bytes'] !== undefined) limits.maxBytes = parseSize(values['max-bytes']);
    if (values['max-entries'] !== undefined) limits.maxEntries = parseCount(values['max-entries']);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  const config = configFor(command);
  try {
    if (command === 'backup' && values.out && positionals.length === 0 && Object.keys(limits).length === 0)
      await backup(config, values.out);
    else if (command === 'restore' && positionals.length === 1 && !values.out)
      await restore(config, positionals[0], values.force === true, limits);
    else {
      console.error(USAGE);
      return 64;
    }
    return 0;
  } catch (error) {
    const oneLine = (message: string) => message.replace(/\s*\n\s*/g, ' ');
    if (error instanceof BackupRefused || error instanceof EmbeddedDatabaseInUse) {
      console.error(`${command} refused: ${oneLine(error.message)}`);
      return 1;
    }
    if (error instanceof RestoreFailed) {
      console.error(`${command} failed: ${oneLine(error.message)}`);
      return 1;
    }
    throw error;
  }
}

// What these commands write in DATA_DIR (the last backup's record, restored files) and the archive
// are the user's alone, whatever the shell's umask, as for the server itself.
process.umask(PRIVATE_UMASK);
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
