import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the client on 5173 and forwards the API, the socket and the dev
// mailbox to the Fastify server on 3000 (scripts/dev.mjs starts both).
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true, modulePreload: { polyfill: false } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
