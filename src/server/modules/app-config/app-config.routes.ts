/** What the client needs to know about this deployment (no secrets). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/server/config';
import { AppConfigSchema } from '@/shared/schemas/app-config';

export const appConfigRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const answer = {
    isProduction: config.isProduction,
    objectStore: config.objectStore.kind,
    payments: config.stripe
      ? { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey }
      : { provider: 'test' as const },
  };
  app.get('/api/app-config', { schema: { response: { 200: AppConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return answer;
  });
};
