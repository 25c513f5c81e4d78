/**
 * Builds the real app on a private database with mail going to a real SMTP sink.
 * Usage: `const t = await startTestApp(); ... await t.close();` (one per test file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { SmsSink } from './sms-sink';
import { SmtpSink } from './smtp-sink';
import { reservePort } from './free-port';
import { openTestDatabase } from './test-database';
import { frameText } from '../lib/ws-frame';
import { setOperatingCountry } from '@/shared/operating-country';

export interface TestApp {
  app: FastifyInstance;
  /** Where the app listens, when started with `listen: true`. */
  baseUrl: string;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: AppConfig;
  smtp: SmtpSink;
  /** Where SMS_URL points: texts arrive here as the gateway would receive them. */
  sms: SmsSink;
  /** The time the app's write limits count by. */
  limiterClock: LimiterClock;
  close(): Promise<void>;
}

/**
 * The write limits count in fixed windows aligned to the clock: a test that fills a window and
 * expects the next request refused would fail across a window's end, where the count starts again.
 * Instead of waiting for a fresh window, the test moves the limiter's clock to one's start; the
 * clock then runs on in real time.
 */
export class LimiterClock {
  private offset = 0;
  readonly now = () => Date.now() + this.offset;

  /** Moves to one second after the start of the next window of this length (and all shorter ones it divides). */
  startOfNextWindow(windowSeconds: number): void {
    const windowMs = windowSeconds * 1000;
    const real = Date.now();
    this.offset = Math.ceil((real + 1) / windowMs) * windowMs + 1000 - real;
  }

  reset(): void {
    this.offset = 0;
  }
}

export interface TestAppOptions {
  /** Serve this built client (browser journeys); by default the app serves the API only. */
  clientDir?: string;
  /** Listen on a free loopback port, with APP_URL naming it (browser journeys, sockets). */
  listen?: boolean;
  /** Another payment provider than the built-in test one (the Stripe driver against a local API). */
  payments?: (config: AppConfig) => Promise<PaymentProvider>;
  /** A second database the app reads search and category listings from (a stand-in replica). */
  replica?: DatabaseHandle;
  /** Where the app's log lines go (set LOG_LEVEL too: tests are silent by default). */
  logStream?: NodeJS.WritableStream;
}

export { freePort } from './free-port';

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-test-'));
  const smtp = new SmtpSink();
  await smtp.start();
  const sms = new SmsSink();
  await sms.start();
  // Links in mail must name the real port, so it is chosen (and held) before the config is made.
  const reserved = options.listen ? await reservePort() : undefined;
  const port = reserved?.port;
  const baseUrl = port ? `http://127.0.0.1:${port}` : 'http://app.test';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: baseUrl,
    SMTP_URL: smtp.url,
    SMS_URL: sms.url,
    SEED_DEMO: 'false',
    ...env,
  });
  const database = await openTestDatabase();
  const limiterClock = new LimiterClock();
  const app = await buildApp(config, {
    database,
    limiterClock: limiterClock.now,
    clientDir: options.clientDir ?? path.join(dataDir, 'no-client'),
    payments: options.payments ? await options.payments(config) : undefined,
    replica: options.replica,
    logStream: options.logStream,
  });
  if (reserved) {
    await reserved.release();
    await app.listen({ port: reserved.port, host: '127.0.0.1' });
  } else await app.ready();
  return {
    app,
    baseUrl,
    database,
    db: database.db,
    config,
    smtp,
    sms,
    limiterClock,
    async close() {
      await app.close();
      await database.close();
      // Test files share their worker's modules: the next file's schemas read the default country.
      setOperatingCountry('US');
      await smtp.stop();
      await sms.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie of a response, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `sid=${cookie.value}`;
}

let ipCounter = 0;
/** A fresh client address, so rate limits of one test do not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** `call('PUT', '/api/…', cookie, body)`: one inject with an optional session and JSON body. */
export function apiCaller(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export interface MultipartFilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: MultipartFilePart,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----localpros${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `content-type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `send('POST', url, cookie, fields, file)`: one multipart inject. */
export function multipartCaller(app: FastifyInstance) {
  return (
    method: 'POST' | 'PUT',
    url: string,
    cookie: string | undefined,
    fields: Record<string, string>,
    file?: MultipartFilePart,
  ) => {
    const { payload, headers } = multipartBody(fields, file);
    return app.inject({ method, url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  };
}

export interface TestSocket {
  socket: WebSocket;
  frames: { type: string; data: unknown }[];
}

/** A WebSocket on `/ws` with this session, keeping every frame it receives. */
export function openSocket(baseUrl: string, cookie: string, userId?: number): Promise<TestSocket> {
  const url = `${baseUrl.replace('http', 'ws')}/ws${userId ? `?userId=${userId}` : ''}`;
  const socket = new WebSocket(url, { headers: { cookie, origin: baseUrl } });
  const frames: TestSocket['frames'] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(frameText(raw)) as TestSocket['frames'][number]));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, frames }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

/**
 * The frame of `type` the server sent `socket` for which `matches` holds: one already received,
 * or the next one that arrives (events travel after the answer, on the socket; the test's own
 * time limit bounds the wait).
 */
export function frameOf(socket: TestSocket, type: string, matches: (data: Record<string, unknown>) => boolean): Promise<unknown> {
  const isIt = (f: { type: string; data: unknown }) => f.type === type && matches(f.data as Record<string, unknown>);
  const seen = socket.frames.find(isIt);
  if (seen) return Promise.resolve(seen.data);
  return new Promise((resolve) => {
    const listen = () => {
      const found = socket.frames.find(isIt);
      if (!found) return;
      socket.socket.off('message', listen);
      resolve(found.data);
    };
    // Registered after openSocket's own listener, so the frame is in `frames` when this runs.
    socket.socket.on('message', listen);
  });
}
