import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanySchema } from '@/shared/schemas/company';
import type { CompaniesService } from './companies.service';

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  // Any id shape is accepted here: one that names no company is a 404, not a 400 (RUNTIME.md).
  app.get(
    '/api/companies/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: CompanySchema } } },
    async (request) => companies.getCompany(request.params.id),
  );

  app.get(
    '/api/companies/:id/images',
    {
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: {
          200: z.array(
            z.object({ id: z.number(), objectUrl: z.string(), caption: z.string().nullable(), displayOrder: z.number() }),
          ),
        },
      },
    },
    async (request) => companies.listImages(request.params.id),
  );
};
