/**
 * The admin dashboard's call; `access: 'admin'` refuses anyone else. Every other admin
 * call is registered by its own module (users, companies, ratings, quotes, claims, categories,
 * settings, audit, system).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsSchema } from '@/shared/schemas/admin';
import type { AdminDashboardService } from './admin-dashboard.service';

export const adminRoutes: FastifyPluginAsyncZod<{ dashboard: AdminDashboardService }> = async (app, { dashboard }) => {
  app.get('/api/admin/stats', { config: { access: 'admin' }, schema: { response: { 200: AdminStatsSchema } } }, () =>
    dashboard.stats(),
  );
};
