/** Messaging on a quote: parties, the first-reply charge, 402, unread counts, live events. */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, openSocket, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';

let t: TestApp;
let cost: number;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  await t.db.execute(
    sql`UPDATE category_coin_costs SET cost = 5 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
  cost = 5;
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

async function ledgerOf(userId: number) {
  const result = await t.db.execute<{ n: number; sum: number; balance: number }>(sql`
    SELECT count(*) FILTER (WHERE reason = 'reply_charge')::int AS n, coalesce(sum(delta), 0)::int AS sum,
           (SELECT coalesce(balance, 0) FROM coin_balances WHERE user_id = ${userId}) AS balance
      FROM coin_ledger WHERE user_id = ${userId}`);
  return result.rows[0];
}

async function loop(coins = 20) {
  const customer = await createUser(t.db, { firstName: 'Cara', lastName: 'Diaz' });
  const vendor = await createUser(t.db, { firstName: 'Vic' });
  if (coins) await giveCoins(t.db, vendor.id, coins);
  const company = await createCompany(t.db, { ownerId: vendor.id });
  const other = await createCompany(t.db);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id, other.id] });
  return {
    customer,
    vendor,
    company,
    other,
    quote,
    customerCookie: await loginAs(t.app, customer),
    vendorCookie: await loginAs(t.app, vendor),
    thread: `/api/quotes/${quote.id}/companies/${company.id}/messages`,
  };
}

describe('conversations', () => {
  it('lets only the customer and the company’s owner read and write, with the spec’s refusal', async () => {
    const l = await loop();
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await call('GET', l.thread)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', l.thread],
      ['POST', l.thread],
      ['POST', `${l.thread}/mark-read`],
      ['GET', `/api/quotes/${l.quote.id}/companies/${l.company.id}/coin-cost`],
      ['GET', `/api/quotes/${l.quote.id}/conversations`],
    ] as const) {
      const refused = await call(method, url, stranger, method === 'POST' ? { message: 'hi' } : undefined);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
    }
    // The vendor sees only their own company's conversation.
    const othersThread = `/api/quotes/${l.quote.id}/companies/${l.other.id}/messages`;
    expect((await call('GET', othersThread, l.vendorCookie)).statusCode).toBe(403);
    const vendorConversations = (await call('GET', `/api/quotes/${l.quote.id}/conversations`, l.vendorCookie)).json();
    expect(vendorConversations.map((c: { companyId: number }) => c.companyId)).toEqual([l.company.id]);
    const customerConversations = (await call('GET', `/api/quotes/${l.quote.id}/conversations`, l.customerCookie)).json();
    expect(customerConversations).toHaveLength(2);

    const empty = await call('POST', l.thread, l.customerCookie, { message: '   ' });
    expect(empty.json().error).toBe('Please enter a message or select an image');
  });

  it('charges a company’s first reply once, in the same transaction, and says so', async () => {
    const l = await loop(20);
    const asked = await send('POST', l.thread, l.customerCookie, { message: 'Can you come Tuesday?' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().coinInfo).toBeUndefined();

    expect((await call('GET', `/api/quotes/${l.quote.id}/companies/${l.company.id}/coin-cost`, l.vendorCookie)).json()).toEqual({
      coinCost: cost,
      canAfford: true,
      userBalance: 20,
      hasReplied: false,
      companyCount: 2,
      repliedCount: 0,
      weeklySpend: 0,
      weeklyCoinCap: null,
      // Sent before the company set any preferences: nothing recorded.
      outsideServiceArea: null,
      outsideServices: null,
    });
    const reply = await send('POST', l.thread, l.vendorCookie, { message: 'Yes, 9am works.', coinCost: String(cost) });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().coinInfo).toEqual({ deducted: true, coinCost: cost, newBalance: 20 - cost });
    const second = await send('POST', l.thread, l.vendorCookie, { message: 'See you then.' });
    expect(second.json().coinInfo).toEqual({ deducted: false, coinCost: 0, newBalance: 20 - cost });
    expect(await ledgerOf(l.vendor.id)).toEqual({ n: 1, sum: 20 - cost, balance: 20 - cost });

    const thread = (await call('GET', l.thread, l.customerCookie)).json();
    expect(thread.map((m: { senderType: string }) => m.senderType)).toEqual(['user', 'company', 'company']);
  });

  it('shows a company the competition before it pays: the companies the request went to and those that replied', async () => {
    const customer = await createUser(t.db);
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    await giveCoins(t.db, first.id, 20);
    await giveCoins(t.db, second.id, 20);
    const firstCompany = await createCompany(t.db, { ownerId: first.id });
    const secondCompany = await createCompany(t.db, { ownerId: second.id });
    const unclaimed = await createCompany(t.db);
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [firstCompany.id, secondCompany.id, unclaimed.id] });
    const [firstCookie, secondCookie] = [await loginAs(t.app, first), await loginAs(t.app, second)];
    const competition = async (companyId: number, cookie: string) => {
      const { companyCount, repliedCount, hasReplied } = (
        await call('GET', `/api/quotes/${quote.id}/companies/${companyId}/coin-cost`, cookie)
      ).json();
      return { companyCount, repliedCount, hasReplied };
    };
    expect(await competition(firstCompany.id, firstCookie)).toEqual({ companyCount: 3, repliedCount: 0, hasReplied: false });
    const thread = `/api/quotes/${quote.id}/companies/${secondCompany.id}/messages`;
    for (const message of ['Happy to help.', 'When suits you?']) {
      expect((await send('POST', thread, secondCookie, { message, coinCost: String(cost) })).statusCode).toBe(201);
    }
    // Two replies of one company count once.
    expect(await competition(firstCompany.id, firstCookie)).toEqual({ companyCount: 3, repliedCount: 1, hasReplied: false });
    expect(await competition(secondCompany.id, secondCookie)).toEqual({ companyCount: 3, repliedCount: 1, hasReplied: true });
  });

  it('refuses a reply the balance cannot pay with 402, storing and charging nothing', async () => {
    const l = await loop(3);
    await send('POST', l.thread, l.customerCookie, { message: 'Hello?' });
    const refused = await send(
      'POST',
      l.thread,
      l.vendorCookie,
      { message: 'Hi!', coinCost: String(cost) },
      filePart(await pngBytes()),
    );
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ coinCost: cost, userBalance: 3 });
    expect(typeof refused.json().error).toBe('string');
    expect((await call('GET', l.thread, l.vendorCookie)).json()).toHaveLength(1);
    expect(await ledgerOf(l.vendor.id)).toEqual({ n: 0, sum: 3, balance: 3 });
    const objects = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stored_objects WHERE kind = 'message_image' AND created_by_user_id = ${l.vendor.id}`,
    );
    expect(objects.rows[0].n).toBe(0);
  });

  it('charges exactly once when 20 first replies race', async () => {
    const l = await loop(100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('POST', l.thread, l.vendorCookie, { message: `Reply ${i}`, coinCost: String(cost) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.filter((a) => a.json().coinInfo.deducted)).toHaveLength(1);
    expect(await ledgerOf(l.vendor.id)).toEqual({ n: 1, sum: 100 - cost, balance: 100 - cost });
    expect((await call('GET', l.thread, l.vendorCookie)).json()).toHaveLength(20);
  });

  it('charges the price fixed at submit, whatever category the company moves to', async () => {
    const l = await loop(20);
    // The attack: move the company to a 3-coin category, reply, move it back.
    await t.db.execute(sql`
      UPDATE companies SET category_id = (SELECT id FROM categories WHERE slug = 'cleaning-services') WHERE id = ${l.company.id}`);
    // An admin's new price for the category does not reach quotes already sent either.
    await t.db.execute(
      sql`UPDATE category_coin_costs SET cost = 9 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
    );
    try {
      const shown = (await call('GET', `/api/quotes/${l.quote.id}/companies/${l.company.id}/coin-cost`, l.vendorCookie)).json();
      expect(shown).toMatchObject({ coinCost: cost, hasReplied: false });
      const cheap = await send('POST', l.thread, l.vendorCookie, { message: 'Hello', coinCost: '3' });
      expect(cheap.statusCode).toBe(409);
      const reply = await send('POST', l.thread, l.vendorCookie, { message: 'Hello', coinCost: String(shown.coinCost) });
      expect(reply.json().coinInfo).toEqual({ deducted: true, coinCost: cost, newBalance: 20 - cost });
      expect(await ledgerOf(l.vendor.id)).toEqual({ n: 1, sum: 20 - cost, balance: 20 - cost });
    } finally {
      await t.db.execute(
        sql`UPDATE category_coin_costs SET cost = ${cost} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
      );
    }
  });

  it('fixes the price when the customer submits: the category’s cost at that moment', async () => {
    const customer = await createUser(t.db);
    const customerCookie = await loginAs(t.app, customer);
    const vendor = await createUser(t.db);
    await giveCoins(t.db, vendor.id, 30);
    const company = await createCompany(t.db, { ownerId: vendor.id, categorySlug: 'roofing-gutters' });
    const draft = await call('POST', '/api/quotes', customerCookie, {
      quoteName: 'Roof',
      description: '',
      companyIds: [company.id],
    });
    const id = draft.json().id as number;
    const description = 'The roof over the back porch leaks in heavy rain; a few shingles blew off in the last storm. '.repeat(2);
    const roofing = sql`(SELECT id FROM categories WHERE slug = 'roofing-gutters')`;
    const [{ cost: before }] = (
      await t.db.execute<{ cost: number }>(sql`SELECT cost FROM category_coin_costs WHERE category_id = ${roofing}`)
    ).rows as [{ cost: number }];
    expect((await call('POST', `/api/quotes/${id}/submit`, customerCookie, { quoteName: 'Roof', description })).statusCode).toBe(
      200,
    );
    await t.db.execute(sql`UPDATE category_coin_costs SET cost = ${before + 5} WHERE category_id = ${roofing}`);
    try {
      const vendorCookie = await loginAs(t.app, vendor);
      const shown = (await call('GET', `/api/quotes/${id}/companies/${company.id}/coin-cost`, vendorCookie)).json();
      expect(shown.coinCost).toBe(before);
      const reply = await send('POST', `/api/quotes/${id}/companies/${company.id}/messages`, vendorCookie, {
        message: 'We can look on Friday.',
        coinCost: String(before),
      });
      expect(reply.json().coinInfo).toMatchObject({ deducted: true, coinCost: before, newBalance: 30 - before });
    } finally {
      await t.db.execute(sql`UPDATE category_coin_costs SET cost = ${before} WHERE category_id = ${roofing}`);
    }
  });

  it('charges a reply only when it carries the cost the vendor was shown', async () => {
    const l = await loop(20);
    await send('POST', l.thread, l.customerCookie, { message: 'Can you come Tuesday?' });
    // What the customer's quote page would send: no cost, because it never showed one.
    const unconfirmed = await send('POST', l.thread, l.vendorCookie, { message: 'Yes, 9am works.' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ coinCost: cost, userBalance: 20 });
    expect(unconfirmed.json().error).toBe(`Replying to this quote costs ${cost} coins: confirm the cost to send your reply.`);
    expect((await call('POST', l.thread, l.vendorCookie, { message: 'Yes, 9am works.' })).statusCode).toBe(409);
    expect(await ledgerOf(l.vendor.id)).toEqual({ n: 0, sum: 20, balance: 20 });
    expect((await call('GET', l.thread, l.vendorCookie)).json()).toHaveLength(1);
    // JSON clients confirm with a number; once paid, later replies need nothing.
    const paid = await call('POST', l.thread, l.vendorCookie, { message: 'Yes, 9am works.', coinCost: cost });
    expect(paid.json().coinInfo).toMatchObject({ deducted: true, coinCost: cost });
    expect((await send('POST', l.thread, l.vendorCookie, { message: 'See you then.' })).statusCode).toBe(201);
    expect((await call('POST', l.thread, l.vendorCookie, { message: 'x', coinCost: 'lots' })).statusCode).toBe(400);
    // Customers never pay and never confirm.
    expect((await send('POST', l.thread, l.customerCookie, { message: 'Thanks!' })).statusCode).toBe(201);
  });

  it('counts unread messages on every endpoint and clears them on mark-read', async () => {
    const l = await loop();
    await send('POST', l.thread, l.customerCookie, { message: 'One' });
    await send('POST', l.thread, l.customerCookie, { message: 'Two' });
    await send('POST', l.thread, l.vendorCookie, { message: 'Reply', coinCost: String(cost) });
    const count = async (url: string, cookie: string) => (await call('GET', url, cookie)).json().count;
    expect(await count('/api/vendor-quotes/unread-count', l.vendorCookie)).toBe(2);
    expect(await count(`/api/quotes/${l.quote.id}/unread-count`, l.vendorCookie)).toBe(2);
    expect(await count(`/api/quotes/${l.quote.id}/companies/${l.company.id}/unread-count`, l.vendorCookie)).toBe(2);
    expect(await count('/api/users/unread-messages-count', l.vendorCookie)).toBe(2);
    expect(await count('/api/messages/unread-count', l.customerCookie)).toBe(1);
    expect(await count('/api/user-quotes/unread-count', l.customerCookie)).toBe(1);
    const rows = (await call('GET', '/api/vendor-quotes', l.vendorCookie)).json();
    expect(rows[0]).toMatchObject({ quoteId: l.quote.id, companyId: l.company.id, userFirstName: 'Cara', unreadCount: 2 });
    expect(rows[0].lastMessage).toEqual({ senderType: 'company', message: 'Reply', event: null });
    const list = (await call('GET', '/api/quotes', l.customerCookie)).json();
    expect(list.data[0]).toMatchObject({ id: l.quote.id, unreadCount: 1 });

    expect((await call('POST', `${l.thread}/mark-read`, l.vendorCookie)).json()).toEqual({ success: true, marked: 2 });
    expect(await count('/api/vendor-quotes/unread-count', l.vendorCookie)).toBe(0);
    await call('POST', `${l.thread}/mark-read`, l.customerCookie);
    expect(await count('/api/user-quotes/unread-count', l.customerCookie)).toBe(0);
  });

  it('takes message images up to 5 MB from customers and 10 MB from vendors', async () => {
    const l = await loop();
    const noisy = await sharp({
      create: {
        width: 1700,
        height: 1400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(10 * 1024 * 1024);
    const fromCustomer = await send('POST', l.thread, l.customerCookie, {}, filePart(noisy));
    expect(fromCustomer.statusCode).toBe(413);
    expect(fromCustomer.json().error).toBe('Please select an image smaller than 5MB.');
    const fromVendor = await send(
      'POST',
      l.thread,
      l.vendorCookie,
      { message: 'Photo of the valve', coinCost: String(cost) },
      filePart(noisy),
    );
    expect(fromVendor.statusCode).toBe(201);
    // Served to the conversation's two sides (a message image is private).
    expect((await call('GET', fromVendor.json().message.imageUrl, l.customerCookie)).statusCode).toBe(200);
  });

  it('refuses messages on drafts and completed quotes', async () => {
    const l = await loop();
    await t.db.execute(sql`UPDATE quotes SET status = 'completed' WHERE id = ${l.quote.id}`);
    expect((await send('POST', l.thread, l.customerCookie, { message: 'hi' })).statusCode).toBe(400);
    const draft = await createQuote(t.db, { userId: l.customer.id, companyIds: [l.company.id], status: 'draft' });
    const answer = await send('POST', `/api/quotes/${draft.id}/companies/${l.company.id}/messages`, l.customerCookie, {
      message: 'x',
    });
    expect(answer.statusCode).toBe(400);
  });
});

describe('live events', () => {
  const connect = (cookie: string, userId?: number) => openSocket(t.baseUrl, cookie, userId);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  };

  it('delivers new messages, unread totals and balances to the right sockets only', async () => {
    const l = await loop(20);
    const vendorSocket = await connect(l.vendorCookie, l.vendor.id);
    const customerSocket = await connect(l.customerCookie);
    await expect(connect(l.customerCookie, l.vendor.id)).rejects.toThrow('refused 403');

    await send('POST', l.thread, l.customerCookie, { message: 'Live?' });
    await until(() => vendorSocket.frames.some((f) => f.type === 'unread_count_update'));
    expect(vendorSocket.frames.find((f) => f.type === 'new_message')?.data).toMatchObject({
      quoteId: l.quote.id,
      companyId: l.company.id,
      senderType: 'user',
    });
    expect(vendorSocket.frames.find((f) => f.type === 'unread_count_update')?.data).toEqual({ count: 1 });

    await send('POST', l.thread, l.vendorCookie, { message: 'Live.', coinCost: String(cost) });
    await until(() => vendorSocket.frames.some((f) => f.type === 'coin_balance_update'));
    expect(vendorSocket.frames.find((f) => f.type === 'coin_balance_update')?.data).toEqual({ newBalance: 20 - cost });
    await until(() => customerSocket.frames.filter((f) => f.type === 'new_message').length === 2);

    await call('POST', `${l.thread}/mark-read`, l.customerCookie);
    await until(() => vendorSocket.frames.some((f) => f.type === 'message_read'));
    expect(customerSocket.frames.some((f) => f.type === 'coin_balance_update')).toBe(false);
    vendorSocket.socket.close();
    customerSocket.socket.close();
  });
});

describe('responsiveness', () => {
  it('shows a company’s median time to a first reply once it rests on three replies', async () => {
    const vendor = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: vendor.id });
    const customer = await createUser(t.db);
    const replyAfter = async (minutes: number) => {
      const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
      await t.db.execute(sql`UPDATE quotes SET submitted_at = now() - interval '1 day' WHERE id = ${quote.id}`);
      await t.db.execute(sql`
        INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
        VALUES (${quote.id}, ${company.id}, ${vendor.id}, 'company', 'first', now() - interval '1 day' + make_interval(mins => ${minutes}::int)),
               (${quote.id}, ${company.id}, ${vendor.id}, 'company', 'later', now())`);
    };
    await replyAfter(60);
    await replyAfter(180);
    await t.app.services.companies.refreshResponsiveness();
    expect((await call('GET', `/api/companies/${company.id}`)).json().replyMedianMinutes).toBeNull();
    await replyAfter(120);
    await t.app.services.companies.refreshResponsiveness();
    expect((await call('GET', `/api/companies/${company.id}`)).json().replyMedianMinutes).toBe(120);
  });
});

describe('not interested', () => {
  const decline = (l: Awaited<ReturnType<typeof loop>>, cookie: string) =>
    call('POST', `/api/quotes/${l.quote.id}/companies/${l.company.id}/decline`, cookie);

  it('lets the company decline for free before replying; the conversation closes and both sides see it', async () => {
    const l = await loop(20);
    await send('POST', l.thread, l.customerCookie, { message: 'Can you come Tuesday?' });
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await decline(l, stranger)).statusCode).toBe(403);
    const byCustomer = await decline(l, l.customerCookie);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error).toBe('Only the company can decline a request');

    const first = await decline(l, l.vendorCookie);
    expect(first.statusCode).toBe(200);
    const again = await decline(l, l.vendorCookie);
    expect(again.json()).toEqual(first.json());

    const conversations = (await call('GET', `/api/quotes/${l.quote.id}/conversations`, l.customerCookie)).json();
    const declined = conversations.find((c: { companyId: number }) => c.companyId === l.company.id);
    expect(declined.declinedAt).toBe(first.json().declinedAt);
    expect(conversations.find((c: { companyId: number }) => c.companyId === l.other.id).declinedAt).toBeNull();
    const row = (await call('GET', '/api/vendor-quotes', l.vendorCookie))
      .json()
      .find((r: { quoteId: number }) => r.quoteId === l.quote.id);
    expect(row.declinedAt).toBe(first.json().declinedAt);

    for (const cookie of [l.customerCookie, l.vendorCookie]) {
      const refused = await send('POST', l.thread, cookie, { message: 'Hello again', coinCost: String(cost) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'REQUEST_DECLINED',
        error: `${l.company.name} is not interested in this request`,
      });
    }
    expect((await call('GET', l.thread, l.customerCookie)).json()).toHaveLength(1);
    expect(await ledgerOf(l.vendor.id)).toEqual({ n: 0, sum: 20, balance: 20 });
  });

  it('refuses a decline after the company replied', async () => {
    const l = await loop(20);
    expect((await send('POST', l.thread, l.vendorCookie, { message: 'Hi!', coinCost: String(cost) })).statusCode).toBe(201);
    const refused = await decline(l, l.vendorCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REQUEST_ALREADY_ANSWERED',
      error: 'You have already replied to this request, so it can no longer be declined',
    });
  });

  it('lets only one of a racing decline and first reply land', async () => {
    for (let round = 0; round < 6; round++) {
      const l = await loop(20);
      const [declined, replied] = await Promise.all([
        decline(l, l.vendorCookie),
        send('POST', l.thread, l.vendorCookie, { message: 'Me!', coinCost: String(cost) }),
      ]);
      const outcome = [declined.statusCode, replied.statusCode];
      expect([
        [200, 400],
        [409, 201],
      ]).toContainEqual(outcome);
      expect((await ledgerOf(l.vendor.id)).n).toBe(replied.statusCode === 201 ? 1 : 0);
    }
  });
});
