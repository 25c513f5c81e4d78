import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { CreateQuoteBodySchema, QuoteSchema } from '@/shared/schemas/quote';
import type { QuotesService } from './quotes.service';

export const quotesRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService }> = async (app, { quotes }) => {
  app.post(
    '/api/quotes',
    { config: { access: 'user' }, schema: { body: CreateQuoteBodySchema, response: { 201: QuoteSchema } } },
    async (request, reply) => reply.status(201).send(await quotes.createDraft(requireUser(request), request.body)),
  );
};
