/**
 * Serves the built React app: hashed assets with long-lived caching, and index.html for every
 * other path; the app itself shows its not-found screen. Unknown paths still answer 200, because
 * browsers log a 404 document as a console error (RUNTIME.md: a quiet console).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/')) {
      return reply.status(404).send({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
  return true;
}
