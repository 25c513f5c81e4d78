import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolved } from '@/server/access/policy';
import type { QuotePolicies } from '@/server/access/quote.policy';
import { badRequest } from '@/server/lib/app-error';
import { readMultipart } from '@/server/lib/multipart';
import { requireUser } from '@/server/plugins/request-context';
import { MAX_UPLOAD_BYTES } from '@/shared/constants';
import { idParam, IdParamSchema, SuccessSchema } from '@/shared/schemas/common';
import {
  CreateQuoteBodySchema,
  QuoteImageSchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteRulesSchema,
  QuoteSchema,
  SubmitQuoteBodySchema,
  UpdateQuoteBodySchema,
} from '@/shared/schemas/quote';
import { fileSizeMessage } from '@/shared/schemas/upload';
import type { QuotesService } from './quotes.service';

const QuoteImageParamsSchema = z.object({
  id: idParam(),
  imageId: idParam(),
});

export const quotesRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService; policies: QuotePolicies }> = async (
  app,
  { quotes, policies },
) => {
  // "Who before what": the policy settles the caller's part in the quote before the body is read.
  const party = { access: 'user' as const, policy: policies.party };
  const customer = { access: 'user' as const, policy: policies.customer };

  // Public: the selection on the search and category pages keeps to it before anyone logs in.
  app.get('/api/quote-rules', { schema: { response: { 200: QuoteRulesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return quotes.rules();
  });

  app.post(
    '/api/quotes',
    {
      config: { access: 'user', rateLimit: 'quoteCreate' },
      schema: { body: CreateQuoteBodySchema, response: { 201: QuoteSchema } },
    },
    async (request, reply) => reply.status(201).send(await quotes.createDraft(requireUser(request), request.body)),
  );

  app.get(
    '/api/quotes',
    { config: { access: 'user' }, schema: { querystring: QuoteListQuerySchema, response: { 200: QuoteListSchema } } },
    async (request) => {
      const { page, pageSize, status } = request.query;
      return quotes.list(requireUser(request), page, pageSize, status);
    },
  );

  app.get(
    '/api/quotes/:id',
    { config: party, schema: { params: IdParamSchema, response: { 200: QuoteSchema } } },
    async (request) => quotes.get(resolved(request, policies.party)),
  );

  app.put(
    '/api/quotes/:id',
    {
      config: customer,
      schema: { params: IdParamSchema, body: UpdateQuoteBodySchema, response: { 200: QuoteSchema } },
    },
    async (request) => quotes.update(resolved(request, policies.customer), request.body),
  );

  app.post(
    '/api/quotes/:id/submit',
    {
      config: { ...customer, rateLimit: 'quoteSubmit' },
      schema: { params: IdParamSchema, body: SubmitQuoteBodySchema, response: { 200: QuoteSchema } },
    },
    async (request) => quotes.submit(requireUser(request), resolved(request, policies.customer), request.body),
  );

  app.post(
    '/api/quotes/:id/images',
    {
      config: { ...customer, rateLimit: 'uploads' },
      schema: { params: IdParamSchema, response: { 201: QuoteImageSchema } },
    },
    async (request, reply) => {
      const { file } = await readMultipart(request, {
        fileFields: ['image', 'file'],
        maxFileBytes: MAX_UPLOAD_BYTES,
        tooLargeMessage: fileSizeMessage(MAX_UPLOAD_BYTES),
      });
      if (!file) throw badRequest('Choose an image to upload');
      return reply
        .status(201)
        .send(await quotes.addImage(requireUser(request), resolved(request, policies.customer), file.bytes));
    },
  );

  app.delete(
    '/api/quotes/:id/images/:imageId',
    {
      config: customer,
      schema: { params: QuoteImageParamsSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await quotes.removeImage(resolved(request, policies.customer), request.params.imageId);
      return { success: true as const };
    },
  );
};
