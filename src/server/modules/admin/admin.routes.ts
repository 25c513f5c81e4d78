/** Every admin call of 001 §7; `access: 'admin'` refuses anyone else before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/request-context';
import {
  AdminClaimPageSchema,
  AdminClaimsQuerySchema,
  AdminCompaniesQuerySchema,
  AdminCompanyPageSchema,
  AdminCreateUserBodySchema,
  AdminQuotePageSchema,
  AdminQuoteStatsSchema,
  AdminQuoteStatusBodySchema,
  AdminQuotesQuerySchema,
  AdminRatingPageSchema,
  AdminRatingsQuerySchema,
  AdminStatsSchema,
  AdminUserListSchema,
  AdminUserSchema,
  AuditPageSchema,
  AuditQuerySchema,
  CoinCostBodySchema,
  CoinCostListSchema,
  CoinCostSchema,
  ImageUrlBodySchema,
  PlatformSettingsBodySchema,
  PlatformSettingsSchema,
  ToggleActiveAnswerSchema,
  ToggleAdminAnswerSchema,
} from '@/shared/schemas/admin';
import { ClaimParamsSchema } from '@/shared/schemas/claims';
import { IdParamSchema, SuccessSchema } from '@/shared/schemas/common';
import type { AdminService } from './admin.service';

const admin = { config: { access: 'admin' as const } };
const CategoryIdParamsSchema = z.object({ categoryId: z.coerce.number().int().positive().max(2_147_483_647) });
const ImageAnswerSchema = z.object({ success: z.literal(true), imageUrl: z.string().nullable() });

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin: service }) => {
  app.get('/api/admin/stats', { ...admin, schema: { response: { 200: AdminStatsSchema } } }, () => service.stats());

  // ───────────── users ─────────────
  app.get('/api/users', { ...admin, schema: { response: { 200: AdminUserListSchema } } }, () => service.listUsers());
  app.post(
    '/api/users',
    { ...admin, schema: { body: AdminCreateUserBodySchema, response: { 201: AdminUserSchema } } },
    async (request, reply) => reply.status(201).send(await service.createUser(requireUser(request), request.body)),
  );
  app.post(
    '/api/users/:id/toggle-admin',
    { ...admin, schema: { params: IdParamSchema, response: { 200: ToggleAdminAnswerSchema } } },
    (request) => service.toggleAdmin(requireUser(request), request.params.id),
  );

  // ───────────── companies ─────────────
  app.get(
    '/api/admin/companies',
    { ...admin, schema: { querystring: AdminCompaniesQuerySchema, response: { 200: AdminCompanyPageSchema } } },
    (request) => service.listCompanies(request.query),
  );
  app.post(
    '/api/companies/:id/toggle-active',
    { ...admin, schema: { params: IdParamSchema, response: { 200: ToggleActiveAnswerSchema } } },
    (request) => service.toggleCompanyActive(requireUser(request), request.params.id),
  );

  // ───────────── ratings (edit and delete: PUT/DELETE /api/ratings/{id}, open to admins) ─────────────
  app.get(
    '/api/admin/ratings',
    { ...admin, schema: { querystring: AdminRatingsQuerySchema, response: { 200: AdminRatingPageSchema } } },
    (request) => service.listRatings(request.query),
  );

  // ───────────── quotes ─────────────
  app.get(
    '/api/admin/quotes',
    { ...admin, schema: { querystring: AdminQuotesQuerySchema, response: { 200: AdminQuotePageSchema } } },
    (request) => service.listQuotes(request.query),
  );
  app.get('/api/admin/quotes/stats', { ...admin, schema: { response: { 200: AdminQuoteStatsSchema } } }, () =>
    service.quoteStats(),
  );
  app.patch(
    '/api/admin/quotes/:id/status',
    { ...admin, schema: { params: IdParamSchema, body: AdminQuoteStatusBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await service.setQuoteStatus(requireUser(request), request.params.id, request.body.status);
      return { success: true as const };
    },
  );
  app.delete(
    '/api/admin/quotes/:id',
    { ...admin, schema: { params: IdParamSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await service.deleteQuote(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );

  // ───────────── claims ─────────────
  app.get(
    '/api/admin/claims',
    { ...admin, schema: { querystring: AdminClaimsQuerySchema, response: { 200: AdminClaimPageSchema } } },
    (request) => service.listClaims(request.query),
  );
  app.delete(
    '/api/admin/claims/:id',
    { ...admin, schema: { params: ClaimParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await service.deleteClaim(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );

  // ───────────── categories ─────────────
  app.get('/api/admin/categories/coin-costs', { ...admin, schema: { response: { 200: CoinCostListSchema } } }, () =>
    service.listCoinCosts(),
  );
  app.put(
    '/api/admin/categories/:categoryId/coin-cost',
    { ...admin, schema: { params: CategoryIdParamsSchema, body: CoinCostBodySchema, response: { 200: CoinCostSchema } } },
    (request) => service.setCoinCost(requireUser(request), request.params.categoryId, request.body.cost),
  );
  app.put(
    '/api/admin/categories/:id/image',
    { ...admin, schema: { params: IdParamSchema, body: ImageUrlBodySchema, response: { 200: ImageAnswerSchema } } },
    (request) => service.setCategoryImage(requireUser(request), request.params.id, request.body.imageUrl),
  );
  app.put(
    '/api/admin/subcategories/:id/image',
    { ...admin, schema: { params: IdParamSchema, body: ImageUrlBodySchema, response: { 200: ImageAnswerSchema } } },
    (request) => service.setSubcategoryImage(requireUser(request), request.params.id, request.body.imageUrl),
  );

  // ───────────── platform settings ─────────────
  app.get('/api/admin/platform-settings', { ...admin, schema: { response: { 200: PlatformSettingsSchema } } }, () =>
    service.platformSettings(),
  );
  app.put(
    '/api/admin/platform-settings',
    { ...admin, schema: { body: PlatformSettingsBodySchema, response: { 200: PlatformSettingsSchema } } },
    (request) => service.updatePlatformSettings(requireUser(request), request.body),
  );

  // ───────────── audit log (beyond the spec) ─────────────
  app.get(
    '/api/admin/audit-log',
    { ...admin, schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    (request) => service.auditLog(request.query),
  );
};
