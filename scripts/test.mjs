// `npm test`: type-check, lint (ESLint with the boundary rules, then Prettier), build the client
// the browser journeys use, then every Vitest project:
// unit, the API suite on PGlite, the same suite on PostgreSQL (TEST_DATABASE_URL), and the
// Playwright journeys in Debian's Chromium.
import { execSync } from 'node:child_process';
import { buildClientIfStale } from './lib/build-if-stale.mjs';

const run = (command) => {
  try {
    execSync(command, { stdio: 'inherit', env: process.env });
  } catch (error) {
    process.exit(error.status ?? 1); // the command already printed why
  }
};

run('npx tsc --noEmit -p tsconfig.json');
run('npm run lint');
buildClientIfStale();

const projects = ['unit', 'api-pglite', 'e2e'];
if (process.env.TEST_DATABASE_URL) projects.splice(2, 0, 'api-postgres');
else console.warn('TEST_DATABASE_URL is not set: skipping the API suite on PostgreSQL (.ci/run always sets it).');

const extra = process.argv.slice(2).join(' ');
run(`npx vitest run ${projects.map((p) => `--project ${p}`).join(' ')} ${extra}`);
