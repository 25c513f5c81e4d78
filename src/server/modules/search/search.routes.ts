import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResponseSchema } from '@/shared/schemas/company';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/search',
    { schema: { querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } } },
    async (request) => search.search(request.query),
  );
};
