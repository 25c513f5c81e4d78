// Writes .br and .gz beside each built script, style sheet and SVG, so the server can send them
// compressed (@fastify/static preCompressed) without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/client';
let count = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.(js|css|svg|html|json|txt)$/.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      count += 1;
    }
  }
}
walk(root);
console.log(`compressed ${count} files in ${root}`);
