import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { ClaimParamsSchema, ClaimSchema, RedeemClaimAnswerSchema } from '@/shared/schemas/claims';
import type { ClaimsService } from './claims.service';

export const claimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService }> = async (app, { claims }) => {
  // Readable signed out: the landing page shows the business and the request before sign-up.
  app.get(
    '/api/claims/:id',
    { schema: { params: ClaimParamsSchema, response: { 200: ClaimSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return claims.get(request.params.id);
    },
  );

  app.post(
    '/api/claims/:id/redeem',
    {
      config: { access: 'user', rateLimit: 'claimRedemptions' },
      schema: { params: ClaimParamsSchema, response: { 200: RedeemClaimAnswerSchema } },
    },
    async (request) => claims.redeem(requireUser(request), request.params.id),
  );
};
