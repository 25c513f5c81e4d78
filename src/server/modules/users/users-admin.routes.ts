/** The admin screen's user calls; `access: 'admin'` refuses anyone else before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { AdminCreateUserBodySchema, AdminUserListSchema, AdminUserSchema, ToggleAdminAnswerSchema } from '@/shared/schemas/admin';
import { IdParamSchema } from '@/shared/schemas/common';
import type { UsersAdminService } from './users-admin.service';

const admin = { config: { access: 'admin' as const } };

export const usersAdminRoutes: FastifyPluginAsyncZod<{ usersAdmin: UsersAdminService }> = async (app, { usersAdmin }) => {
  app.get('/api/users', { ...admin, schema: { response: { 200: AdminUserListSchema } } }, () => usersAdmin.list());
  app.post(
    '/api/users',
    { ...admin, schema: { body: AdminCreateUserBodySchema, response: { 201: AdminUserSchema } } },
    async (request, reply) => reply.status(201).send(await usersAdmin.create(requireUser(request), request.body)),
  );
  app.post(
    '/api/users/:id/toggle-admin',
    { ...admin, schema: { params: IdParamSchema, response: { 200: ToggleAdminAnswerSchema } } },
    (request) => usersAdmin.toggleAdmin(requireUser(request), request.params.id),
  );
};
