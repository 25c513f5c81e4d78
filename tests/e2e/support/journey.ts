/**
 * One real app and one Chromium per journey file: the built client, the real server on a free
 * port, a private database copy and an SMTP sink to read mail from — the pieces of production.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { launchBrowser } from './browser';

export interface Journey {
  readonly server: TestApp;
  readonly browser: Browser;
}

/** Registers the file's setup and teardown; read `server` and `browser` inside tests. */
export function setupJourney(env: Record<string, string> = {}): Journey {
  let server: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestApp(env, { clientDir: path.resolve('dist/client'), listen: true }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the journey app is not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started');
      return browser;
    },
  };
}
