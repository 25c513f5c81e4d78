import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/request-context';
import { AdminRatingPageSchema, AdminRatingsQuerySchema } from '@/shared/schemas/admin';
import { OwnerReplyBodySchema, RatingBodySchema, RatingSchema } from '@/shared/schemas/rating';
import type { RatingsService } from './ratings.service';

const Id = z.object({ id: z.string().max(100) });
const param = (request: { params: unknown }, key = 'id') => {
  const value = (request.params as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
};

export const ratingsRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService }> = async (app, { ratings }) => {
  // "Who before what": the author (or an admin) and the company's owner are settled before any body is read.
  const authorOnly = async (request: FastifyRequest) => void (await ratings.assertCanEdit(requireUser(request), param(request)));
  const companyOwnerOnly = async (request: FastifyRequest) =>
    void (await ratings.assertCanReply(requireUser(request), param(request)));

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
      config: { access: 'user', rateLimit: 'reviews' },
      onRequest: async (request) => void (await ratings.assertMayReview(requireUser(request), param(request))),
      schema: { params: Id, body: RatingBodySchema, response: { 201: RatingSchema } },
    },
    async (request, reply) => reply.status(201).send(await ratings.create(requireUser(request), request.params.id, request.body)),
  );

  app.put(
    '/api/ratings/:id',
    {
      config: { access: 'user', rateLimit: 'reviews' },
      onRequest: authorOnly,
      schema: { params: Id, body: RatingBodySchema, response: { 200: RatingSchema } },
    },
    async (request) => ratings.update(requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/ratings/:id',
    { config: { access: 'user' }, onRequest: authorOnly, schema: { params: Id } },
    async (request, reply) => {
      await ratings.remove(requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/ratings/:id/reply',
    {
      config: { access: 'user', rateLimit: 'reviews' },
      onRequest: companyOwnerOnly,
      schema: { params: Id, body: OwnerReplyBodySchema, response: { 200: RatingSchema } },
    },
    async (request) => ratings.saveReply(requireUser(request), request.params.id, request.body.reply),
  );

  app.delete(
    '/api/ratings/:id/reply',
    { config: { access: 'user' }, onRequest: companyOwnerOnly, schema: { params: Id, response: { 200: RatingSchema } } },
    async (request) => ratings.saveReply(requireUser(request), request.params.id, null),
  );

  // The admin screen's list (001 §7); admins edit and delete through PUT/DELETE /api/ratings/:id above.
  app.get(
    '/api/admin/ratings',
    {
      config: { access: 'admin' },
      schema: { querystring: AdminRatingsQuerySchema, response: { 200: AdminRatingPageSchema } },
    },
    async (request) => ratings.listForAdmin(request.query),
  );
};
