/**
 * `npm run backup -- --out FILE`, `npm run restore -- FILE [--force]` and `npm run geo:import --
 * FILE` (postal codes; `-` reads standard input), with the app's own
 * environment (the same variables as `npm start`; docs/operating.md). Built into
 * dist/server/ops.js, so a production install without development packages runs them. A refusal
 * or a failed restore is one line on stderr and exit status 1.
 */
import { accessSync, constants, createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { loadConfigOrExit, type AppConfig } from '@/server/config';
import { migrateDatabase, openEmbeddedInThread, openPostgres, type DatabaseHandle } from '@/server/db/client';
import { EmbeddedDatabaseInUse, readEmbeddedLock } from '@/server/db/embedded-lock';
import { PGLITE_SOCKET_PORT } from '@/server/db/pglite-server';
import { describeImport, importPostalCodes } from '@/server/modules/geo/postal-code-import';
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
         --max-entries  how many files it may hold (default ${DEFAULT_UNPACK_LIMITS.maxEntries})
       npm run geo:import -- FILE   (GeoNames postal-code format, COUNTRY's lines; - reads standard input)`;

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
 * The app's database, migrated: through the running app's socket when it holds the embedded
 * database (its queries wait meanwhile), else opened here.
 */
async function openAppDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, 2);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const running = readEmbeddedLock(pgliteDir);
  // A DATA_DIR the app has not started in yet: the import makes its database, as the app would.
  if (!running) return openEmbeddedInThread({ dataDir: pgliteDir });
  return openPostgres(
    `postgres://postgres@localhost:${PGLITE_SOCKET_PORT}/postgres?host=${encodeURIComponent(running.socketDir)}`,
    2,
  );
}

/** Exit status 0 when every line loaded, 1 when none could (or the file could not be read), 2 when some were refused. */
async function geoImport(config: AppConfig, file: string): Promise<number> {
  // A file that cannot be read is refused before the database is opened.
  if (file !== '-') accessSync(file, constants.R_OK);
  const database = await openAppDatabase(config);
  try {
    await migrateDatabase(database);
    const client = await database.pool.connect();
    try {
      const source = file === '-' ? process.stdin : createReadStream(file);
      const report = await importPostalCodes(client, source, config.country);
      const [summary, ...refusals] = describeImport(report);
      console.log(summary);
      for (const refusal of refusals) console.error(refusal);
      if (report.loaded && report.added + report.changed + report.removed > 0)
        console.log('Running servers use the new postal codes within a second; no restart is needed.');
      return !report.loaded ? 1 : report.refusedCount > 0 ? 2 : 0;
    } finally {
      client.release();
    }
  } finally {
    await database.close();
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
    else if (
      command === 'geo-import' &&
      positionals.length === 1 &&
      !values.out &&
      !values.force &&
      Object.keys(limits).length === 0
    )
      return await geoImport(config, positionals[0]);
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
    if (command === 'geo-import' && ['ENOENT', 'EACCES', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) {
      console.error(`geo-import failed: ${oneLine((error as Error).message)}`);
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
