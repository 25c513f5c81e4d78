/** /sitemap.xml (an index), its files and /robots.txt: registered apart from the web app, so they answer without a built client. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@/server/lib/app-error';
import type { SeoService } from './seo.service';

const CompaniesFileParamsSchema = z.object({ file: z.string().regex(/^companies-\d{1,6}\.xml$/) });

export const seoRoutes: FastifyPluginAsyncZod<{ seo: SeoService }> = async (app, { seo }) => {
  // Plain text and XML, not JSON: no response schema to serialize through.
  const sendXml = (reply: FastifyReply, body: string) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('application/xml; charset=utf-8').send(body);
  };
  app.get('/sitemap.xml', async (_request, reply) => sendXml(reply, await seo.buildSitemapIndex()));
  app.get('/sitemaps/pages.xml', async (_request, reply) => sendXml(reply, await seo.buildPagesSitemap()));
  app.get('/sitemaps/:file', async (request, reply) => {
    const params = CompaniesFileParamsSchema.safeParse(request.params);
    const file = params.success ? Number(params.data.file.slice('companies-'.length, -'.xml'.length)) : 0;
    const body = file ? await seo.buildCompaniesSitemap(file) : undefined;
    if (!body) throw notFound();
    return sendXml(reply, body);
  });

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(seo.robotsTxt());
  });
};
