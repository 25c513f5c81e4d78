import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompanyPolicies } from '@/server/access/company.policy';
import { resolved } from '@/server/access/policy';
import { IdParamSchema } from '@/shared/schemas/common';
import { CompanyInsightQuerySchema, CompanyInsightSchema } from '@/shared/schemas/insight';
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
};
