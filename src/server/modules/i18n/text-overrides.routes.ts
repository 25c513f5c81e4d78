/**
 * The override screen's calls, admins only: find catalogue messages, override one in a language,
 * put the shipped one back. Each change is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import {
  TextEntrySchema,
  TextOverrideBodySchema,
  TextParamsSchema,
  TextsAnswerSchema,
  TextsQuerySchema,
} from '@/shared/schemas/texts';
import type { CatalogueService } from './catalogue.service';

const admin = { config: { access: 'admin' as const } };

export const textOverridesRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.get(
    '/api/admin/texts',
    { ...admin, schema: { querystring: TextsQuerySchema, response: { 200: TextsAnswerSchema } } },
    (request) => catalogue.list(request.query),
  );
  app.put(
    '/api/admin/texts/:language/:key',
    { ...admin, schema: { params: TextParamsSchema, body: TextOverrideBodySchema, response: { 200: TextEntrySchema } } },
    (request) => catalogue.set(requireUser(request), request.params.language, request.params.key, request.body.message),
  );
  app.delete(
    '/api/admin/texts/:language/:key',
    { ...admin, schema: { params: TextParamsSchema, response: { 200: TextEntrySchema } } },
    (request) => catalogue.revert(requireUser(request), request.params.language, request.params.key),
  );
};
