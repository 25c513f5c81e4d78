/**
 * JavaScript a page loads before it can be used: the entry chunk and its static imports (the
 * modulepreloads of index.html), plus the route's lazy chunk and its static imports, gzipped.
 * Chunks are found through Vite's manifest, keyed by the page's source file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANDING_PAGES } from '../scripts/lib/landing-page-chunks';
import type { Cleanup } from './cleanup';

export const BUDGET_KB = 150;
const BUILD_TIMEOUT_MS = 5 * 60_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export type PageSize =
  | { page: string; source: string; built: true; chunks: number; entryKb: number; routeKb: number; totalKb: number }
  | { page: string; source: string; built: false; reason: string };

export interface FrontendSizes {
  /** Which build was measured, for the report. */
  buildDescription: string;
  pages: PageSize[];
}

function runVite(root: string, args: string[], cleanup: Cleanup): Promise<void> {
  const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forget = cleanup.add('vite build', () => child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vite build took longer than ${BUILD_TIMEOUT_MS / 1000} s`));
    }, BUILD_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`vite build ${args.join(' ')} failed (exit ${code}):\n${output}`));
    });
  }).finally(() => void forget());
}

/** The chunk and everything it imports statically, depth first, each once. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export async function measureFrontend(root: string, cleanup: Cleanup, log: (line: string) => void): Promise<FrontendSizes> {
  const distClient = path.join(root, 'dist', 'client');
  if (!existsSync(distClient)) {
    log('  dist/client missing: running vite build');
    await runVite(root, [], cleanup);
  }
  let outDir = distClient;
  let buildDescription = 'dist/client (its own manifest)';
  if (!existsSync(path.join(distClient, '.vite', 'manifest.json'))) {
    // The main build has no manifest (vite.config.ts does not ask for one): build the same
    // sources again with one, into a temp directory, leaving dist/client untouched.
    outDir = mkdtempSync(path.join(os.tmpdir(), 'lp-bench-client-'));
    cleanup.add('temp client build', () => rmSync(outDir, { recursive: true, force: true }));
    log('  building the client with a manifest into a temp directory (vite build --manifest)');
    await runVite(root, ['--manifest', '--outDir', outDir, '--emptyOutDir'], cleanup);
    buildDescription = 'vite build --manifest of the current sources, into a temp directory';
  }
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');

  const gzipKb = new Map<string, number>();
  const sizeOf = (key: string) => {
    const file = manifest[key].file;
    if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(path.join(outDir, file))).length / 1024);
    return gzipKb.get(file)!;
  };
  const jsOnly = (keys: Iterable<string>) => [...keys].filter((key) => manifest[key].file.endsWith('.js'));

  const entryKeys = jsOnly(staticClosure(manifest, entryKey));
  const pages: PageSize[] = LANDING_PAGES.map(({ page, source }) => {
    if (!manifest[source]) {
      const reason = existsSync(path.join(root, source)) ? 'not built yet (not in the route table)' : 'not built yet';
      return { page, source, built: false, reason };
    }
    const routeKeys = jsOnly(staticClosure(manifest, source)).filter((key) => !entryKeys.includes(key));
    const entryKb = entryKeys.reduce((sum, key) => sum + sizeOf(key), 0);
    const routeKb = routeKeys.reduce((sum, key) => sum + sizeOf(key), 0);
    return {
      page,
      source,
      built: true,
      chunks: entryKeys.length + routeKeys.length,
      entryKb,
      routeKb,
      totalKb: entryKb + routeKb,
    };
  });
  return { buildDescription, pages };
}
