// Bundles the server, the embedded-database worker, and the backup and restore commands (ops.js)
// into dist/server with esbuild. The runtime packages (package.json "dependencies") stay external,
// so `npm ci --omit=dev` is all a production copy needs; what the server uses from the development
// packages — React, the router and the screens' libraries, which render the public pages — is
// bundled in. Migrations are copied beside the bundle, where client.ts looks.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const runtime = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies);

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
  external: runtime.flatMap((name) => [name, `${name}/*`]),
  // The bundled React (and router) in their production builds whatever NODE_ENV the server starts
  // with: the development builds render several times slower. The app's own code reads NODE_ENV
  // through its config (config.ts), never as this expression, so nothing else changes.
  define: { 'process.env.NODE_ENV': '"production"' },
  // React's server renderer is CommonJS and requires Node's modules; an ES module bundle has no
  // `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`server built into ${outdir}`);
