import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const apiTests = ['src/server/**/*.test.ts'];
const unitTests = ['src/shared/**/*.test.ts', 'src/server/lib/**/*.test.ts', 'src/client/**/*.test.ts', 'bench/**/*.test.ts'];

/**
 * Vitest orders its files project by project, by name, and keeps a worker for the next file only
 * when that file is of the same project (a worker changing project imports everything again).
 * The unit files go first: a few seconds in all, they ran last, one after another, while the
 * cores waited for them.
 */
const PROJECT_ORDER = ['unit', 'api-pglite', 'api-postgres', 'e2e'];
class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    return (await super.sort(files)).toSorted((a, b) => rank(a) - rank(b));
  }
}

/**
 * Unit files share their workers too (isolate: false): they are pure, and a fresh process and
 * module graph for each of a hundred files took half a minute of the gate.
 *
 * The API and browser projects run their files without a fresh module graph each (isolate:
 * false): every file builds its own app, database copy and browser, and importing the app anew
 * per file was a fifth of the suite's CPU. Three files run at a time across projects
 * (LP_TEST_WORKERS) on two cores, since much of the suite waits on databases, processes and the
 * browser; four did more work in all for the same tests (contention), two left the cores idle.
 * A test runs several times slower beside two others and the type-check than alone, so the time limits leave room
 * for that: they catch a test that hangs, not one that is slow.
 *
 * Projects: pure unit tests; the API suite on the embedded database (PGlite); the same API suite
 * on a real PostgreSQL server when TEST_DATABASE_URL is set (CI always sets it); the browser
 * journeys in Chromium.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: Number(process.env.LP_TEST_WORKERS ?? 3),
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: unitTests, isolate: false, testTimeout: 30_000 } },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          include: apiTests,
          isolate: false,
          exclude: unitTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup-cheap-hashing.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-postgres',
          include: apiTests,
          isolate: false,
          exclude: unitTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup-cheap-hashing.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/e2e/support/build-client.ts', 'src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup-cheap-hashing.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
