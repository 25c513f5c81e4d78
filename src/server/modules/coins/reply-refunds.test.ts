/**
 * Refunds of unread paid replies: with the clock moved on, a first reply the customer
 * has not opened within 7 days gives its coins back once, with a ledger entry, a mail and a live
 * balance; an opened reply keeps its charge; racing sweeps refund once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, openSocket, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  call = apiCaller(t.app);
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** A vendor's paid first reply (the plumbing cost, 7 coins by default) to a customer's quote. */
async function paidReply() {
  const vendor = await createUser(t.db, { isVerified: true });
  await giveCoins(t.db, vendor.id, 30);
  const company = await createCompany(t.db, { ownerId: vendor.id, name: `Refund Plumbing ${vendor.id}` });
  const customer = await createUser(t.db);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
  const vendorCookie = await loginAs(t.app, vendor);
  const url = `/api/quotes/${quote.id}/companies/${company.id}/messages`;
  // As the vendor inbox does: read the reply's cost, then send the reply confirming it.
  const shown = (await call('GET', url.replace(/messages$/, 'coin-cost'), vendorCookie)).json();
  const reply = await call('POST', url, vendorCookie, { message: 'We can fix it tomorrow.', coinCost: shown.coinCost });
  expect(reply.statusCode).toBe(201);
  const { coinCost, newBalance } = reply.json().coinInfo;
  expect(coinCost).toBeGreaterThan(0);
  return {
    vendor,
    vendorCookie,
    company,
    customer,
    quote,
    url,
    coinCost: coinCost as number,
    balanceAfterCharge: newBalance as number,
  };
}

async function balanceAndLedger(userId: number) {
  const result = await t.db.execute<{ sum: number; balance: number }>(sql`
    SELECT coalesce((SELECT sum(delta) FROM coin_ledger WHERE user_id = ${userId}), 0)::int AS sum,
           coalesce((SELECT balance FROM coin_balances WHERE user_id = ${userId}), 0)::int AS balance`);
  return result.rows[0];
}

describe('refunds of unread replies', () => {
  it('refunds an unopened reply once after 7 days, says so by mail, in the history and live', async () => {
    const p = await paidReply();
    const refunds = t.app.services.refunds;
    expect(await refunds.refundUnreadReplies(inDays(6.9))).toEqual([]);

    const socket = await openSocket(t.baseUrl, p.vendorCookie);
    const done = await refunds.refundUnreadReplies(inDays(7.1));
    expect(done).toContainEqual({ userId: p.vendor.id, quoteId: p.quote.id, companyId: p.company.id, coins: p.coinCost });
    const expected = p.balanceAfterCharge + p.coinCost;
    expect(await balanceAndLedger(p.vendor.id)).toEqual({ sum: expected, balance: expected });
    await expect.poll(() => socket.frames.find((f) => f.type === 'coin_balance_update')?.data).toEqual({ newBalance: expected });
    socket.socket.close();

    const [mail] = await t.smtp.waitFor(p.vendor.email);
    expect(mail.subject).toBe(`${p.coinCost} coins refunded: your reply was not opened`);
    const history = (await call('GET', '/api/coins/history', p.vendorCookie)).json();
    expect(history.entries[0]).toMatchObject({
      reason: 'refund',
      delta: p.coinCost,
      quoteId: p.quote.id,
      companyId: p.company.id,
      note: 'The customer did not open your reply to "Kitchen sink repair" within 7 days',
    });

    // Once only, however often the sweep runs, and racing sweeps included.
    const again = await Promise.all([refunds.refundUnreadReplies(inDays(9)), refunds.refundUnreadReplies(inDays(9))]);
    for (const result of again) expect(result?.some((r) => r.quoteId === p.quote.id) ?? false).toBe(false);
    expect(await balanceAndLedger(p.vendor.id)).toEqual({ sum: expected, balance: expected });
  });

  it('keeps the charge when the customer opened the reply within 7 days', async () => {
    const p = await paidReply();
    const customerCookie = await loginAs(t.app, p.customer);
    expect((await call('POST', `${p.url}/mark-read`, customerCookie)).json()).toEqual({ success: true, marked: 1 });
    const done = await t.app.services.refunds.refundUnreadReplies(inDays(8));
    expect(done?.some((r) => r.quoteId === p.quote.id)).toBe(false);
    expect(await balanceAndLedger(p.vendor.id)).toEqual({ sum: p.balanceAfterCharge, balance: p.balanceAfterCharge });
  });
});
