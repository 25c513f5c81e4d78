// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawn } from 'node:child_process';
import { buildClientIfStale, buildServerIfStale } from './lib/build-if-stale.mjs';

// The supported lines (package.json "engines"); another still starts, with a word on why not to.
const [major, minor] = process.versions.node.split('.').map(Number);
if (!((major === 22 && minor >= 12) || major === 24)) {
  console.warn(`Node.js ${process.versions.node} is not supported: run LocalPros on Node.js 22 (22.12 or newer) or 24.`);
}

buildClientIfStale();
buildServerIfStale();

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit', env: process.env });
// Forward the signal; the server finishes in-flight requests and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
