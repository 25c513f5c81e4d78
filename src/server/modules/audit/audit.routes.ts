/** The audit log screen's call (beyond the spec): admins only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '@/shared/schemas/admin';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/admin/audit-log',
    { config: { access: 'admin' }, schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    (request) => audit.list(request.query),
  );
};
