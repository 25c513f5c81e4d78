/** Offers and a request's end reach both sides' open pages over the socket, and no one else's. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, frameOf as frame, openSocket, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  await t.db.execute(
    sql`UPDATE category_coin_costs SET cost = 5 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

it('sends offer_update to both sides of the conversation and quote_outcome to the customer and every company', async () => {
  const customer = await createUser(t.db);
  const [vendor, rivalOwner, stranger] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
  await giveCoins(t.db, vendor.id, 20);
  const company = await createCompany(t.db, { ownerId: vendor.id });
  const rival = await createCompany(t.db, { ownerId: rivalOwner.id });
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id, rival.id] });
  const [customerCookie, vendorCookie, rivalCookie, strangerCookie] = await Promise.all(
    [customer, vendor, rivalOwner, stranger].map((user) => loginAs(t.app, user)),
  );
  const [customerSocket, vendorSocket, rivalSocket, strangerSocket] = await Promise.all([
    openSocket(t.baseUrl, customerCookie),
    openSocket(t.baseUrl, vendorCookie),
    openSocket(t.baseUrl, rivalCookie),
    openSocket(t.baseUrl, strangerCookie),
  ]);
  try {
    const made = await call('POST', `/api/quotes/${quote.id}/companies/${company.id}/offers`, vendorCookie, {
      kind: 'hourly',
      amount: 80,
      currency: 'USD',
      validDays: 7,
      coinCost: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json<{ offer: { id: number } }>().offer.id;
    for (const socket of [customerSocket, vendorSocket]) {
      expect(await frame(socket, 'offer_update', (d) => d.quoteId === quote.id)).toEqual({
        quoteId: quote.id,
        companyId: company.id,
        offerId,
      });
    }
    expect(
      (await call('POST', `/api/quotes/${quote.id}/hire`, customerCookie, { companyId: company.id, offerId })).statusCode,
    ).toBe(200);
    for (const socket of [customerSocket, vendorSocket, rivalSocket]) {
      expect(await frame(socket, 'quote_outcome', (d) => d.quoteId === quote.id)).toEqual({
        quoteId: quote.id,
        outcome: 'hired',
        companyId: company.id,
      });
    }
    // The rival heard that the request ended, never the offer; the stranger heard nothing.
    expect(rivalSocket.frames.some((f) => f.type === 'offer_update')).toBe(false);
    expect(strangerSocket.frames.filter((f) => f.type === 'offer_update' || f.type === 'quote_outcome')).toEqual([]);
  } finally {
    for (const socket of [customerSocket, vendorSocket, rivalSocket, strangerSocket]) socket.socket.close();
  }
});
