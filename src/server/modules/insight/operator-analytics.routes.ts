import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '@/server/lib/csv';
import { AnalyticsCsvQuerySchema, AnalyticsQuerySchema, PlatformAnalyticsSchema } from '@/shared/schemas/analytics';
import type { OperatorAnalyticsService } from './operator-analytics.service';

/** The operator's analytics: administrators only. */
export const operatorAnalyticsRoutes: FastifyPluginAsyncZod<{ analytics: OperatorAnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/api/admin/analytics/figures',
    {
      config: { access: 'admin' },
      schema: { querystring: AnalyticsQuerySchema, response: { 200: PlatformAnalyticsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return analytics.figures(request.query);
    },
  );

  app.get(
    '/api/admin/analytics/figures.csv',
    { config: { access: 'admin' }, schema: { querystring: AnalyticsCsvQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, await analytics.figuresCsv(request.query));
    },
  );
};
