/**
 * Lead controls: a company's lead preferences (its owner's or an administrator's), the
 * reports of bad leads (the company's side of a conversation), and the admin queue deciding them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolved } from '@/server/access/policy';
import type { CompanyPolicies } from '@/server/access/company.policy';
import type { QuotePolicies } from '@/server/access/quote.policy';
import { requireUser } from '@/server/plugins/request-context';
import { ConversationParamsSchema, IdParamSchema } from '@/shared/schemas/common';
import {
  LeadReportBodySchema,
  LeadReportDecisionBodySchema,
  LeadReportQueueQuerySchema,
  LeadReportQueueSchema,
  LeadReportSchema,
  LeadReportStateSchema,
} from '@/shared/schemas/lead-reports';
import { LeadPreferencesBodySchema, LeadPreferencesSchema } from '@/shared/schemas/leads';
import type { LeadPreferencesService } from './lead-preferences.service';
import type { LeadReportsService } from './lead-reports.service';

export const leadsRoutes: FastifyPluginAsyncZod<{
  preferences: LeadPreferencesService;
  reports: LeadReportsService;
  policies: CompanyPolicies;
  quotePolicies: QuotePolicies;
}> = async (app, { preferences, reports, policies, quotePolicies }) => {
  const manager = { access: 'user' as const, policy: policies.manage };
  const conversation = { access: 'user' as const, policy: quotePolicies.conversation };
  const admin = { access: 'admin' as const };

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

  app.get(
    '/api/quotes/:id/companies/:companyId/report',
    { config: conversation, schema: { params: ConversationParamsSchema, response: { 200: LeadReportStateSchema } } },
    async (request) => reports.state(requireUser(request), resolved(request, quotePolicies.conversation)),
  );

  app.post(
    '/api/quotes/:id/companies/:companyId/report',
    {
      config: conversation,
      schema: { params: ConversationParamsSchema, body: LeadReportBodySchema, response: { 201: LeadReportSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.report(requireUser(request), resolved(request, quotePolicies.conversation), request.body)),
  );

  app.get(
    '/api/admin/lead-reports',
    { config: admin, schema: { querystring: LeadReportQueueQuerySchema, response: { 200: LeadReportQueueSchema } } },
    async (request) => reports.queue(request.query.status, request.query.page),
  );

  app.post(
    '/api/admin/lead-reports/:id/decision',
    {
      config: admin,
      schema: { params: IdParamSchema, body: LeadReportDecisionBodySchema, response: { 200: LeadReportSchema } },
    },
    async (request) => reports.decideByAdmin(requireUser(request), request.params.id, request.body),
  );
};
