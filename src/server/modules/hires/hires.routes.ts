import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolved } from '@/server/access/policy';
import type { QuotePolicies } from '@/server/access/quote.policy';
import { IdParamSchema } from '@/shared/schemas/common';
import { CloseBodySchema, ComparisonSchema, HireBodySchema, QuoteOutcomeSchema } from '@/shared/schemas/hires';
import type { HiresService } from './hires.service';

export const hiresRoutes: FastifyPluginAsyncZod<{ hires: HiresService; policies: QuotePolicies }> = async (
  app,
  { hires, policies },
) => {
  // Only the request's customer compares, hires and closes; the policy says so before the body is read.
  const customer = { access: 'user' as const, policy: policies.customer };

  app.get(
    '/api/quotes/:id/comparison',
    { config: customer, schema: { params: IdParamSchema, response: { 200: ComparisonSchema } } },
    async (request) => hires.comparison(resolved(request, policies.customer)),
  );

  app.post(
    '/api/quotes/:id/hire',
    {
      config: { ...customer, rateLimit: 'quoteDecisions' },
      schema: { params: IdParamSchema, body: HireBodySchema, response: { 200: QuoteOutcomeSchema } },
    },
    async (request) => hires.hire(resolved(request, policies.customer), request.body),
  );

  app.post(
    '/api/quotes/:id/close',
    {
      config: { ...customer, rateLimit: 'quoteDecisions' },
      schema: { params: IdParamSchema, body: CloseBodySchema, response: { 200: QuoteOutcomeSchema } },
    },
    async (request) => hires.close(resolved(request, policies.customer), request.body),
  );
};
