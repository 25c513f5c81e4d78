// Rebuilds the client or the server bundle only when a source is newer than the output.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(output, sources) {
  return !existsSync(output) || sources.some((source) => newestMtime(source) > statSync(output).mtimeMs);
}

// A production copy (dist/ and package files only, no sources) is never rebuilt.
export function buildClientIfStale() {
  if (!existsSync('src/client')) return;
  if (
    isStale('dist/client/index.html', ['src/client', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'])
  ) {
    console.log('building the web app...');
    // Always React's production build: Vite keeps a NODE_ENV it inherits, and Vitest sets it to
    // `test` for a build started from a journey's global setup, which bundled React's development
    // build (a 567 KB entry, several times the work in the browser).
    execSync('npx vite build --logLevel warn && node scripts/compress-assets.mjs', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

export function buildServerIfStale() {
  if (!existsSync('src/server')) return;
  // The bundle renders the public pages with the screens' code, so src/client is one of its sources.
  if (
    isStale('dist/server/main.js', ['src/server', 'src/shared', 'src/client', 'scripts/build-server.mjs', 'package-lock.json'])
  ) {
    console.log('building the server...');
    execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  }
}
