// `npm run backup` / `npm run restore`: builds the server if its sources changed (in a checkout),
// then runs dist/server/ops.js with the arguments given after `--`.
import { spawn } from 'node:child_process';
import { buildServerIfStale } from './lib/build-if-stale.mjs';

buildServerIfStale();
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/ops.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
