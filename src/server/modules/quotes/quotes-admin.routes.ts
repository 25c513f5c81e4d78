/** The admin quote calls; `access: 'admin'` refuses anyone else before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import {
  AdminQuotePageSchema,
  AdminQuoteStatsSchema,
  AdminQuoteStatusBodySchema,
  AdminQuotesQuerySchema,
} from '@/shared/schemas/admin';
import { IdParamSchema, SuccessSchema } from '@/shared/schemas/common';
import type { QuoteLifecycleService } from './quote-lifecycle.service';
import type { QuotesAdminService } from './quotes-admin.service';

const admin = { config: { access: 'admin' as const } };

export const quotesAdminRoutes: FastifyPluginAsyncZod<{ quotes: QuotesAdminService; lifecycle: QuoteLifecycleService }> = async (
  app,
  { quotes, lifecycle },
) => {
  app.get(
    '/api/admin/quotes',
    { ...admin, schema: { querystring: AdminQuotesQuerySchema, response: { 200: AdminQuotePageSchema } } },
    (request) => quotes.list(request.query),
  );
  app.get('/api/admin/quotes/stats', { ...admin, schema: { response: { 200: AdminQuoteStatsSchema } } }, () => quotes.stats());
  app.patch(
    '/api/admin/quotes/:id/status',
    { ...admin, schema: { params: IdParamSchema, body: AdminQuoteStatusBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await lifecycle.setByAdmin(requireUser(request), request.params.id, request.body.status);
      return { success: true as const };
    },
  );
  app.delete(
    '/api/admin/quotes/:id',
    { ...admin, schema: { params: IdParamSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await quotes.delete(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
