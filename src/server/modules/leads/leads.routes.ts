/** Lead controls of a company (issue 19): its owner's or an administrator's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolved } from '@/server/access/policy';
import type { CompanyPolicies } from '@/server/access/company.policy';
import { requireUser } from '@/server/plugins/request-context';
import { IdParamSchema } from '@/shared/schemas/common';
import { LeadPreferencesBodySchema, LeadPreferencesSchema } from '@/shared/schemas/leads';
import type { LeadPreferencesService } from './lead-preferences.service';

export const leadsRoutes: FastifyPluginAsyncZod<{ preferences: LeadPreferencesService; policies: CompanyPolicies }> = async (
  app,
  { preferences, policies },
) => {
  const manager = { access: 'user' as const, policy: policies.manage };

  app.get(
    '/api/companies/:id/lead-preferences',
    { config: manager, schema: { params: IdParamSchema, response: { 200: LeadPreferencesSchema } } },
    async (request) => preferences.get(resolved(request, policies.manage)),
  );

  app.put(
    '/api/companies/:id/lead-preferences',
    {
      config: manager,
      schema: { params: IdParamSchema, body: LeadPreferencesBodySchema, response: { 200: LeadPreferencesSchema } },
    },
    async (request) => preferences.update(requireUser(request), resolved(request, policies.manage), request.body),
  );
};
