import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { AdminClaimPageSchema, AdminClaimsQuerySchema } from '@/shared/schemas/admin';
import { ClaimParamsSchema, ClaimSchema, RedeemClaimAnswerSchema } from '@/shared/schemas/claims';
import { SuccessSchema } from '@/shared/schemas/common';
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

  // ───────────── the admin screen: admins only, refused before the body is read ─────────────
  app.get(
    '/api/admin/claims',
    {
      config: { access: 'admin' },
      schema: { querystring: AdminClaimsQuerySchema, response: { 200: AdminClaimPageSchema } },
    },
    async (request) => claims.listForAdmin(request.query),
  );
  app.delete(
    '/api/admin/claims/:id',
    { config: { access: 'admin' }, schema: { params: ClaimParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await claims.deleteByAdmin(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
