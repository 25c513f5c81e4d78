import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '@/server/db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; isReady: () => boolean }> = async (
  app,
  { database, isReady },
) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isReady()) return reply.status(503).send({ status: 'unavailable' as const });
      try {
        await database.pool.query('SELECT 1');
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
