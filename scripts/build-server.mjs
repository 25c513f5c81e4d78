// Bundles the server (and the embedded-database worker) into dist/server with esbuild; npm
// packages stay external. Migrations are copied beside the bundle, where client.ts looks.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built into dist/server');
