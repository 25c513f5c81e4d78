import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolved } from '@/server/access/policy';
import { UserIdParamsSchema, type UserPolicies } from '@/server/access/user.policy';
import { requireUser } from '@/server/plugins/request-context';
import { UpdateUserBodySchema, UserSchema } from '@/shared/schemas/user';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; policies: UserPolicies }> = async (
  app,
  { users, policies },
) => {
  app.put(
    '/api/users/:id',
    {
      // The user themself or an admin, decided before the body is validated ("who before what").
      config: { access: 'user', policy: policies.account },
      schema: { params: UserIdParamsSchema, body: UpdateUserBodySchema, response: { 200: UserSchema } },
    },
    async (request) => users.update(requireUser(request), resolved(request, policies.account), request.body),
  );
};
