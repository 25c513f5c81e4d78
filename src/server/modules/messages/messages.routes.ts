import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolved } from '@/server/access/policy';
import type { QuotePolicies } from '@/server/access/quote.policy';
import { badRequest } from '@/server/lib/app-error';
import { readMultipart } from '@/server/lib/multipart';
import { requireUser } from '@/server/plugins/request-context';
import { MAX_UPLOAD_BYTES, MAX_VENDOR_MESSAGE_IMAGE_BYTES } from '@/shared/constants';
import { ConversationParamsSchema, idParam, IdParamSchema, SuccessSchema, wholeNumberText } from '@/shared/schemas/common';
import {
  CoinCostSchema,
  ConversationSchema,
  CountSchema,
  MESSAGE_MAX_LENGTH,
  MessageSchema,
  PostMessageResponseSchema,
  VendorQuoteRowSchema,
} from '@/shared/schemas/quote';
import type { MessagesService } from './messages.service';

const QuoteIdParamsSchema = z.object({ quoteId: idParam() });
const QuoteCompanyParamsSchema = QuoteIdParamsSchema.extend({
  companyId: idParam(),
});

const AcceptedCoinCostSchema = wholeNumberText(z.number().int().min(0).max(1_000_000)).optional();

/** The refusal of an oversized message image, by side: a company may send larger images than a customer. */
const IMAGE_LIMITS = {
  user: { bytes: MAX_UPLOAD_BYTES, message: 'Please select an image smaller than 5MB.' },
  company: { bytes: MAX_VENDOR_MESSAGE_IMAGE_BYTES, message: 'Please select an image under 10MB' },
};

export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService; policies: QuotePolicies }> = async (
  app,
  { messages, policies },
) => {
  const user = { config: { access: 'user' as const } };
  // The caller's part in the quote or conversation is settled by the policy before the body is read.
  const party = { access: 'user' as const, policy: policies.party };
  const conversation = { access: 'user' as const, policy: policies.conversation };

  app.get(
    '/api/quotes/:id/conversations',
    { config: party, schema: { params: IdParamSchema, response: { 200: z.array(ConversationSchema) } } },
    async (request) => messages.conversations(resolved(request, policies.party)),
  );

  // "Not interested": the company's side of the conversation declines the request.
  app.post(
    '/api/quotes/:id/companies/:companyId/decline',
    {
      config: conversation,
      schema: { params: ConversationParamsSchema, response: { 200: z.object({ declinedAt: z.string() }) } },
    },
    async (request) => messages.decline(resolved(request, policies.conversation)),
  );

  app.get(
    '/api/quotes/:id/companies/:companyId/messages',
    {
      config: conversation,
      schema: { params: ConversationParamsSchema, response: { 200: z.array(MessageSchema) } },
    },
    async (request) => messages.thread(resolved(request, policies.conversation)),
  );

  app.post(
    '/api/quotes/:id/companies/:companyId/messages',
    {
      config: { ...conversation, rateLimit: 'messages' },
      schema: { params: ConversationParamsSchema, response: { 201: PostMessageResponseSchema } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const party = resolved(request, policies.conversation);
      const limit = IMAGE_LIMITS[party.side];
      // JSON {message} is accepted too, for text-only clients.
      let text: string | undefined;
      let image: Buffer | undefined;
      let coinCost: unknown;
      if (request.isMultipart()) {
        const form = await readMultipart(request, {
          fileFields: ['image', 'file'],
          maxFileBytes: limit.bytes,
          tooLargeMessage: limit.message,
        });
        text = form.fields.message;
        coinCost = form.fields.coinCost;
        image = form.file?.bytes;
        if (image) await app.writeLimits.hit('uploads', request);
      } else {
        const body = request.body as { message?: unknown; coinCost?: unknown } | undefined;
        text = typeof body?.message === 'string' ? body.message : undefined;
        coinCost = body?.coinCost;
      }
      const trimmed = text?.trim() ?? '';
      if (trimmed.length > MESSAGE_MAX_LENGTH) {
        throw badRequest(`Messages can be at most ${MESSAGE_MAX_LENGTH} characters`, 'BAD_REQUEST', 'message');
      }
      // The price the vendor's screen showed, confirming a paid first reply (JSON number or form text).
      const accepted = AcceptedCoinCostSchema.safeParse(coinCost);
      if (!accepted.success) throw badRequest('coinCost must be a whole number of coins', 'BAD_REQUEST', 'coinCost');
      const answer = await messages.post(actor, party, trimmed || null, image, accepted.data);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/quotes/:id/companies/:companyId/messages/mark-read',
    {
      config: conversation,
      schema: { params: ConversationParamsSchema, response: { 200: SuccessSchema.extend({ marked: z.number() }) } },
    },
    async (request) => ({
      success: true as const,
      marked: await messages.markRead(requireUser(request), resolved(request, policies.conversation)),
    }),
  );

  app.get(
    '/api/quotes/:id/companies/:companyId/coin-cost',
    { config: conversation, schema: { params: ConversationParamsSchema, response: { 200: CoinCostSchema } } },
    async (request) => messages.coinCost(requireUser(request), resolved(request, policies.conversation)),
  );

  // ── unread counts ──
  app.get(
    '/api/quotes/:id/unread-count',
    { config: party, schema: { params: IdParamSchema, response: { 200: CountSchema } } },
    async (request) => ({ count: await messages.unreadOfQuote(requireUser(request), resolved(request, policies.party)) }),
  );
  app.get(
    '/api/quotes/:quoteId/companies/:companyId/unread-count',
    { config: conversation, schema: { params: QuoteCompanyParamsSchema, response: { 200: CountSchema } } },
    async (request) => ({
      count: await messages.unreadOfConversation(requireUser(request), resolved(request, policies.conversation)),
    }),
  );
  for (const path of ['/api/messages/unread-count', '/api/users/unread-messages-count']) {
    app.get(path, { ...user, schema: { response: { 200: CountSchema } } }, async (request) => ({
      count: await messages.totalUnread(requireUser(request).id),
    }));
  }
  app.get('/api/vendor-quotes/unread-count', { ...user, schema: { response: { 200: CountSchema } } }, async (request) => ({
    count: await messages.unreadAsVendor(requireUser(request)),
  }));
  app.get('/api/user-quotes/unread-count', { ...user, schema: { response: { 200: CountSchema } } }, async (request) => ({
    count: await messages.unreadAsCustomer(requireUser(request)),
  }));

  app.get('/api/vendor-quotes', { ...user, schema: { response: { 200: z.array(VendorQuoteRowSchema) } } }, async (request) =>
    messages.vendorQuotes(requireUser(request)),
  );
};
