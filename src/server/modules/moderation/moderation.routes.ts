/**
 * Reports (anyone signed in), the author's view of their moderated items and their one appeal,
 * and the admin moderation queue with its decisions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolved } from '@/server/access/policy';
import type { ModerationPolicies } from '@/server/access/moderation.policy';
import { requireUser } from '@/server/plugins/request-context';
import { IdParamSchema } from '@/shared/schemas/common';
import {
  AppealBodySchema,
  ModeratedItemSchema,
  ModerationCaseSchema,
  ModerationDecisionBodySchema,
  ModerationQueueQuerySchema,
  ModerationQueueSchema,
  ReportBodySchema,
  ReportSchema,
} from '@/shared/schemas/moderation';
import type { ModerationService } from './moderation.service';

export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService; policies: ModerationPolicies }> = async (
  app,
  { moderation, policies },
) => {
  const admin = { access: 'admin' as const };

  app.post(
    '/api/reports',
    {
      config: { access: 'user', rateLimit: 'reports' },
      schema: { body: ReportBodySchema, response: { 201: ReportSchema } },
    },
    async (request, reply) => reply.status(201).send(await moderation.report(requireUser(request), request.body)),
  );

  app.get(
    '/api/reports/mine',
    { config: { access: 'user' }, schema: { response: { 200: z.array(ReportSchema) } } },
    async (request) => moderation.myReports(requireUser(request)),
  );

  app.get(
    '/api/moderation/my-items',
    { config: { access: 'user' }, schema: { response: { 200: z.array(ModeratedItemSchema) } } },
    async (request) => moderation.myModeratedItems(requireUser(request)),
  );

  app.post(
    '/api/moderation/cases/:id/appeal',
    {
      config: { access: 'user', policy: policies.caseAuthor, rateLimit: 'reports' },
      schema: { params: IdParamSchema, body: AppealBodySchema, response: { 200: ModerationCaseSchema } },
    },
    async (request) => moderation.appeal(requireUser(request), resolved(request, policies.caseAuthor), request.body),
  );

  app.get(
    '/api/admin/moderation',
    { config: admin, schema: { querystring: ModerationQueueQuerySchema, response: { 200: ModerationQueueSchema } } },
    async (request) => moderation.queue(request.query.status, request.query.page),
  );

  app.post(
    '/api/admin/moderation/:id/decision',
    {
      config: admin,
      schema: { params: IdParamSchema, body: ModerationDecisionBodySchema, response: { 200: ModerationCaseSchema } },
    },
    async (request) => moderation.decide(requireUser(request), request.params.id, request.body),
  );
};
