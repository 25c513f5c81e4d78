import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/request-context';
import type { FavoritesService } from './favorites.service';

const Ids = z.array(z.number());
const CompanyParam = z.object({ companyId: z.string().max(100) });

export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (app, { favorites }) => {
  const user = { config: { access: 'user' as const } };
  app.get('/api/favorites', { ...user, schema: { response: { 200: Ids } } }, async (request) =>
    favorites.list(requireUser(request).id),
  );
  app.put('/api/favorites/:companyId', { ...user, schema: { params: CompanyParam, response: { 200: Ids } } }, async (request) =>
    favorites.add(requireUser(request).id, request.params.companyId),
  );
  app.delete(
    '/api/favorites/:companyId',
    { ...user, schema: { params: CompanyParam, response: { 200: Ids } } },
    async (request) => favorites.remove(requireUser(request).id, request.params.companyId),
  );
  app.post(
    '/api/favorites/merge',
    {
      ...user,
      schema: {
        body: z.object({
          companyIds: z.array(z.number().int().positive().max(2_147_483_647)).max(500, 'At most 500 favourites at once'),
        }),
        response: { 200: Ids },
      },
    },
    async (request) => favorites.merge(requireUser(request).id, request.body.companyIds),
  );
};
