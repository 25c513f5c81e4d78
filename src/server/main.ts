/** Reads the configuration, opens and prepares the database, and serves until SIGTERM/SIGINT. */
import { buildApp } from './app';
import { loadConfigOrExit, type AppConfig } from './config';
import { migrateDatabase, openEmbeddedInWorker, openPostgres, type DatabaseHandle } from './db/client';
import { EmbeddedDatabaseInUse } from './db/embedded-lock';
import { seedDatabase } from './db/seed/seed';
import { describeTightening, makePrivate, PRIVATE_UMASK } from './lib/private-data-dir';

async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = `${config.dataDir}/pglite`;
  const database = await openEmbeddedInWorker(dir);
  // A first start unpacks the initial database with the modes of PGlite's archive (0666), which
  // the umask does not reach: made private at once, before a row is written. Files the database
  // creates later follow the umask.
  makePrivate(dir);
  return database;
}

async function main(): Promise<void> {
  // Before anything is written (the session secret, the database in its worker thread, mail,
  // objects): whatever the shell's umask, what this process creates is its user's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadConfigOrExit();
  // What an earlier version, a copy or a restore left readable to others, made private once.
  const tightening = makePrivate(config.dataDir);

  const database = await openDatabase(config);
  const replica = config.databaseReplicaUrl ? openPostgres(config.databaseReplicaUrl) : undefined;
  await migrateDatabase(database);
  const app = await buildApp(config, { database, replica });
  const tightened = describeTightening(config.dataDir, tightening);
  if (tightened) app.log.warn(tightened);
  if (config.country !== 'US' && config.seedDemo)
    app.log.info('SEED_DEMO loads American companies: not with COUNTRY=' + config.country);
  await seedDatabase(database, {
    demo: config.seedDemo,
    country: config.country,
    admin: config.admin,
    log: (message) => app.log.info(message),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    // In-flight requests get a grace period; a connection that is still open after it (a client
    // that connected but never finished sending) is cut so that the close can complete.
    const grace = setTimeout(() => app.server.closeAllConnections(), 5_000);
    grace.unref();
    app
      .close()
      .then(() => Promise.all([database.close(), replica?.close()]))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // With PORT=0 the system picks the port: the line names the address actually bound.
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.databaseUrl ? 'PostgreSQL' : 'embedded database'} ready; listening at ${address}, serving ${config.appUrl}`,
  );
}

main().catch((error: unknown) => {
  // Another process on the same DATA_DIR: say so plainly, not with a stack.
  console.error(error instanceof EmbeddedDatabaseInUse ? error.message : error);
  process.exit(1);
});
