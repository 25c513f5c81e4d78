/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]`, with the app's own
 * environment (the same variables as `npm start`; docs/operating.md). Built into
 * dist/server/ops.js, so a production install without development packages runs them.
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
import { BackupRefused, restoreBackup, writeBackup, type BackupManifest } from './backup';
import { recordLastBackup } from './last-backup';

const USAGE = `usage: npm run backup -- --out FILE
       npm run restore -- FILE [--force]`;

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

async function restore(config: AppConfig, file: string, force: boolean): Promise<void> {
  const objects = await createObjectStore(config.objectStore);
  const manifest = await restoreBackup(
    file,
    { kind: config.databaseUrl ? 'postgres' : 'pglite', dataDir: config.dataDir, databaseUrl: config.databaseUrl, objects },
    { force },
  );
  objects.close?.();
  console.log(`restored the backup of ${manifest.createdAt}: ${summary(manifest)}. Start the app as usual.`);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: { out: { type: 'string' }, force: { type: 'boolean' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 64; // EX_USAGE
  }
  const { values, positionals } = parsed;
  const config = loadConfigOrExit();
  try {
    if (command === 'backup' && values.out && positionals.length === 0) await backup(config, values.out);
    else if (command === 'restore' && positionals.length === 1 && !values.out)
      await restore(config, positionals[0], values.force === true);
    else {
      console.error(USAGE);
      return 64;
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused || error instanceof EmbeddedDatabaseInUse) {
      console.error(`${command} refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
