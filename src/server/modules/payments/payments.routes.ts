import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/request-context';
import {
  CoinPackagesSchema,
  ConfirmPaymentAnswerSchema,
  ConfirmPaymentBodySchema,
  CreatePaymentIntentBodySchema,
  PaymentIntentAnswerSchema,
  TestProviderPayAnswerSchema,
  TestProviderPayBodySchema,
} from '@/shared/schemas/payments';
import type { PaymentsService } from './payments.service';
import { StripePaymentProvider } from './stripe-payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.get('/api/coins/packages', { schema: { response: { 200: CoinPackagesSchema } } }, async () => payments.listPackages());

  app.post(
    '/api/coins/create-payment-intent',
    {
      config: { access: 'user', rateLimit: 'paymentIntents' },
      schema: { body: CreatePaymentIntentBodySchema, response: { 200: PaymentIntentAnswerSchema } },
    },
    async (request) => payments.createIntent(requireUser(request), request.body.packageType),
  );

  app.post(
    '/api/coins/confirm-payment',
    { config: { access: 'user' }, schema: { body: ConfirmPaymentBodySchema, response: { 200: ConfirmPaymentAnswerSchema } } },
    async (request) => payments.confirm(requireUser(request), request.body.paymentIntentId),
  );

  const provider = payments.provider;
  if (provider instanceof TestPaymentProvider) {
    app.post(
      '/api/coins/test-provider/pay',
      { config: { access: 'user' }, schema: { body: TestProviderPayBodySchema, response: { 200: TestProviderPayAnswerSchema } } },
      async (request) => {
        const { paymentIntentId, cardNumber } = request.body;
        await payments.paymentOf(requireUser(request), paymentIntentId);
        await provider.pay(paymentIntentId, cardNumber);
        return { status: 'succeeded' as const, paymentIntentId };
      },
    );
  }

  if (provider instanceof StripePaymentProvider && provider.acceptsWebhooks) {
    // Stripe signs the exact bytes it sent: this route keeps the body raw.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/api/coins/webhook',
        { schema: { response: { 200: z.object({ received: z.literal(true) }) } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const event = provider.parseWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
          await payments.handleWebhook(event);
          return { received: true as const };
        },
      );
    });
  }
};
