/** The admin screen's company calls; `access: 'admin'` refuses anyone else before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { AdminCompaniesQuerySchema, AdminCompanyPageSchema, ToggleActiveAnswerSchema } from '@/shared/schemas/admin';
import { IdParamSchema } from '@/shared/schemas/common';
import type { CompaniesAdminService } from './companies-admin.service';

const admin = { config: { access: 'admin' as const } };

export const companiesAdminRoutes: FastifyPluginAsyncZod<{ companiesAdmin: CompaniesAdminService }> = async (
  app,
  { companiesAdmin },
) => {
  app.get(
    '/api/admin/companies',
    { ...admin, schema: { querystring: AdminCompaniesQuerySchema, response: { 200: AdminCompanyPageSchema } } },
    (request) => companiesAdmin.list(request.query),
  );
  app.post(
    '/api/companies/:id/toggle-active',
    { ...admin, schema: { params: IdParamSchema, response: { 200: ToggleActiveAnswerSchema } } },
    (request) => companiesAdmin.toggleActive(requireUser(request), request.params.id),
  );
};
