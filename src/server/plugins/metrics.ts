/**
 * GET /metrics for Prometheus (platform/metrics): every answer is timed by its route pattern,
 * and the page is served to this machine itself (lib/this-machine.ts: not through a proxy, even
 * one on the same machine) or to a scraper with the bearer token METRICS_TOKEN.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '@/server/lib/app-error';
import { isFromThisMachine } from '@/server/lib/this-machine';
import type { AppMetrics } from '@/server/platform/metrics/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

function hasToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

export async function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched paths share one label: a scanner's thousand URLs must not make a thousand series.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', async (request, reply) => {
    if (!(token && hasToken(request, token)) && !isFromThisMachine(request)) {
      if (token) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHENTICATED', 'The metrics token is required');
      }
      throw forbidden('Metrics are served to this machine only (set METRICS_TOKEN to scrape them from elsewhere)');
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
