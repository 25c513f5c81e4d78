import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '@/server/db/client';
import { CategoryListSchema } from '@/shared/schemas/category';
import { listCategories } from './categories.repository';

export const categoriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Categories change only through an admin; browsers may keep them for a minute.
  app.get('/api/categories', { schema: { response: { 200: CategoryListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listCategories(db);
  });
};
