/**
 * Credentials: the company's owner (or an admin) lists, submits, replaces and removes them; the
 * admin queue decides them. Documents are served by GET /api/objects/{id} to the owner and admins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompanyPolicies } from '@/server/access/company.policy';
import { resolved } from '@/server/access/policy';
import { readMultipart } from '@/server/lib/multipart';
import { requireUser } from '@/server/plugins/request-context';
import { MAX_UPLOAD_BYTES } from '@/shared/constants';
import { IdParamSchema, SuccessSchema } from '@/shared/schemas/common';
import {
  CredentialDecisionBodySchema,
  CredentialListSchema,
  CredentialParamsSchema,
  CredentialQueueQuerySchema,
  CredentialQueueSchema,
  CredentialSchema,
} from '@/shared/schemas/credentials';
import { fileSizeMessage } from '@/shared/schemas/upload';
import { parseCredentialFields, type CredentialsService } from './credentials.service';

const documentRules = {
  fileFields: ['document', 'file'],
  maxFileBytes: MAX_UPLOAD_BYTES,
  tooLargeMessage: fileSizeMessage(MAX_UPLOAD_BYTES),
};

export const credentialsRoutes: FastifyPluginAsyncZod<{ credentials: CredentialsService; policies: CompanyPolicies }> = async (
  app,
  { credentials, policies },
) => {
  const { manage } = policies;
  const manager = { access: 'user' as const, policy: manage };

  app.get(
    '/api/companies/:id/credentials',
    { config: manager, schema: { params: IdParamSchema, response: { 200: CredentialListSchema } } },
    async (request) => ({ credentials: await credentials.list(resolved(request, manage)) }),
  );

  app.post(
    '/api/companies/:id/credentials',
    {
      config: { ...manager, rateLimit: 'uploads' },
      // After the policy: the 11th credential is refused before its document is read.
      onRequest: async (request) => credentials.assertRoom(resolved(request, manage).id),
      schema: { params: IdParamSchema, response: { 201: CredentialSchema } },
    },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, documentRules);
      const values = parseCredentialFields(fields);
      const created = await credentials.submit(requireUser(request), resolved(request, manage), values, file?.bytes);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/companies/:id/credentials/:credentialId',
    {
      config: { ...manager, rateLimit: 'uploads' },
      schema: { params: CredentialParamsSchema, response: { 200: CredentialSchema } },
    },
    async (request) => {
      const { fields, file } = await readMultipart(request, documentRules);
      const values = parseCredentialFields(fields);
      return credentials.replace(
        requireUser(request),
        resolved(request, manage),
        request.params.credentialId,
        values,
        file?.bytes,
      );
    },
  );

  app.delete(
    '/api/companies/:id/credentials/:credentialId',
    { config: manager, schema: { params: CredentialParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await credentials.remove(requireUser(request), resolved(request, manage), request.params.credentialId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/credentials',
    {
      config: { access: 'admin' },
      schema: { querystring: CredentialQueueQuerySchema, response: { 200: CredentialQueueSchema } },
    },
    async (request) => credentials.queue(request.query),
  );

  app.post(
    '/api/admin/credentials/:id/decision',
    {
      config: { access: 'admin' },
      schema: { params: IdParamSchema, body: CredentialDecisionBodySchema, response: { 200: CredentialSchema } },
    },
    async (request) => credentials.decide(requireUser(request), request.params.id, request.body),
  );
};
