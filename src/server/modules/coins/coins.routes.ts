import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { CoinBalanceSchema, CoinHistoryQuerySchema, CoinHistorySchema } from '@/shared/schemas/coins';
import type { CoinsService } from './coins.service';

export const coinsRoutes: FastifyPluginAsyncZod<{ coins: CoinsService }> = async (app, { coins }) => {
  app.get(
    '/api/coins/balance',
    { config: { access: 'user' }, schema: { response: { 200: CoinBalanceSchema } } },
    async (request) => ({ balance: await coins.getBalance(requireUser(request).id) }),
  );

  app.get(
    '/api/coins/history',
    { config: { access: 'user' }, schema: { querystring: CoinHistoryQuerySchema, response: { 200: CoinHistorySchema } } },
    async (request) => coins.getHistory(requireUser(request).id, request.query.page),
  );
};
