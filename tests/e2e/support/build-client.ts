/**
 * Global setup of the browser journeys: they load the built web app, so it is built first when a
 * source is newer than dist/client (also when a single journey runs: `npm run test:e2e -- <file>`).
 */
import { execFileSync } from 'node:child_process';

export default function buildClient(): void {
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "import { buildClientIfStale } from './scripts/lib/build-if-stale.mjs'; buildClientIfStale();"],
    { stdio: 'inherit' },
  );
}
