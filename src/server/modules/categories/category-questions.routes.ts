/**
 * A category's questions: read by anyone, replaced as a whole by an admin. `access: 'admin'` is
 * settled in onRequest, before the body is read, so the larger body this route takes (a hostile
 * list must reach its schema to be refused by field, not as "too large") is only ever read for an
 * admin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { IdParamSchema } from '@/shared/schemas/common';
import { CategoryQuestionsSchema, PutCategoryQuestionsBodySchema } from '@/shared/schemas/questions';
import type { CategoryQuestionsService } from './category-questions.service';

/** Room for a help text of several megabytes to be read and refused by the schema, naming its field. */
const QUESTIONS_BODY_LIMIT = 8 * 1024 * 1024;

export const categoryQuestionsRoutes: FastifyPluginAsyncZod<{ questions: CategoryQuestionsService }> = async (
  app,
  { questions },
) => {
  // An admin's edit shows on the next form that opens: nothing keeps an old copy.
  app.get(
    '/api/categories/:id/questions',
    { schema: { params: IdParamSchema, response: { 200: CategoryQuestionsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return questions.get(request.params.id);
    },
  );

  app.put(
    '/api/admin/categories/:id/questions',
    {
      config: { access: 'admin', rateLimit: 'catalogEdits' },
      bodyLimit: QUESTIONS_BODY_LIMIT,
      schema: { params: IdParamSchema, body: PutCategoryQuestionsBodySchema, response: { 200: CategoryQuestionsSchema } },
    },
    async (request) => questions.replace(requireUser(request), request.params.id, request.body),
  );
};
