import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '@/server/lib/csv';
import type { CompanyPolicies } from '@/server/access/company.policy';
import { resolved } from '@/server/access/policy';
import { IdParamSchema } from '@/shared/schemas/common';
import { CompanyInsightQuerySchema, CompanyInsightSchema, SearchLogQuerySchema, SearchLogSchema } from '@/shared/schemas/insight';
import type { InsightService } from './insight.service';

export const insightRoutes: FastifyPluginAsyncZod<{ insight: InsightService; policies: CompanyPolicies }> = async (
  app,
  { insight, policies },
) => {
  // The company's owner or an admin, decided before anything is read.
  const manager = { access: 'user' as const, policy: policies.manage };

  app.get(
    '/api/companies/:id/insight',
    {
      config: manager,
      schema: { params: IdParamSchema, querystring: CompanyInsightQuerySchema, response: { 200: CompanyInsightSchema } },
    },
    async (request) => insight.companyInsight(resolved(request, policies.manage).id, request.query.days),
  );

  // The same figures per day, as a spreadsheet to keep; refused for the same people and periods.
  app.get(
    '/api/companies/:id/insight.csv',
    { config: manager, schema: { params: IdParamSchema, querystring: CompanyInsightQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, await insight.companyInsightCsv(resolved(request, policies.manage).id, request.query.days));
    },
  );

  // What customers searched for, and what found nothing: the operator's view of unmet demand.
  app.get(
    '/api/admin/analytics/searches',
    { config: { access: 'admin' }, schema: { querystring: SearchLogQuerySchema, response: { 200: SearchLogSchema } } },
    async (request) => insight.searchLog(request.query),
  );

  app.get(
    '/api/admin/analytics/searches.csv',
    { config: { access: 'admin' }, schema: { querystring: SearchLogQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, await insight.searchLogCsv(request.query));
    },
  );
};
