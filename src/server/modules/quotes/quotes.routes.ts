import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '@/server/lib/app-error';
import { readMultipart } from '@/server/lib/multipart';
import { requireUser } from '@/server/plugins/request-context';
import { MAX_UPLOAD_BYTES } from '@/shared/constants';
import { IdParamSchema, SuccessSchema } from '@/shared/schemas/common';
import {
  CreateQuoteBodySchema,
  QuoteImageSchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteSchema,
  SubmitQuoteBodySchema,
  UpdateQuoteBodySchema,
} from '@/shared/schemas/quote';
import { fileSizeMessage } from '@/shared/schemas/upload';
import type { QuotesService } from './quotes.service';

const QuoteImageParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  imageId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const quotesRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService }> = async (app, { quotes }) => {
  const quoteIdOf = (request: FastifyRequest) => Number((request.params as Record<string, unknown>).id);
  // "Who before what": the caller's part in the quote is settled before the body is read.
  const partyOnly = async (request: FastifyRequest) => void (await quotes.partyOf(requireUser(request), quoteIdOf(request)));
  const customerOnly = async (request: FastifyRequest) =>
    void (await quotes.customerOf(requireUser(request), quoteIdOf(request)));

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
    { config: { access: 'user' }, onRequest: partyOnly, schema: { params: IdParamSchema, response: { 200: QuoteSchema } } },
    async (request) => quotes.get(requireUser(request), request.params.id),
  );

  app.put(
    '/api/quotes/:id',
    {
      config: { access: 'user' },
      onRequest: customerOnly,
      schema: { params: IdParamSchema, body: UpdateQuoteBodySchema, response: { 200: QuoteSchema } },
    },
    async (request) => quotes.update(requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/quotes/:id/submit',
    {
      config: { access: 'user', rateLimit: 'quoteSubmit' },
      onRequest: customerOnly,
      schema: { params: IdParamSchema, body: SubmitQuoteBodySchema, response: { 200: QuoteSchema } },
    },
    async (request) => quotes.submit(requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/quotes/:id/images',
    {
      config: { access: 'user', rateLimit: 'uploads' },
      onRequest: customerOnly,
      schema: { params: IdParamSchema, response: { 201: QuoteImageSchema } },
    },
    async (request, reply) => {
      const { file } = await readMultipart(request, {
        fileFields: ['image', 'file'],
        maxFileBytes: MAX_UPLOAD_BYTES,
        tooLargeMessage: fileSizeMessage(MAX_UPLOAD_BYTES),
      });
      if (!file) throw badRequest('Choose an image to upload');
      return reply.status(201).send(await quotes.addImage(requireUser(request), request.params.id, file.bytes));
    },
  );

  app.delete(
    '/api/quotes/:id/images/:imageId',
    {
      config: { access: 'user' },
      onRequest: customerOnly,
      schema: { params: QuoteImageParamsSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await quotes.removeImage(requireUser(request), request.params.id, request.params.imageId);
      return { success: true as const };
    },
  );
};
