// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => existsSync(source) && (statSync(source).isDirectory() ? newestMtime(source) : statSync(source).mtimeMs) > built);
}

const clientSources = ['src/client', 'src/shared', 'index.html', 'public', 'vite.config.ts'];
const serverSources = ['src/server', 'src/shared'];
if (isStale('dist/client/index.html', clientSources)) {
  console.log('building the web app...');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
if (isStale('dist/server/main.js', serverSources)) {
  console.log('building the server...');
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
