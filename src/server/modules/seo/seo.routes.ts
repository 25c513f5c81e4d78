/** /sitemap.xml and /robots.txt: registered apart from the web app, so they answer without a built client. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SeoService } from './seo.service';

export const seoRoutes: FastifyPluginAsyncZod<{ seo: SeoService }> = async (app, { seo }) => {
  // Plain text and XML, not JSON: no response schema to serialize through.
  app.get('/sitemap.xml', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('application/xml; charset=utf-8').send(await seo.buildSitemap());
  });

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(seo.robotsTxt());
  });
};
