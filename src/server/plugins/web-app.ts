/**
 * Serves the built React app: hashed assets with long-lived caching, and index.html for every
 * screen of the route table (404 for other paths, still rendering the app's not-found screen).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '@/shared/client-routes';

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
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
  return true;
}
