/**
 * The built-in test provider (outside production, or with PAYMENTS_PROVIDER=test): a card
 * processor whose records live in its own table, so any app node can take the card step of an
 * intent another node created. Cards behave as Stripe's test cards do: 4242… succeeds,
 * 4000000000000002 is declined, 4000000000009995 has insufficient funds; a declined intent can be
 * paid again with another card, as with Stripe.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { testPaymentIntents } from '@/server/db/schema';
import { AppError, badRequest } from '@/server/lib/app-error';
import { CARD_MESSAGES, passesLuhn, TEST_CARDS } from '@/shared/schemas/payments';
import type { PaymentProvider, ProviderIntentState } from './payment-provider';

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly db: Db) {}

  async createIntent({ amountCents, currency, metadata, idempotencyKey }: Parameters<PaymentProvider['createIntent']>[0]) {
    // The idempotency key names the intent, so a retried create answers the same one.
    const id = `pi_test_${idempotencyKey}`;
    const clientSecret = `${id}_secret_${randomBytes(12).toString('base64url')}`;
    const [row] = await this.db
      .insert(testPaymentIntents)
      .values({ id, clientSecret, amountCents, currency, metadata })
      .onConflictDoUpdate({ target: testPaymentIntents.id, set: { updatedAt: sql`now()` } })
      .returning({ id: testPaymentIntents.id, clientSecret: testPaymentIntents.clientSecret });
    return row;
  }

  async retrieveIntent(id: string): Promise<ProviderIntentState | undefined> {
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!row) return undefined;
    return {
      id: row.id,
      status: row.status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      amountCents: row.amountCents,
      currency: row.currency,
      failureMessage: row.failureMessage,
    };
  }

  /** The card step the browser's form performs (Stripe.js's confirmCardPayment, here on the server). */
  async pay(id: string, cardNumber: string): Promise<void> {
    if (!passesLuhn(cardNumber)) throw badRequest(CARD_MESSAGES.incorrectNumber);
    const outcome =
      cardNumber === TEST_CARDS.declined
        ? CARD_MESSAGES.declined
        : cardNumber === TEST_CARDS.insufficientFunds
          ? CARD_MESSAGES.insufficientFunds
          : cardNumber === TEST_CARDS.succeeds
            ? null
            : CARD_MESSAGES.declined;
    // Only an intent still waiting for a card moves; a paid one stays paid.
    const updated = await this.db
      .update(testPaymentIntents)
      .set(
        outcome === null
          ? { status: 'succeeded', failureMessage: null, updatedAt: sql`now()` }
          : { failureMessage: outcome, updatedAt: sql`now()` },
      )
      .where(sql`${testPaymentIntents.id} = ${id} AND ${testPaymentIntents.status} <> 'succeeded'`)
      .returning({ id: testPaymentIntents.id });
    if (updated.length === 0) throw badRequest('This payment has already succeeded.');
    if (outcome !== null) throw new AppError('PAYMENT_NOT_COMPLETED', outcome);
  }
}
