import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolved } from '@/server/access/policy';
import type { ReviewPolicies } from '@/server/access/review.policy';
import { requireUser } from '@/server/plugins/request-context';
import { AdminRatingPageSchema, AdminRatingsQuerySchema } from '@/shared/schemas/admin';
import { IdParamSchema } from '@/shared/schemas/common';
import { OwnerReplyBodySchema, RatingBodySchema, RatingSchema } from '@/shared/schemas/rating';
import type { RatingsService } from './ratings.service';

const Id = z.object({ id: z.string().max(100) });

export const ratingsRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService; policies: ReviewPolicies }> = async (
  app,
  { ratings, policies },
) => {
  // "Who before what": the policies settle the reviewer, the author (or an admin) and the company's
  // owner before any body is read, and hand on the company or review they read.
  const reviewer = { access: 'user' as const, policy: policies.reviewer };
  const author = { access: 'user' as const, policy: policies.author };
  const companyOwner = { access: 'user' as const, policy: policies.companyOwner };

  app.get('/api/ratings/company/:id', { schema: { params: Id, response: { 200: z.array(RatingSchema) } } }, async (request) =>
    ratings.listForCompany(request.params.id),
  );

  app.get(
    '/api/ratings/user/:userId/company/:id',
    {
      schema: {
        params: z.object({ userId: z.string().max(100), id: z.string().max(100) }),
        response: { 200: RatingSchema.nullable() },
      },
    },
    async (request) => ratings.findOfUser(request.params.userId, request.params.id),
  );

  app.get(
    '/api/companies/:id/can-rate',
    { config: { access: 'user' }, schema: { params: Id, response: { 200: z.object({ canRate: z.boolean() }) } } },
    async (request) => ({ canRate: await ratings.canRate(requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/companies/:id/ratings',
    {
      config: { ...reviewer, rateLimit: 'reviews' },
      schema: { params: IdParamSchema, body: RatingBodySchema, response: { 201: RatingSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await ratings.create(requireUser(request), resolved(request, policies.reviewer), request.body)),
  );

  app.put(
    '/api/ratings/:id',
    {
      config: { ...author, rateLimit: 'reviews' },
      schema: { params: IdParamSchema, body: RatingBodySchema, response: { 200: RatingSchema } },
    },
    async (request) => ratings.update(requireUser(request), resolved(request, policies.author), request.body),
  );

  app.delete('/api/ratings/:id', { config: author, schema: { params: IdParamSchema } }, async (request, reply) => {
    await ratings.remove(requireUser(request), resolved(request, policies.author));
    return reply.status(204).send();
  });

  app.put(
    '/api/ratings/:id/reply',
    {
      config: { ...companyOwner, rateLimit: 'reviews' },
      schema: { params: IdParamSchema, body: OwnerReplyBodySchema, response: { 200: RatingSchema } },
    },
    async (request) => ratings.saveReply(resolved(request, policies.companyOwner), request.body.reply),
  );

  app.delete(
    '/api/ratings/:id/reply',
    { config: companyOwner, schema: { params: IdParamSchema, response: { 200: RatingSchema } } },
    async (request) => ratings.saveReply(resolved(request, policies.companyOwner), null),
  );

  // The admin screen's list; admins edit and delete through PUT/DELETE /api/ratings/:id above.
  app.get(
    '/api/admin/ratings',
    {
      config: { access: 'admin' },
      schema: { querystring: AdminRatingsQuerySchema, response: { 200: AdminRatingPageSchema } },
    },
    async (request) => ratings.listForAdmin(request.query),
  );
};
