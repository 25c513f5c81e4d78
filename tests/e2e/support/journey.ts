/**
 * One real app per journey file — the built client, the real server on a free port, a private
 * database copy and an SMTP sink to read mail from, the pieces of production — driven by the
 * worker's Chromium. The browser is started once per test worker and shared by the files it runs
 * (they run one after another, each in its own browser contexts, which share no cookies or
 * storage): starting Chromium for each of the journeys was CPU the suite could spend on tests.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { launchBrowser, screenshotOpenPages } from './browser';

let shared: Promise<Browser> | undefined;

/** The worker's Chromium, started on first use and again if it went away. */
async function workerBrowser(): Promise<Browser> {
  const current = shared && (await shared.catch(() => undefined));
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

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
      workerBrowser(),
    ]);
  });
  // A failed test leaves a picture of every page it had open, taken before its contexts close.
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() => (browser ? screenshotOpenPages(browser, task.name) : undefined));
  });
  afterAll(async () => {
    // Contexts a failed test left open are closed with the file, so the next one starts clean.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
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
