/** The admin screen's category calls; `access: 'admin'` refuses anyone else before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/request-context';
import { CoinCostBodySchema, CoinCostListSchema, CoinCostSchema, ImageUrlBodySchema } from '@/shared/schemas/admin';
import { idParam, IdParamSchema } from '@/shared/schemas/common';
import type { CategoriesAdminService } from './categories-admin.service';

const admin = { config: { access: 'admin' as const } };
const CategoryIdParamsSchema = z.object({ categoryId: idParam() });
const ImageAnswerSchema = z.object({ success: z.literal(true), imageUrl: z.string().nullable() });

export const categoriesAdminRoutes: FastifyPluginAsyncZod<{ categoriesAdmin: CategoriesAdminService }> = async (
  app,
  { categoriesAdmin },
) => {
  app.get('/api/admin/categories/coin-costs', { ...admin, schema: { response: { 200: CoinCostListSchema } } }, () =>
    categoriesAdmin.listCoinCosts(),
  );
  app.put(
    '/api/admin/categories/:categoryId/coin-cost',
    { ...admin, schema: { params: CategoryIdParamsSchema, body: CoinCostBodySchema, response: { 200: CoinCostSchema } } },
    (request) => categoriesAdmin.setCoinCost(requireUser(request), request.params.categoryId, request.body.cost),
  );
  app.put(
    '/api/admin/categories/:id/image',
    { ...admin, schema: { params: IdParamSchema, body: ImageUrlBodySchema, response: { 200: ImageAnswerSchema } } },
    (request) => categoriesAdmin.setCategoryImage(requireUser(request), request.params.id, request.body.imageUrl),
  );
  app.put(
    '/api/admin/subcategories/:id/image',
    { ...admin, schema: { params: IdParamSchema, body: ImageUrlBodySchema, response: { 200: ImageAnswerSchema } } },
    (request) => categoriesAdmin.setSubcategoryImage(requireUser(request), request.params.id, request.body.imageUrl),
  );
};
