import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryListSchema } from '@/shared/schemas/category';
import {
  CategoryCompaniesQuerySchema,
  CategoryCompaniesResponseSchema,
  CategoryWithSubcategoriesSchema,
} from '@/shared/schemas/company';
import type { CategoriesService } from './categories.service';

const IdOrSlugParams = z.object({ id: z.string().max(100) });

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (app, { categories }) => {
  // Categories change only through an admin; browsers may keep them for a minute.
  app.get('/api/categories', { schema: { response: { 200: CategoryListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return categories.list();
  });

  app.get(
    '/api/categories/with-subcategories',
    { schema: { response: { 200: z.array(CategoryWithSubcategoriesSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return categories.listWithSubcategories();
    },
  );

  app.get(
    '/api/categories/:id/companies',
    {
      schema: {
        params: IdOrSlugParams,
        querystring: CategoryCompaniesQuerySchema,
        response: { 200: CategoryCompaniesResponseSchema },
      },
    },
    async (request) => categories.listCompanies(request.params.id, request.query),
  );

  /** The spec's fallback listing by slug; answers the category too. */
  app.get(
    '/api/companies/category/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().max(100) }),
        querystring: CategoryCompaniesQuerySchema,
        response: {
          200: CategoryCompaniesResponseSchema.extend({
            category: z.object({ id: z.number(), name: z.string(), slug: z.string(), imageUrl: z.string().nullable() }),
          }),
        },
      },
    },
    async (request) => {
      const category = await categories.getCategory(request.params.slug);
      const page = await categories.listCompanies(String(category.id), request.query);
      return { ...page, category: { id: category.id, name: category.name, slug: category.slug, imageUrl: category.imageUrl } };
    },
  );
};
