import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolved } from '@/server/access/policy';
import type { QuotePolicies } from '@/server/access/quote.policy';
import { requireUser } from '@/server/plugins/request-context';
import { ConversationParamsSchema } from '@/shared/schemas/common';
import { OfferBodySchema, OfferHistorySchema, OfferSchema } from '@/shared/schemas/offers';
import { CoinInfoSchema, MessageSchema } from '@/shared/schemas/quote';
import type { OffersService } from './offers.service';

export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService; policies: QuotePolicies }> = async (
  app,
  { offers, policies },
) => {
  // The caller's side of the conversation is settled by the policy before the body is read.
  const conversation = { access: 'user' as const, policy: policies.conversation };

  app.get(
    '/api/quotes/:id/companies/:companyId/offers',
    { config: conversation, schema: { params: ConversationParamsSchema, response: { 200: OfferHistorySchema } } },
    async (request) => offers.history(resolved(request, policies.conversation)),
  );

  app.post(
    '/api/quotes/:id/companies/:companyId/offers',
    {
      config: { ...conversation, rateLimit: 'offers' },
      schema: {
        params: ConversationParamsSchema,
        body: OfferBodySchema,
        response: { 201: z.object({ offer: OfferSchema, message: MessageSchema, coinInfo: CoinInfoSchema.optional() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offers.make(requireUser(request), resolved(request, policies.conversation), request.body)),
  );

  app.post(
    '/api/quotes/:id/companies/:companyId/offers/withdraw',
    {
      config: { ...conversation, rateLimit: 'offers' },
      schema: { params: ConversationParamsSchema, response: { 200: z.object({ offer: OfferSchema, message: MessageSchema }) } },
    },
    async (request) => offers.withdraw(requireUser(request), resolved(request, policies.conversation)),
  );
};
