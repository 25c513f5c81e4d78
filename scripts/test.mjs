// `npm test`: everything CI checks — type-check, lint (ESLint with the boundary rules, then
// Prettier), and every Vitest project: unit, the API suite on PGlite, the same suite on PostgreSQL
// (TEST_DATABASE_URL), and the browser journeys in Debian's Chromium. The web app is built first
// when a source changed: the journeys and the production-install test read dist/client, and a
// build inside Vitest could start while one of its files already reads it.
//
// The three run at once: the type-check and lint are a minute of CPU that would otherwise stand
// before the first test, and much of the suite waits on databases, child processes and the
// browser rather than computing. Their output is held and printed when each finishes, so it
// does not tangle with Vitest's; the first failure stops the rest.
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const projects = ['unit', 'api-pglite', 'e2e'];
if (process.env.TEST_DATABASE_URL) projects.splice(2, 0, 'api-postgres');
else console.warn('TEST_DATABASE_URL is not set: skipping the API suite on PostgreSQL (.ci/run always sets it).');

const steps = [
  { name: 'type-check', command: 'npx tsc --noEmit -p tsconfig.json', quiet: true },
  { name: 'lint', command: 'npm run --silent lint', quiet: true },
  {
    name: 'vitest',
    command: `node --input-type=module -e "(await import('./scripts/lib/build-if-stale.mjs')).buildClientIfStale()" && npx vitest run ${projects.map((p) => `--project ${p}`).join(' ')} ${process.argv.slice(2).join(' ')}`,
    quiet: false,
  },
];

const running = new Set();
let failed = false;

function run(step) {
  return new Promise((resolve) => {
    const stepStarted = Date.now();
    const child = spawn(step.command, {
      shell: true,
      stdio: step.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
      detached: true, // its own process group, so a failure elsewhere can stop all of it
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => {
      running.delete(child);
      const ms = Date.now() - stepStarted;
      if (output.trim()) process.stdout.write(`\n── ${step.name} ──\n${output}`);
      const ok = code === 0;
      console.log(
        `── ${step.name}: ${ok ? 'passed' : signal ? `stopped (${signal})` : `failed (exit ${code})`} in ${seconds(ms)}`,
      );
      if (!ok && !failed) {
        failed = true;
        for (const other of running) {
          try {
            process.kill(-other.pid, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      }
      resolve({ step, code: code ?? 1, ms });
    });
  });
}

// Ctrl-C or a stopped CI job reaches the children too (each has its own process group).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const results = await Promise.all(steps.map(run));
console.log(`\nnpm test: ${failed ? 'FAILED' : 'passed'} in ${seconds(Date.now() - started)}`);
for (const { step, code, ms } of results) console.log(`  ${step.name.padEnd(11)} ${code === 0 ? 'ok  ' : 'FAIL'} ${seconds(ms)}`);
process.exit(failed ? 1 : 0);
