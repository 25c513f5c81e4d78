/**
 * Buying coins: the built-in test provider's whole flow, a declined card, a double and a
 * racing confirm, someone else's intent; the Stripe driver (official SDK) against a local stand-in
 * of Stripe's API, with webhook signatures good and bad. Balances always equal their ledger.
 */
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COIN_PACKAGES } from '@/server/config';
import { coinLedger, payments } from '@/server/db/schema';
import { createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, openSocket, startTestApp, type TestApp } from '@/server/test/harness';
import { LocalStripeApi } from '@/server/test/local-stripe-api';
import { StripePaymentProvider } from './stripe-payment-provider';

async function ledgerTotal(t: TestApp, userId: number) {
  const result = await t.db.execute<{ sum: number; balance: number }>(sql`
    SELECT coalesce((SELECT sum(delta) FROM coin_ledger WHERE user_id = ${userId}), 0)::int AS sum,
           coalesce((SELECT balance FROM coin_balances WHERE user_id = ${userId}), 0)::int AS balance`);
  return result.rows[0];
}

const purchaseRows = (t: TestApp, userId: number) =>
  t.db
    .select()
    .from(coinLedger)
    .where(sql`${coinLedger.userId} = ${userId} AND ${coinLedger.reason} = 'purchase'`);

describe('buying coins with the built-in test provider', () => {
  let t: TestApp;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    t = await startTestApp({}, { listen: true });
    call = apiCaller(t.app);
  });
  afterAll(() => t.close());

  async function buyer(coins = 0) {
    const user = await createUser(t.db, { isVerified: true });
    if (coins) await giveCoins(t.db, user.id, coins);
    return { user, cookie: await loginAs(t.app, user) };
  }

  it('lists the packages and tells the client which provider takes the card', async () => {
    const packages = await call('GET', '/api/coins/packages');
    expect(packages.statusCode).toBe(200);
    expect(packages.json()).toEqual(DEFAULT_COIN_PACKAGES);
    expect((await call('GET', '/api/app-config')).json().payments).toEqual({ provider: 'test' });
  });

  it('refuses intents signed out and for unknown packages', async () => {
    expect((await call('POST', '/api/coins/create-payment-intent', undefined, { packageType: 'small' })).statusCode).toBe(401);
    const { cookie } = await buyer();
    const bad = await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'huge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Choose a coin package: small, medium or large');
    expect((await call('POST', '/api/coins/confirm-payment', cookie, {})).json().error).toBe('paymentIntentId is required');
  });

  it('credits a paid intent once: declined card first, then the good card, then a repeated confirm', async () => {
    const { user, cookie } = await buyer(5);
    const intent = await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'medium' });
    expect(intent.statusCode).toBe(200);
    const { paymentIntentId, clientSecret, coins, price } = intent.json();
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    expect({ coins, price }).toEqual(DEFAULT_COIN_PACKAGES.medium);

    // Confirming before paying credits nothing.
    const early = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(early.statusCode).toBe(402);
    expect(early.json().error).toBe('Payment has not been completed');

    const pay = (cardNumber: string) => call('POST', '/api/coins/test-provider/pay', cookie, { paymentIntentId, cardNumber });
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
    expect((await pay('4000000000009995')).json().error).toBe('Your card has insufficient funds.');
    const wrong = await pay('4242424242424241');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your card number is incorrect.');
    expect((await pay('42')).json().error).toBe('Your card number is incomplete.');
    const afterDecline = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(afterDecline.statusCode).toBe(402);
    expect(afterDecline.json().error).toBe('Your card has insufficient funds.');
    expect(await purchaseRows(t, user.id)).toEqual([]);

    const sockets = await Promise.all([openSocket(t.baseUrl, cookie), openSocket(t.baseUrl, cookie)]);
    expect((await pay('4242 4242 4242 4242')).json()).toEqual({ status: 'succeeded', paymentIntentId });
    expect((await pay('4242424242424242')).json().error).toBe('This payment has already succeeded.');
    const confirmed = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Payment successful', coinsAdded: 50, newBalance: 55 });
    // Every device of the buyer hears the new balance.
    for (const { frames } of sockets) {
      await expect.poll(() => frames.find((f) => f.type === 'coin_balance_update')?.data).toEqual({ newBalance: 55 });
    }
    for (const { socket } of sockets) socket.close();

    const again = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(again.json()).toEqual({ message: 'Payment already processed', coinsAdded: 50, newBalance: 55 });
    const rows = await purchaseRows(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].reference).toBe(`purchase:test:${paymentIntentId}`);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
    expect(payment).toMatchObject({ status: 'succeeded', coins: 50, amountCents: 4500, userId: user.id });
    expect(payment.creditedAt).not.toBeNull();
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 55, balance: 55 });
  });

  it('credits exactly once when ten confirms race', async () => {
    const { user, cookie } = await buyer();
    const { paymentIntentId } = (await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'large' })).json();
    await call('POST', '/api/coins/test-provider/pay', cookie, { paymentIntentId, cardNumber: '4242424242424242' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().message === 'Payment successful')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().newBalance))).toEqual(new Set([120]));
    expect(await purchaseRows(t, user.id)).toHaveLength(1);
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 120, balance: 120 });
  });

  it("refuses someone else's intent at every step and unknown intents", async () => {
    const owner = await buyer();
    const other = await buyer();
    const { paymentIntentId } = (
      await call('POST', '/api/coins/create-payment-intent', owner.cookie, { packageType: 'small' })
    ).json();
    const foreignPay = await call('POST', '/api/coins/test-provider/pay', other.cookie, {
      paymentIntentId,
      cardNumber: '4242424242424242',
    });
    expect(foreignPay.statusCode).toBe(403);
    expect(foreignPay.json().error).toBe('This payment belongs to another user');
    await call('POST', '/api/coins/test-provider/pay', owner.cookie, { paymentIntentId, cardNumber: '4242424242424242' });
    const foreignConfirm = await call('POST', '/api/coins/confirm-payment', other.cookie, { paymentIntentId });
    expect(foreignConfirm.statusCode).toBe(403);
    expect(await ledgerTotal(t, other.user.id)).toEqual({ sum: 0, balance: 0 });
    const unknown = await call('POST', '/api/coins/confirm-payment', owner.cookie, { paymentIntentId: 'pi_test_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Payment not found');
    // Not Stripe: no webhook route.
    expect((await call('POST', '/api/coins/webhook', undefined, {})).statusCode).toBe(404);
  });
});

describe('the Stripe driver (official SDK) against a local stand-in of Stripe’s API', () => {
  const WEBHOOK_SECRET = 'whsec_localpros_test';
  let t: TestApp;
  let stripeApi: LocalStripeApi;
  let call: ReturnType<typeof apiCaller>;
  const signer = new Stripe('sk_test_localpros');

  beforeAll(async () => {
    stripeApi = new LocalStripeApi();
    await stripeApi.start();
    t = await startTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_localpros',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_localpros',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      {
        payments: (config) =>
          StripePaymentProvider.create({
            secretKey: config.stripe!.secretKey,
            webhookSecret: config.stripe!.webhookSecret,
            api: { host: '127.0.0.1', port: stripeApi.port, protocol: 'http' },
          }),
      },
    );
    call = apiCaller(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.stop();
  });

  const webhook = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/coins/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
  };
  const succeededEvent = (intent: object) => ({
    id: `evt_${Math.random().toString(16).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });

  it('creates the intent at Stripe, tells the client its publishable key, and confirms only what Stripe says succeeded', async () => {
    expect((await call('GET', '/api/app-config')).json().payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_localpros',
    });
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const answer = await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'small' });
    expect(answer.statusCode).toBe(200);
    const { paymentIntentId, clientSecret } = answer.json();
    const atStripe = stripeApi.intents.get(paymentIntentId)!;
    expect(atStripe).toMatchObject({ amount: 2000, currency: 'usd', client_secret: clientSecret });
    expect(atStripe.metadata).toEqual({ userId: String(user.id), packageType: 'small', coins: '20' });
    // No test card step with Stripe.
    expect(
      (await call('POST', '/api/coins/test-provider/pay', cookie, { paymentIntentId, cardNumber: '4242424242424242' }))
        .statusCode,
    ).toBe(404);

    stripeApi.decline(paymentIntentId);
    const declined = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');

    stripeApi.succeed(paymentIntentId);
    const confirmed = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(confirmed.json()).toEqual({ message: 'Payment successful', coinsAdded: 20, newBalance: 20 });
    // Stripe's webhook for the same intent arrives later: nothing more is credited.
    expect((await webhook(succeededEvent(stripeApi.intents.get(paymentIntentId)!))).statusCode).toBe(200);
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 20, balance: 20 });
  });

  it('credits from a signed webhook once, refuses bad signatures, and ignores a tampered amount', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const { paymentIntentId } = (
      await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'medium' })
    ).json();
    const intent = stripeApi.succeed(paymentIntentId);

    const event = succeededEvent(intent);
    expect((await webhook(event, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/coins/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error).toBe('Invalid webhook signature');
    // Signed with another secret.
    const payload = JSON.stringify(event);
    const foreign = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await webhook(event, foreign)).statusCode).toBe(400);
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 0, balance: 0 });

    const tampered = await webhook(succeededEvent({ ...intent, amount: 1 }));
    expect(tampered.statusCode).toBe(400);
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 0, balance: 0 });

    const [first, second] = await Promise.all([webhook(event), webhook(event)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 50, balance: 50 });
    const confirm = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId });
    expect(confirm.json()).toEqual({ message: 'Payment already processed', coinsAdded: 50, newBalance: 50 });
    expect(await purchaseRows(t, user.id)).toHaveLength(1);

    // Events the app does not act on are acknowledged.
    expect((await webhook({ id: 'evt_x', object: 'event', type: 'customer.created', data: { object: {} } })).statusCode).toBe(
      200,
    );
  });
});

describe('a production start without Stripe keys', () => {
  let t: TestApp;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
    call = apiCaller(t.app);
  });
  afterAll(() => t.close());

  it('sells no coins: packages and intents answer 503 with the reason, and the test card route does not exist', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const closed = 'Buying coins is not available: this server has no card payment provider set up yet.';
    const packages = await call('GET', '/api/coins/packages');
    expect(packages.statusCode).toBe(503);
    expect(packages.json().error).toBe(closed);
    const intent = await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'small' });
    expect(intent.statusCode).toBe(503);
    expect(intent.json().error).toBe(closed);
    // The attack: coins for nothing with the free test card, straight at the test provider's route.
    const pay = await call('POST', '/api/coins/test-provider/pay', cookie, {
      paymentIntentId: 'pi_test_anything',
      cardNumber: '4242424242424242',
    });
    expect(pay.statusCode).toBe(404);
    const confirm = await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId: 'pi_test_anything' });
    expect(confirm.statusCode).toBe(503);
    expect((await call('GET', '/api/app-config')).json().payments).toEqual({ provider: 'none', message: closed });
    expect(await ledgerTotal(t, user.id)).toEqual({ sum: 0, balance: 0 });
    expect(t.app.routeTable.some((route) => route.url.includes('test-provider'))).toBe(false);
  });
});

describe('a production start with PAYMENTS_PROVIDER=test, the operator’s explicit choice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test' });
  });
  afterAll(() => t.close());

  it('takes test cards', async () => {
    const call = apiCaller(t.app);
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const { paymentIntentId } = (await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'small' })).json();
    const pay = await call('POST', '/api/coins/test-provider/pay', cookie, { paymentIntentId, cardNumber: '4242424242424242' });
    expect(pay.statusCode).toBe(200);
    expect((await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId })).json().coinsAdded).toBe(20);
  });
});

describe('buying coins in the configured currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CURRENCY: 'EUR', LOCALE: 'de-DE' });
  });
  afterAll(() => t.close());

  it('charges the package in CURRENCY’s minor units and writes the receipt in LOCALE', async () => {
    const user = await createUser(t.db, { isVerified: true });
    const cookie = await loginAs(t.app, user);
    const call = apiCaller(t.app);
    const { paymentIntentId } = (
      await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'medium' })
    ).json();
    await call('POST', '/api/coins/test-provider/pay', cookie, { paymentIntentId, cardNumber: '4242424242424242' });
    expect((await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId })).statusCode).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ currency: 'eur', amountCents: Math.round(DEFAULT_COIN_PACKAGES.medium.price * 100) });
    const [receipt] = await purchaseRows(t, user.id);
    const price = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      DEFAULT_COIN_PACKAGES.medium.price,
    );
    expect(receipt.note).toBe(`50 coins (medium package, ${price})`);
  });
});
