/** The admin's view of the machinery: /api/admin/system and its two levers (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/request-context';
import { SuccessSchema } from '@/shared/schemas/common';
import {
  JobNameParamsSchema,
  NoticeIdParamsSchema,
  NoticeSchema,
  NoticesQuerySchema,
  SystemStatusSchema,
} from '@/shared/schemas/system';
import type { SystemService } from './system.service';

const admin = { config: { access: 'admin' as const } };

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get('/api/admin/system', { ...admin, schema: { response: { 200: SystemStatusSchema } } }, () => system.status());

  app.get(
    '/api/admin/system/notices',
    { ...admin, schema: { querystring: NoticesQuerySchema, response: { 200: z.array(NoticeSchema) } } },
    (request) => system.notices(request.query.status),
  );

  app.post(
    '/api/admin/system/notices/:id/retry',
    { ...admin, schema: { params: NoticeIdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await system.retryNotice(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/system/jobs/:name/run',
    { ...admin, schema: { params: JobNameParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await system.runJobNow(requireUser(request), request.params.name);
      return { success: true as const };
    },
  );
};
