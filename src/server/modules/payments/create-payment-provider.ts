/** PAYMENTS_PROVIDER's choice (config.ts) and how the start log names it. */
import type { AppConfig } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

/** PAYMENTS_PROVIDER's choice (config.ts); null closes the shop. */
export async function createPaymentProvider(config: AppConfig, db: Db): Promise<PaymentProvider | null> {
  if (config.paymentsProvider === 'stripe' && config.stripe) {
    return StripePaymentProvider.create({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret });
  }
  return config.paymentsProvider === 'test' ? new TestPaymentProvider(db) : null;
}

/** The start log names who takes payments, so an operator sees a closed shop or test cards at once. */
export function describePaymentProvider(config: AppConfig, provider: PaymentProvider | null): string {
  if (!provider) {
    return 'payments: none, the coin shop is closed (set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to sell coins)';
  }
  if (provider.name === 'stripe') return 'payments: Stripe';
  return config.isProduction
    ? 'payments: the built-in TEST provider (PAYMENTS_PROVIDER=test): test cards buy coins for nothing'
    : 'payments: the built-in test provider (card 4242 4242 4242 4242 succeeds); production closes the shop without Stripe keys';
}
