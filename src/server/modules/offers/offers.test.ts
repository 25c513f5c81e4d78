/** Priced offers: who may make them, what they are charged, versions, withdrawal, bad prices. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
const COST = 5;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(
    sql`UPDATE category_coin_costs SET cost = ${COST} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

async function loop() {
  const customer = await createUser(t.db);
  const vendor = await createUser(t.db);
  await giveCoins(t.db, vendor.id, 50);
  const company = await createCompany(t.db, { ownerId: vendor.id });
  const rivalOwner = await createUser(t.db);
  const rival = await createCompany(t.db, { ownerId: rivalOwner.id });
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id, rival.id] });
  return {
    customer,
    vendor,
    company,
    rival,
    quote,
    customerCookie: await loginAs(t.app, customer),
    vendorCookie: await loginAs(t.app, vendor),
    rivalCookie: await loginAs(t.app, rivalOwner),
    offers: `/api/quotes/${quote.id}/companies/${company.id}/offers`,
  };
}

const fixed = (amount: number, extra: object = {}) => ({
  kind: 'fixed',
  amount,
  currency: 'USD',
  includes: 'Parts and labour',
  validDays: 14,
  ...extra,
});

async function chargesOf(userId: number) {
  const result = await t.db.execute<{ n: number; balance: number }>(sql`
    SELECT count(*) FILTER (WHERE reason = 'reply_charge')::int AS n,
           (SELECT balance FROM coin_balances WHERE user_id = ${userId}) AS balance
      FROM coin_ledger WHERE user_id = ${userId}`);
  return result.rows[0];
}
const offerRows = async (quoteId: number) =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM quote_offers WHERE quote_id = ${quoteId}`)).rows[0].n;

describe('offers', () => {
  it('an offer sent as the first reply is that reply: confirmed and charged once, revisions and withdrawal free', async () => {
    const l = await loop();
    const unconfirmed = await call('POST', l.offers, l.vendorCookie, fixed(250));
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('REPLY_COST_UNCONFIRMED');
    expect(await offerRows(l.quote.id)).toBe(0);

    const first = await call('POST', l.offers, l.vendorCookie, fixed(250.5, { coinCost: COST, message: 'Happy to help' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().offer).toMatchObject({
      version: 1,
      kind: 'fixed',
      amount: 250.5,
      currency: 'USD',
      withdrawnAt: null,
      expired: false,
    });
    expect(first.json().message).toMatchObject({ senderType: 'company', event: 'offer_made', message: 'Happy to help' });
    expect(first.json().coinInfo).toMatchObject({ deducted: true, coinCost: COST });

    const revised = await call('POST', l.offers, l.vendorCookie, {
      kind: 'range',
      low: 200,
      high: 400,
      currency: 'USD',
      validDays: 7,
    });
    expect(revised.statusCode, revised.body).toBe(201);
    expect(revised.json().offer).toMatchObject({ version: 2, kind: 'range', low: 200, high: 400, amount: null });
    expect(revised.json().message.event).toBe('offer_revised');

    const history = await call('GET', l.offers, l.customerCookie);
    expect(history.statusCode).toBe(200);
    expect(history.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(history.json().current.version).toBe(2);

    const withdrawn = await call('POST', `${l.offers}/withdraw`, l.vendorCookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().offer.withdrawnAt).not.toBeNull();
    expect(withdrawn.json().message).toMatchObject({ event: 'offer_withdrawn', message: null });
    expect((await call('GET', l.offers, l.vendorCookie)).json().current).toBeNull();
    const again = await call('POST', `${l.offers}/withdraw`, l.vendorCookie);
    expect([again.statusCode, again.json().code]).toEqual([400, 'NO_OFFER']);

    expect(await chargesOf(l.vendor.id)).toEqual({ n: 1, balance: 50 - COST });
    // The thread shows every step, with the offer each message carried.
    const thread = (await call('GET', `/api/quotes/${l.quote.id}/companies/${l.company.id}/messages`, l.customerCookie)).json();
    expect(thread.map((m: { event: string | null; offer: { version: number } | null }) => [m.event, m.offer?.version])).toEqual([
      ['offer_made', 1],
      ['offer_revised', 2],
      ['offer_withdrawn', 2],
    ]);
    // The customer's unread count counts the three company messages.
    expect((await call('GET', `/api/quotes/${l.quote.id}/unread-count`, l.customerCookie)).json().count).toBe(3);
  });

  it('twenty racing first offers charge once and number their versions without a gap', async () => {
    const l = await loop();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', l.offers, l.vendorCookie, fixed(100 + i, { coinCost: COST }))),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const versions = (
      await t.db.execute<{ version: number }>(
        sql`SELECT version FROM quote_offers WHERE quote_id = ${l.quote.id} ORDER BY version`,
      )
    ).rows;
    expect(versions.map((row) => row.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await chargesOf(l.vendor.id)).n).toBe(1);
  });

  it('only the company’s owner makes offers; the customer, another vendor and strangers are refused', async () => {
    const l = await loop();
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await call('POST', l.offers, undefined, fixed(10))).statusCode).toBe(401);
    expect((await call('POST', l.offers, stranger, fixed(10))).statusCode).toBe(403);
    expect((await call('POST', l.offers, l.rivalCookie, fixed(10))).statusCode).toBe(403);
    const byCustomer = await call('POST', l.offers, l.customerCookie, fixed(10));
    expect(byCustomer.statusCode).toBe(403);
    expect((await call('POST', `${l.offers}/withdraw`, l.customerCookie)).statusCode).toBe(403);
    expect((await call('GET', l.offers, l.rivalCookie)).statusCode).toBe(403);
    expect((await call('GET', l.offers, stranger)).statusCode).toBe(403);
    expect(await offerRows(l.quote.id)).toBe(0);
  });

  it('refuses bad prices with the field, and stores nothing', async () => {
    const l = await loop();
    const cases: [object, string][] = [
      [fixed(-5), 'amount'],
      [fixed(0), 'amount'],
      [fixed(1e12), 'amount'],
      [{ ...fixed(1), amount: 'NaN' }, 'amount'],
      [{ ...fixed(1), amount: null }, 'amount'],
      [fixed(10.555), 'amount'],
      [fixed(10, { currency: 'EUR' }), 'currency'],
      [fixed(10, { currency: 'usd' }), 'currency'],
      [{ kind: 'range', low: 500, high: 200, currency: 'USD', validDays: 7 }, 'high'],
      [{ kind: 'range', low: 200, currency: 'USD', validDays: 7 }, 'high'],
      [{ kind: 'range', amount: 5, low: 1, high: 2, currency: 'USD', validDays: 7 }, 'amount'],
      [{ kind: 'barter', amount: 5, currency: 'USD', validDays: 7 }, 'kind'],
      [fixed(10, { validDays: 0 }), 'validDays'],
      [fixed(10, { validDays: 91 }), 'validDays'],
      [fixed(10, { includes: 'x'.repeat(1001) }), 'includes'],
      [fixed(10, { message: 'x'.repeat(4001) }), 'message'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', l.offers, l.vendorCookie, { ...body, coinCost: COST });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().field, JSON.stringify(body)).toBe(field);
    }
    // 1e400 is Infinity once parsed: no number at all.
    const huge = await t.app.inject({
      method: 'POST',
      url: l.offers,
      headers: { cookie: l.vendorCookie, 'content-type': 'application/json' },
      payload: '{"kind":"fixed","amount":1e400,"currency":"USD","validDays":7,"coinCost":5}',
    });
    expect([huge.statusCode, huge.json().field]).toEqual([400, 'amount']);
    expect(await offerRows(l.quote.id)).toBe(0);
    expect(await chargesOf(l.vendor.id)).toEqual({ n: 0, balance: 50 });
  });

  it('offers no longer change once the customer hired', async () => {
    const l = await loop();
    expect((await call('POST', l.offers, l.vendorCookie, fixed(90, { coinCost: COST }))).statusCode).toBe(201);
    const hired = await call('POST', `/api/quotes/${l.quote.id}/hire`, l.customerCookie, { companyId: l.company.id });
    expect(hired.statusCode, hired.body).toBe(200);
    for (const answer of [
      await call('POST', l.offers, l.vendorCookie, fixed(80)),
      await call('POST', `${l.offers}/withdraw`, l.vendorCookie),
    ]) {
      expect([answer.statusCode, answer.json().code]).toEqual([409, 'OFFER_AFTER_DECISION']);
    }
    expect(await offerRows(l.quote.id)).toBe(1);
  });
});
