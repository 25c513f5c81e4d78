/** Opening hours: anyone reads them (with "open now"); the owner or an admin sets or clears them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CompanyPolicies } from '@/server/access/company.policy';
import { resolved } from '@/server/access/policy';
import { requireUser } from '@/server/plugins/request-context';
import { IdParamSchema } from '@/shared/schemas/common';
import { OpeningHoursBodySchema, OpeningHoursSchema } from '@/shared/schemas/opening-hours';
import type { CompanyHoursService } from './company-hours.service';

export const companyHoursRoutes: FastifyPluginAsyncZod<{ hours: CompanyHoursService; policies: CompanyPolicies }> = async (
  app,
  { hours, policies },
) => {
  const { manage } = policies;
  const manager = { access: 'user' as const, policy: manage };

  app.get(
    '/api/companies/:id/hours',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: OpeningHoursSchema } } },
    async (request) => hours.get(request.params.id),
  );

  app.put(
    '/api/companies/:id/hours',
    { config: manager, schema: { params: IdParamSchema, body: OpeningHoursBodySchema, response: { 200: OpeningHoursSchema } } },
    async (request) => hours.set(requireUser(request), resolved(request, manage), request.body),
  );

  app.delete(
    '/api/companies/:id/hours',
    { config: manager, schema: { params: IdParamSchema, response: { 200: OpeningHoursSchema } } },
    async (request) => hours.clear(requireUser(request), resolved(request, manage)),
  );
};
