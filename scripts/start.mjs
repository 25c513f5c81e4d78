// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawn } from 'node:child_process';
import { buildClientIfStale, buildServerIfStale } from './lib/build-if-stale.mjs';

buildClientIfStale();
buildServerIfStale();

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit', env: process.env });
// Forward the signal; the server finishes in-flight requests and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
