/**
 * `npm run geo:import -- FILE` as an operator runs it (the built command, beside a running app on
 * the same database): its report and exit status, standard input, a missing file, and the app
 * finding the new postcodes without a restart.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gbSampleText, geonamesLine } from '@/server/test/gb-postal-codes';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { runGeoImport } from '@/server/test/geo-import-command';
import { testDatabaseKind } from '@/server/test/test-database';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') return;
  t = await startTestApp({ COUNTRY: 'GB' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'lp-geo-import-'));
});
afterAll(() => t?.close());

const geoImport = (file: string, stdin?: string) => runGeoImport(t.database, file, stdin);

const placeLabel = async (location: string) =>
  (await t.app.inject(`/api/search?location=${encodeURIComponent(location)}`)).json().location.label as string | null;

// The command is a process of its own: run where the test database is a server's (the parsing and
// the merge are tested on both databases in postal-code-import.test.ts).
describe.runIf(testDatabaseKind() === 'postgres')('npm run geo:import', () => {
  it('loads a file beside the running app, which finds the new postcodes without a restart', async () => {
    expect(await placeLabel('SW1A 2AA')).toBeNull();
    const file = path.join(dir, 'GB.txt');
    writeFileSync(file, gbSampleText());
    const loaded = await geoImport(file);
    expect(loaded.stdout).toContain('GB: 7 lines read, 12 postal codes loaded (12 added, 0 changed,');
    expect(loaded).toMatchObject({ code: 0, stderr: '' });
    await vi.waitFor(async () => expect(await placeLabel('SW1A 2AA')).toBe('London SW1A 2AA'), { timeout: 5000, interval: 200 });
  });

  it('reads standard input, names refused lines on stderr and exits 2 when some were refused; the same codes change nothing', async () => {
    const text = gbSampleText() + geonamesLine('GB', 'E1 6AN', 'London', 'England', 'ENG', '200', '-0.07') + '\n';
    const result = await geoImport('-', text);
    expect(result.stdout).toContain('GB: 8 lines read, 12 postal codes loaded (0 added, 0 changed, 0 removed), 1 lines refused');
    expect(result.stderr).toBe('line 8: latitude "200" is not between -90 and 90\n');
    expect(result.code).toBe(2);
  });

  it('exits 1 and changes nothing for a missing file or one with nothing to load', async () => {
    const missing = await geoImport(path.join(dir, 'no-such-file.txt'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^geo-import failed: ENOENT/);
    const nothing = path.join(dir, 'US.txt');
    writeFileSync(nothing, geonamesLine('US', '78701', 'Austin', 'Texas', 'TX', '30.27', '-97.74') + '\n');
    const refused = await geoImport(nothing);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('GB: 1 lines read, none could be loaded; the postal codes were left as they were');
    expect(refused.stderr).toContain('line 1: country "US", not GB');
    expect(await placeLabel('SW1A 2AA')).toBe('London SW1A 2AA');
  });
});
