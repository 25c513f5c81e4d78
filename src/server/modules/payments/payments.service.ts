/**
 * Buying coins. An intent is created with the provider and
 * recorded with its package; the coins are credited only when the provider says the intent
 * succeeded, only to the user who created it, and exactly once — by the confirm call or by
 * Stripe's webhook, whichever comes first: the payment row is marked credited and the ledger entry
 * `purchase:{provider}:{intent}` is written in one transaction, both guarded against a second time.
 */
import { randomBytes } from 'node:crypto';
import { isPayer } from '@/server/access/payment.policy';
import type { Db } from '@/server/db/client';
import { AppError, badRequest, forbidden, notFound } from '@/server/lib/app-error';
import type { EventBus } from '@/server/platform/events/event-bus';
import type { CoinPackages, CoinPackageType, ConfirmPaymentAnswer, PaymentIntentAnswer } from '@/shared/schemas/payments';
import type { CoinsService } from '../coins/coins.service';
import type { SessionUser } from '../users/users.service';
import type { PaymentProvider, PaymentWebhookEvent } from './payment-provider';
import { findPayment, insertPayment, markCredited, markFailure, type PaymentRow } from './payments.repository';

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  foreign: 'This payment belongs to another user',
  notCompleted: 'Payment has not been completed',
  amountMismatch: 'The payment amount does not match the package',
  success: 'Payment successful',
  alreadyProcessed: 'Payment already processed',
  /** Production without Stripe keys (and without PAYMENTS_PROVIDER=test): nothing is sold. */
  shopClosed: 'Buying coins is not available: this server has no card payment provider set up yet.',
} as const;

const shopClosed = () => new AppError('SHOP_CLOSED', PAYMENT_MESSAGES.shopClosed);

/** Money in a currency: its minor units (cents; none for JPY) and how a receipt writes it. */
export interface Money {
  locale: string;
  /** ISO 4217, as configured (CURRENCY). */
  currency: string;
}

export class PaymentsService {
  private readonly minorPerMajor: number;
  private readonly moneyFormat: Intl.NumberFormat;

  /** `provider` is null when the shop is closed: every purchase call then answers 503. */
  constructor(
    private readonly db: Db,
    readonly provider: PaymentProvider | null,
    private readonly packages: CoinPackages,
    private readonly events: EventBus,
    private readonly coins: CoinsService,
    private readonly money: Money = { locale: 'en-US', currency: 'USD' },
  ) {
    // Packages are priced in the currency's major unit; providers charge in its minor unit.
    this.moneyFormat = new Intl.NumberFormat(money.locale, { style: 'currency', currency: money.currency });
    this.minorPerMajor = 10 ** (this.moneyFormat.resolvedOptions().maximumFractionDigits ?? 2);
  }

  /** The currency as providers write it (Stripe: lower case). */
  private get currency(): string {
    return this.money.currency.toLowerCase();
  }

  private openProvider(): PaymentProvider {
    if (!this.provider) throw shopClosed();
    return this.provider;
  }

  listPackages(): CoinPackages {
    this.openProvider();
    return this.packages;
  }

  async createIntent(actor: SessionUser, packageType: CoinPackageType): Promise<PaymentIntentAnswer> {
    const provider = this.openProvider();
    const pkg = this.packages[packageType];
    const amountCents = Math.round(pkg.price * this.minorPerMajor);
    const intent = await provider.createIntent({
      amountCents,
      currency: this.currency,
      metadata: { userId: String(actor.id), packageType, coins: String(pkg.coins) },
      idempotencyKey: randomBytes(16).toString('hex'),
    });
    await insertPayment(this.db, {
      userId: actor.id,
      provider: provider.name,
      providerIntentId: intent.id,
      packageType,
      coins: pkg.coins,
      amountCents,
      currency: this.currency,
    });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, packageType, coins: pkg.coins, price: pkg.price };
  }

  /** The caller's own payment for this intent: 404 when unknown, 403 when someone else's. */
  async paymentOf(actor: SessionUser, intentId: string): Promise<PaymentRow> {
    const payment = await findPayment(this.db, this.openProvider().name, intentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
    if (!isPayer(actor, payment)) throw forbidden(PAYMENT_MESSAGES.foreign);
    return payment;
  }

  async confirm(actor: SessionUser, intentId: string): Promise<ConfirmPaymentAnswer> {
    const payment = await this.paymentOf(actor, intentId);
    if (payment.creditedAt) {
      return {
        message: PAYMENT_MESSAGES.alreadyProcessed,
        coinsAdded: payment.coins,
        newBalance: await this.coins.getBalance(actor.id),
      };
    }
    const intent = await this.openProvider().retrieveIntent(intentId);
    if (!intent) throw notFound(PAYMENT_MESSAGES.notFound);
    if (intent.status !== 'succeeded') {
      const processing = intent.status === 'processing';
      await markFailure(this.db, payment.id, processing ? 'processing' : 'failed', intent.failureMessage);
      throw new AppError('PAYMENT_NOT_COMPLETED', intent.failureMessage ?? PAYMENT_MESSAGES.notCompleted);
    }
    const credit = await this.credit(payment, intent.amountCents, intent.currency);
    return {
      message: credit.credited ? PAYMENT_MESSAGES.success : PAYMENT_MESSAGES.alreadyProcessed,
      coinsAdded: payment.coins,
      newBalance: credit.newBalance,
    };
  }

  /** Stripe's signed notice: credits a succeeded intent (once, with confirm), records a failure. */
  async handleWebhook(event: PaymentWebhookEvent): Promise<void> {
    if (event.type === 'ignored') return;
    const payment = await findPayment(this.db, this.openProvider().name, event.intent.id);
    if (!payment) return; // an intent this app did not create (another app on the same account)
    if (event.type === 'failed') {
      await markFailure(this.db, payment.id, 'failed', event.intent.failureMessage);
      return;
    }
    await this.credit(payment, event.intent.amountCents, event.intent.currency);
  }

  private async credit(payment: PaymentRow, amountCents: number, currency: string) {
    // The provider must have taken what the package costs, in its currency.
    if (amountCents !== payment.amountCents || currency.toLowerCase() !== payment.currency) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch);
    }
    const newBalance = await this.db.transaction(async (tx) => {
      if (!(await markCredited(tx, payment.id))) return undefined;
      return this.coins.credit(tx, {
        userId: payment.userId,
        coins: payment.coins,
        reference: `purchase:${payment.provider}:${payment.providerIntentId}`,
        paymentId: payment.id,
        note: `${payment.coins} coins (${payment.packageType} package, ${this.moneyFormat.format(payment.amountCents / this.minorPerMajor)})`,
      });
    });
    if (newBalance === undefined) return { credited: false, newBalance: await this.coins.getBalance(payment.userId) };
    // Every device of the buyer updates its balance badge.
    await this.events.publish([payment.userId], 'coin_balance_update', { newBalance });
    return { credited: true, newBalance };
  }
}
