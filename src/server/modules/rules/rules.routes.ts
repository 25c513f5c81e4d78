/** The published rules' figures: public, for the page "How coins and ranking work". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RulesSchema } from '@/shared/schemas/rules';
import type { RulesService } from './rules.service';

export const rulesRoutes: FastifyPluginAsyncZod<{ rules: RulesService }> = async (app, { rules }) => {
  app.get('/api/rules', { schema: { response: { 200: RulesSchema } } }, async (_request, reply) => {
    // An admin's change of a cost or the cap shows at the next visit.
    reply.header('cache-control', 'no-cache');
    return rules.rules();
  });
};
