/**
 * GET /metrics for Prometheus (platform/metrics): every answer is timed by its route pattern,
 * and the page answers only a scraper sending `Authorization: Bearer <METRICS_TOKEN>`. Neither
 * the peer address nor a header makes a request "this machine": a proxy on the same host
 * forwards the public from the loopback, with or without forwarding headers. A missing or wrong
 * token, and any request when no token is configured, get the 404 of a page that does not exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '@/server/lib/app-error';
import type { AppMetrics } from '@/server/platform/metrics/metrics';

/** Equal-length digests, so that comparing them takes the same time whatever was sent. */
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
  if (!token) app.log.info('metrics off: set METRICS_TOKEN to scrape /metrics');

  app.get('/metrics', async (request, reply) => {
    if (!token || !hasToken(request, token)) throw notFound();
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
