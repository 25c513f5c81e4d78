/**
 * Stripe through its official SDK (loaded only when STRIPE_SECRET_KEY is set). The browser
 * confirms the card with Stripe.js; the server then asks Stripe for the intent before crediting,
 * and Stripe's signed webhook credits too (whichever comes first; the ledger keeps it once).
 */
import type Stripe from 'stripe';
import { badRequest } from '@/server/lib/app-error';
import type { PaymentProvider, PaymentWebhookEvent, ProviderIntentState } from './payment-provider';

export interface StripeConnection {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Where the API answers; Stripe's own servers unless a test points it elsewhere. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const toState = (intent: Stripe.PaymentIntent): ProviderIntentState => ({
  id: intent.id,
  // Newer API versions may add states; anything unknown is simply "not succeeded".
  status: intent.status as ProviderIntentState['status'],
  amountCents: intent.amount,
  currency: intent.currency,
  failureMessage: intent.last_payment_error?.message ?? null,
});

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  private constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string | undefined,
  ) {}

  static async create(connection: StripeConnection): Promise<StripePaymentProvider> {
    const { default: StripeSdk } = await import('stripe');
    const stripe = new StripeSdk(connection.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'LocalPros' },
      ...(connection.api ?? {}),
    });
    return new StripePaymentProvider(stripe, connection.webhookSecret);
  }

  get acceptsWebhooks(): boolean {
    return this.webhookSecret !== undefined;
  }

  async createIntent({ amountCents, currency, metadata, idempotencyKey }: Parameters<PaymentProvider['createIntent']>[0]) {
    const intent = await this.stripe.paymentIntents.create(
      { amount: amountCents, currency, metadata, automatic_payment_methods: { enabled: true } },
      { idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe answered a payment intent without a client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntentState | undefined> {
    try {
      return toState(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw error;
    }
  }

  /** Verifies Stripe's signature over the raw body; a bad or missing signature is a 400. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent {
    if (!this.webhookSecret) throw badRequest('Webhooks are not configured');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    if (event.type === 'payment_intent.succeeded') return { type: 'succeeded', intent: toState(event.data.object) };
    if (event.type === 'payment_intent.payment_failed') return { type: 'failed', intent: toState(event.data.object) };
    return { type: 'ignored', eventType: event.type };
  }
}
