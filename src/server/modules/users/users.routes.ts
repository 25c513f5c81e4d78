import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { IdParamSchema } from '@/shared/schemas/common';
import { UpdateUserBodySchema, UserSchema } from '@/shared/schemas/user';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.put(
    '/api/users/:id',
    {
      config: { access: 'user' },
      // Ownership is decided before the body is validated ("who before what").
      onRequest: async (request) => {
        const id = Number((request.params as Record<string, unknown>).id);
        if (Number.isInteger(id) && id > 0) users.assertCanEdit(requireUser(request), id);
      },
      schema: { params: IdParamSchema, body: UpdateUserBodySchema, response: { 200: UserSchema } },
    },
    async (request) => users.update(requireUser(request), request.params.id, request.body),
  );
};
