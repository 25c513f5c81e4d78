/**
 * One real app per journey file: the built client, the real server on a free port, a private
 * database copy and an SMTP sink to read mail from — the same pieces as production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { SmtpSink } from '@/server/test/smtp-sink';
import { openTestDatabase } from '@/server/test/test-database';

export interface E2eApp {
  baseUrl: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  smtp: SmtpSink;
  close(): Promise<void>;
}

const CLIENT_DIR = path.resolve('dist/client');

export async function startE2eApp(env: Record<string, string> = {}): Promise<E2eApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-'));
  const smtp = new SmtpSink();
  await smtp.start();
  const database = await openTestDatabase();
  // APP_URL must name the port before listening, so pick it by listening once on port 0.
  const probe = await import('node:net').then(
    (net) =>
      new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          server.close(() => resolve(port));
        });
      }),
  );
  const baseUrl = `http://127.0.0.1:${probe}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: baseUrl,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'false',
    ...env,
  });
  const app = await buildApp(config, { database, clientDir: CLIENT_DIR });
  await app.listen({ port: probe, host: '127.0.0.1' });
  return {
    baseUrl,
    app,
    database,
    smtp,
    async close() {
      await app.close();
      await database.close();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
