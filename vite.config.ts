import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingPageChunks } from './scripts/lib/landing-page-chunks.ts';

// In development Vite serves the client on 5173 and forwards the API, the socket and the dev
// mailbox to the Fastify server on 3000 (scripts/dev.mjs starts both).
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval in the browser: the pages' Content-Security-Policy refuses it.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/lib/zod/index.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload each rendered screen's chunks.
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules it names and no more: their imports stay where the other
          // rules put them (the entry's in the entry), instead of following into the group.
          includeDependenciesRecursively: false,
          // The landing pages' code in a few files, by the pages that load it, and the icons
          // the other screens share in one.
          groups: landingPageChunks(fileURLToPath(new URL('.', import.meta.url))),
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
