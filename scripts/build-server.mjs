// Bundles the server, the embedded-database worker, and the backup and restore commands (ops.js)
// into dist/server with esbuild; npm packages stay external, so `npm ci --omit=dev` is all a
// production copy needs. Migrations are copied beside the bundle, where client.ts looks.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// `node scripts/build-server.mjs [OUTDIR]`: dist/server by default (a test builds a copy elsewhere).
const outdir = process.argv[2] ?? 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts', ops: 'src/server/ops/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`server built into ${outdir}`);
