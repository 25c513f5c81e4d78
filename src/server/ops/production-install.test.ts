/**
 * The production install: the built server and web app, with package.json and the lock
 * file, in a clean directory; `npm ci --omit=dev`; `node dist/server/main.js` renders a page and
 * answers an API call, and `node dist/server/ops.js` takes a backup — no development package anywhere.
 * Runs once (in the embedded-database project): it tests files, not a database.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '@/server/test/server-process';
import { testDatabaseKind } from '@/server/test/test-database';

const root = process.cwd();
const copy = mkdtempSync(path.join(os.tmpdir(), 'lp-production-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe.runIf(testDatabaseKind() === 'pglite')('a production install', () => {
  it('runs from dist/ with only the runtime packages', async () => {
    // The web app is built by `npm test` before Vitest starts (scripts/test.mjs); alone, build it first.
    expect(existsSync(path.join(root, 'dist/client/index.html')), 'dist/client: run npm run build:client').toBe(true);
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(copy, 'dist/server')], { cwd: root });
    cpSync(path.join(root, 'dist/client'), path.join(copy, 'dist/client'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(root, file), path.join(copy, file));
    // From npm's cache when it holds every package (as after the suite's own install).
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: copy,
      stdio: 'pipe',
    });
    for (const devOnly of ['vite', 'vitest', 'esbuild', 'tsx', 'typescript', 'react', 'playwright-core', 'eslint']) {
      expect(existsSync(path.join(copy, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    const dataDir = path.join(copy, 'data');
    const server = await startServer(
      { NODE_ENV: 'production', DATA_DIR: dataDir, APP_URL: 'http://127.0.0.1' },
      { args: ['dist/server/main.js'], cwd: copy },
    );
    try {
      // The public pages are rendered by the bundled React (a development package the copy lacks).
      const page = await fetch(`${server.base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Find the right pro for your project</h1>');
      const categories = await fetch(`${server.base}/api/categories`);
      expect(categories.status).toBe(200);
      expect(((await categories.json()) as unknown[]).length).toBe(14);

      // The backup command of the same install, against the running app.
      const archive = path.join(copy, 'backup.tar.gz');
      execFileSync(process.execPath, ['dist/server/ops.js', 'backup', '--out', archive], {
        cwd: copy,
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir },
        stdio: 'pipe',
      });
      expect(statSync(archive).size).toBeGreaterThan(1000);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 240_000);
});
