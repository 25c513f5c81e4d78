/**
 * Part 10 of `npm run bench` (bench/README.md): the operator's command `geo:import` (the built
 * dist/server/ops.js, as `npm run geo:import -- FILE` runs it) loading a national postal-code file
 * the size of the largest GeoNames dumps (1,500,000 lines) into a fresh, migrated PostgreSQL
 * database, then the same file again (nothing changes). The files are synthetic British
 * postcodes, 5,000 to an outward code, with coordinates across Great Britain. Memory is the
 * command's peak resident set (VmHWM, read from /proc while it runs), next to its peak for a file
 * ten times smaller: bounded memory is the two being about the same. The time's baseline, in the
 * same run on the same server: as many rows written by one INSERT … SELECT into a plain table.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import type { Cleanup } from './cleanup';
import type { BenchHost } from './images';
import type { BenchOptions } from './options';
import { createBenchDatabase, withClient } from './postgres-database';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const GEO_IMPORT_LINES = 1_500_000;
/** What an operator may wait for their country's import. */
export const GEO_IMPORT_TARGET_SECONDS = 180;
/** Bounded memory: ten times the lines, the peak within this factor of the small file's (memory that grew with the file would be near 10×; V8 collects lazily, so some growth is its heap, not rows kept). */
export const GEO_IMPORT_MEMORY_FACTOR = 2;

export interface GeoImportRun {
  label: string;
  lines: number;
  seconds: number;
  peakRssBytes: number;
  /** The command's summary line. */
  summary: string;
}

export interface GeoImportResult {
  lines: number;
  fileBytes: number;
  small: GeoImportRun;
  first: GeoImportRun;
  again: GeoImportRun;
  baselineSeconds: number;
}
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Line `n` of the synthetic file: outward code n / 5,000, inward code n % 5,000 (digit and two letters). */
function lineOf(n: number): string {
  const outward = Math.floor(n / 5000);
  const inward = n % 5000;
  const area = `${LETTERS[outward % 26]}${LETTERS[Math.floor(outward / 26) % 26]}${1 + (outward % 9)}${Math.floor(outward / 9) % 10}`;
  const code = `${area} ${inward % 10}${LETTERS[Math.floor(inward / 10) % 26]}${LETTERS[Math.floor(inward / 260) % 26]}`;
  // Across Great Britain, 50°N–58°N and 6°W–2°E, spread by the line's number.
  const latitude = (50 + ((n * 7919) % 800_000) / 100_000).toFixed(6);
  const longitude = (-6 + ((n * 104_729) % 800_000) / 100_000).toFixed(6);
  return `GB\t${code}\tPlace ${outward}\tEngland\tENG\tCounty ${outward % 40}\t${outward % 40}\t\t\t${latitude}\t${longitude}\t6\n`;
}

async function writeFile(file: string, lines: number): Promise<void> {
  const out = createWriteStream(file);
  let chunk = '';
  for (let n = 0; n < lines; n++) {
    chunk += lineOf(n);
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** The built server's ops.js, rebuilt first when a source is newer (scripts/lib/build-if-stale.mjs). */
async function ensureServerBuilt(): Promise<void> {
  const url = new URL('../scripts/lib/build-if-stale.mjs', import.meta.url).href;
  const builds = (await import(url)) as { buildServerIfStale(): void };
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    builds.buildServerIfStale();
  } finally {
    process.chdir(cwd);
  }
}

const peakRssOf = (pid: number): number => {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // gone
  }
};

/** `geo:import FILE` as an operator runs it, timed, its peak memory sampled every 20 ms. */
async function runImport(label: string, file: string, lines: number, env: Record<string, string>): Promise<GeoImportRun> {
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/ops.js'), 'geo-import', file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakRssOf(child.pid!));
  }, 20);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;
  if (code !== 0) throw new Error(`geo:import ${label} exited ${code}: ${output}`);
  return { label, lines, seconds, peakRssBytes: peak, summary: output.split('\n')[0] };
}

export async function benchGeoImport(
  options: BenchOptions,
  cleanup: Cleanup,
  host: BenchHost,
  log: (line: string) => void,
): Promise<GeoImportResult> {
  log(`\n[10] Postal-code import: ${GEO_IMPORT_LINES.toLocaleString('en-US')} lines into PostgreSQL`);
  await ensureServerBuilt();
  const dir = host.tempDir('lp-bench-geo-');
  const small = path.join(dir, 'GB_small.txt');
  const big = path.join(dir, 'GB_full.txt');
  await writeFile(small, GEO_IMPORT_LINES / 10);
  await writeFile(big, GEO_IMPORT_LINES);
  const fileBytes = statSync(big).size;
  log(`    files written: ${(fileBytes / 1e6).toFixed(0)} MB`);

  const bench = await createBenchDatabase(options.adminUrl);
  cleanup.add(`drop database ${bench.name}`, () => bench.drop());
  const database = openPostgres(bench.url, 1);
  await migrateDatabase(database);
  await database.close();
  const env = {
    DATABASE_URL: bench.url,
    COUNTRY: 'GB',
    DATA_DIR: dir,
    SESSION_SECRET: 'bench-geo-import-secret',
    LOG_LEVEL: 'warn',
  };

  const runs: GeoImportRun[] = [];
  for (const [label, file, lines] of [
    ['a tenth of the file', small, GEO_IMPORT_LINES / 10],
    ['first import', big, GEO_IMPORT_LINES],
    ['same file again', big, GEO_IMPORT_LINES],
  ] as const) {
    const run = await runImport(label, file, lines, env);
    log(`    ${label}: ${run.seconds.toFixed(1)} s, peak RSS ${(run.peakRssBytes / 1e6).toFixed(0)} MB — ${run.summary}`);
    runs.push(run);
  }

  const baselineSeconds = await withClient(bench.url, async (client) => {
    await client.query('CREATE TABLE bench_plain_rows (zip text, city text, state text, latitude float8, longitude float8)');
    const began = performance.now();
    await client.query(
      `INSERT INTO bench_plain_rows SELECT 'Z' || g, 'Place', 'ENG', 50 + (g % 800000) / 100000.0, -6 + (g % 800000) / 100000.0
         FROM generate_series(1, ${GEO_IMPORT_LINES}) g`,
    );
    return (performance.now() - began) / 1000;
  });
  log(`    baseline (one INSERT … SELECT of as many rows): ${baselineSeconds.toFixed(1)} s`);
  return { lines: GEO_IMPORT_LINES, fileBytes, small: runs[0], first: runs[1], again: runs[2], baselineSeconds };
}
