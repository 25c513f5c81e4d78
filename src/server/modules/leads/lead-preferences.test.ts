/** Lead preferences: who may set them, bad input, and the weekly coin cap on replies. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, DEFAULT_PASSWORD, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
const COST = 5;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);
const preferencesOf = (companyId: number) => `/api/companies/${companyId}/lead-preferences`;

async function vendorWithCompany(coins = 100) {
  const vendor = await createUser(t.db, { firstName: 'Vic' });
  await giveCoins(t.db, vendor.id, coins);
  const company = await createCompany(t.db, { ownerId: vendor.id, name: 'Capped Plumbing' });
  return { vendor, company, cookie: await loginAs(t.app, vendor) };
}

/** A submitted quote to the company, priced at COST coins for its first reply. */
async function requestTo(companyId: number) {
  const customer = await createUser(t.db);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [companyId], replyCoinCost: COST });
  return `/api/quotes/${quote.id}/companies/${companyId}/messages`;
}

async function ledgerOf(userId: number) {
  const result = await t.db.execute<{ charges: number; balance: number }>(sql`
    SELECT count(*) FILTER (WHERE reason = 'reply_charge')::int AS charges,
           (SELECT balance FROM coin_balances WHERE user_id = ${userId}) AS balance
      FROM coin_ledger WHERE user_id = ${userId}`);
  return result.rows[0];
}

const messagesIn = async (thread: string) =>
  (
    await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages m
     WHERE m.quote_id = ${Number(thread.split('/')[3])} AND m.company_id = ${Number(thread.split('/')[5])}`)
  ).rows[0].n;

describe('numbers in a JSON body', () => {
  it('are JSON numbers: true, [5], "0x10", "1e3" or "5" are a 400 naming the field, and nothing is stored', async () => {
    const { company, cookie } = await vendorWithCompany();
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: 40 })).statusCode).toBe(200);
    const bad = [true, [5], '0x10', '1e3', '5', { n: 5 }];
    for (const value of bad) {
      const cap = await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: value });
      expect({ value, status: cap.statusCode, error: cap.json().error }).toEqual({
        value,
        status: 400,
        error: 'The weekly coin cap must be a number of coins',
      });
      const radius = await call('PUT', preferencesOf(company.id), cookie, { serviceArea: 'radius', serviceRadiusMiles: value });
      expect({ value, status: radius.statusCode, error: radius.json().error }).toEqual({
        value,
        status: 400,
        error: 'The service radius must be a number of miles',
      });
    }
    const stored = (await call('GET', preferencesOf(company.id), cookie)).json();
    expect(stored).toMatchObject({ weeklyCoinCap: 40, serviceArea: { type: 'anywhere', radiusMiles: null } });
    // An empty text still clears the cap, as documented.
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: '' })).json().weeklyCoinCap).toBeNull();
  });
});

describe('lead preferences', () => {
  it('are read and set by the owner or an admin, audited; others are refused; bad input changes nothing', async () => {
    const { company, cookie } = await vendorWithCompany();
    const stranger = await loginAs(t.app, await createUser(t.db));
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const adminCookie = await loginAs(t.app, admin);

    const initial = await call('GET', preferencesOf(company.id), cookie);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({ companyId: company.id, weeklyCoinCap: null, weeklySpend: 0 });
    // Monday 00:00 UTC of this week.
    const weekStart = new Date(initial.json().weekStartsAt);
    expect(weekStart.getUTCDay()).toBe(1);
    expect(weekStart.getUTCHours() + weekStart.getUTCMinutes()).toBe(0);
    expect(Date.now() - weekStart.getTime()).toBeLessThan(7 * 24 * 3600 * 1000);

    expect((await call('GET', preferencesOf(company.id))).statusCode).toBe(401);
    expect((await call('GET', preferencesOf(company.id), stranger)).statusCode).toBe(403);
    expect((await call('PUT', preferencesOf(company.id), stranger, { weeklyCoinCap: 5 })).statusCode).toBe(403);
    expect((await call('GET', preferencesOf(99_999_999), cookie)).statusCode).toBe(404);

    for (const [body, message] of [
      [{ weeklyCoinCap: 0 }, 'The weekly coin cap must be between 1 and 100,000 coins'],
      [{ weeklyCoinCap: -5 }, 'The weekly coin cap must be between 1 and 100,000 coins'],
      [{ weeklyCoinCap: 100_001 }, 'The weekly coin cap must be between 1 and 100,000 coins'],
      [{ weeklyCoinCap: 2.5 }, 'The weekly coin cap must be a whole number of coins'],
      [{ weeklyCoinCap: 'lots' }, 'The weekly coin cap must be a number of coins'],
    ] as const) {
      const refused = await call('PUT', preferencesOf(company.id), cookie, body);
      expect({ body, status: refused.statusCode, error: refused.json().error, field: refused.json().field }).toEqual({
        body,
        status: 400,
        error: message,
        field: 'weeklyCoinCap',
      });
    }
    // "Nothing to update" is about the body as a whole: no field.
    const empty = await call('PUT', preferencesOf(company.id), cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, error: 'Nothing to update', code: 'BAD_REQUEST' });
    expect((await call('GET', preferencesOf(company.id), cookie)).json().weeklyCoinCap).toBeNull();

    const set = await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: 40 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ weeklyCoinCap: 40, weeklySpend: 0 });
    expect((await call('PUT', preferencesOf(company.id), adminCookie, { weeklyCoinCap: 25 })).json().weeklyCoinCap).toBe(25);
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: '' })).json().weeklyCoinCap).toBeNull();

    const audit = await t.db.execute<{ before: unknown; after: unknown }>(sql`
      SELECT before, after FROM audit_log
       WHERE action = 'company.lead_preferences' AND entity_id = ${String(company.id)} ORDER BY id`);
    const unpaused = { paused: false, pausedUntil: null, serviceRadiusMiles: null, serviceZips: [], subcategoryIds: [] };
    expect(audit.rows.map((r) => [r.before, r.after])).toEqual([
      [
        { weeklyCoinCap: null, ...unpaused },
        { weeklyCoinCap: 40, ...unpaused },
      ],
      [
        { weeklyCoinCap: 40, ...unpaused },
        { weeklyCoinCap: 25, ...unpaused },
      ],
      [
        { weeklyCoinCap: 25, ...unpaused },
        { weeklyCoinCap: null, ...unpaused },
      ],
    ]);
  });
});

describe('the weekly coin cap', () => {
  it('refuses the first reply that would pass it before any charge, and says by how much', async () => {
    const { vendor, company, cookie } = await vendorWithCompany(100);
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: 8 })).statusCode).toBe(200);
    const [first, second] = [await requestTo(company.id), await requestTo(company.id)];

    expect((await send('POST', first, cookie, { message: 'Happy to help.', coinCost: String(COST) })).statusCode).toBe(201);
    const refused = await send('POST', second, cookie, { message: 'Me too.', coinCost: String(COST) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'WEEKLY_CAP_REACHED',
      error:
        "Replying costs 5 coins, which would take Capped Plumbing's spend this week to 10 coins, past its weekly cap of 8. " +
        'Raise the cap in the Leads tab of your profile to reply.',
      coinCost: COST,
      weeklySpend: 5,
      weeklyCoinCap: 8,
    });
    expect(await messagesIn(second)).toBe(0);
    expect(await ledgerOf(vendor.id)).toEqual({ charges: 1, balance: 95 });

    // A conversation already paid for goes on; the cost notice tells the week's figures.
    expect((await send('POST', first, cookie, { message: 'Tuesday?' })).statusCode).toBe(201);
    const notice = (await call('GET', `${second.replace(/\/messages$/, '')}/coin-cost`, cookie)).json();
    expect(notice).toMatchObject({ coinCost: COST, weeklySpend: 5, weeklyCoinCap: 8, hasReplied: false });

    // The company's spend and cap are its own: the customer of the same conversation does not see them.
    const customerQuote = Number(second.split('/')[3]);
    const [{ user_id: customerId }] = (
      await t.db.execute<{ user_id: number }>(sql`SELECT user_id FROM quotes WHERE id = ${customerQuote}`)
    ).rows;
    const [customer] = (await t.db.execute<{ email: string }>(sql`SELECT email FROM users WHERE id = ${customerId}`)).rows;
    const customerCookie = await loginAs(t.app, { email: customer.email, password: DEFAULT_PASSWORD });
    const seenByCustomer = (await call('GET', `${second.replace(/\/messages$/, '')}/coin-cost`, customerCookie)).json();
    expect(seenByCustomer).toMatchObject({ weeklySpend: 0, weeklyCoinCap: null });

    // Raising the cap lets the reply through.
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: 10 })).statusCode).toBe(200);
    expect((await send('POST', second, cookie, { message: 'Me too.', coinCost: String(COST) })).statusCode).toBe(201);
    expect(await ledgerOf(vendor.id)).toEqual({ charges: 2, balance: 90 });
    expect((await call('GET', preferencesOf(company.id), cookie)).json().weeklySpend).toBe(10);
  });

  it('counts this week’s charges only, and not those whose coins came back', async () => {
    const { vendor, company, cookie } = await vendorWithCompany(100);
    const [lastWeek, refunded, kept] = [await requestTo(company.id), await requestTo(company.id), await requestTo(company.id)];
    for (const thread of [lastWeek, refunded, kept]) {
      expect((await send('POST', thread, cookie, { message: 'Hello.', coinCost: String(COST) })).statusCode).toBe(201);
    }
    const quoteOf = (thread: string) => Number(thread.split('/')[3]);
    await t.db.execute(sql`
      UPDATE coin_ledger SET created_at = created_at - interval '8 days'
       WHERE reference = ${`reply:${quoteOf(lastWeek)}:${company.id}`}`);
    await t.db.execute(sql`
      INSERT INTO coin_ledger (user_id, delta, reason, reference, company_id, quote_id)
      VALUES (${vendor.id}, ${COST}, 'refund', ${`refund:${quoteOf(refunded)}:${company.id}`}, ${company.id}, ${quoteOf(refunded)})`);
    expect((await call('GET', preferencesOf(company.id), cookie)).json().weeklySpend).toBe(COST);
  });

  it('holds when first replies to six requests race: exactly as many as the cap pays for go through', async () => {
    const { vendor, company, cookie } = await vendorWithCompany(100);
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: 2 * COST })).statusCode).toBe(200);
    const threads = await Promise.all(Array.from({ length: 6 }, () => requestTo(company.id)));
    const answers = await Promise.all(
      threads.map((thread) => send('POST', thread, cookie, { message: 'First!', coinCost: String(COST) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await ledgerOf(vendor.id)).toEqual({ charges: 2, balance: 100 - 2 * COST });
    // Twenty racing first replies to one request: one charge, none refused by the cap.
    const again = await requestTo(company.id);
    expect((await call('PUT', preferencesOf(company.id), cookie, { weeklyCoinCap: 3 * COST })).statusCode).toBe(200);
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('POST', again, cookie, { message: `Reply ${i}`, coinCost: String(COST) })),
    );
    expect(racing.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(await ledgerOf(vendor.id)).toEqual({ charges: 3, balance: 100 - 3 * COST });
  });
});

describe('the pause ("Not taking new requests")', () => {
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const quoteBody = (companyIds: number[]) => ({ quoteName: 'Plumbing Services - Plumber', companyIds });
  const validDescription = 'The kitchen sink drains slowly and the tap drips; we would like both fixed this week please. '.repeat(
    2,
  );

  it('is set with an optional return date, shown on the company, and refuses a new quote to it', async () => {
    const { company, cookie } = await vendorWithCompany();
    const customerCookie = await loginAs(t.app, await createUser(t.db));
    const returnsOn = tomorrow();
    for (const [body, message] of [
      [{ paused: 'yes' }, 'Paused must be true or false'],
      [{ paused: true, returnsOn: '2020-01-01' }, 'The return date must be after today and within 365 days'],
      [{ paused: true, returnsOn: '2026-02-30' }, 'The return date must be a date (YYYY-MM-DD)'],
      [{ paused: true, returnsOn: 'soon' }, 'The return date must be a date (YYYY-MM-DD)'],
    ] as const) {
      const refused = await call('PUT', preferencesOf(company.id), cookie, body);
      expect({ body, status: refused.statusCode, error: refused.json().error }).toEqual({ body, status: 400, error: message });
    }
    expect((await call('GET', preferencesOf(company.id), cookie)).json()).toMatchObject({ paused: false, takingRequests: true });

    const paused = await call('PUT', preferencesOf(company.id), cookie, { paused: true, returnsOn });
    expect(paused.json()).toMatchObject({ paused: true, returnsOn, takingRequests: false, weeklyCoinCap: null });
    const page = (await call('GET', `/api/companies/${company.id}`)).json();
    expect(page).toMatchObject({ takingRequests: false, returnsOn });
    const found = (await call('GET', `/api/search?q=${encodeURIComponent('Capped Plumbing')}`)).json();
    expect(found.results.find((c: { id: number }) => c.id === company.id)).toMatchObject({ takingRequests: false, returnsOn });

    const other = await createCompany(t.db);
    const refused = await call('POST', '/api/quotes', customerCookie, quoteBody([other.id, company.id]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'COMPANY_NOT_TAKING_REQUESTS',
      error: 'Capped Plumbing is not taking new requests right now',
    });

    // The return date reached: taking requests again, with nothing to switch back.
    await t.db.execute(
      sql`UPDATE company_lead_preferences SET paused_until = (now() AT TIME ZONE 'UTC')::date WHERE company_id = ${company.id}`,
    );
    expect((await call('GET', `/api/companies/${company.id}`)).json()).toMatchObject({ takingRequests: true, returnsOn: null });
    expect((await call('POST', '/api/quotes', customerCookie, quoteBody([other.id, company.id]))).statusCode).toBe(201);

    // Switched off, the return date goes with it; a pause without a date lasts until switched off.
    await call('PUT', preferencesOf(company.id), cookie, { paused: true });
    expect((await call('GET', `/api/companies/${company.id}`)).json()).toMatchObject({ takingRequests: false, returnsOn: null });
    const resumed = await call('PUT', preferencesOf(company.id), cookie, { paused: false });
    expect(resumed.json()).toMatchObject({ paused: false, returnsOn: null, takingRequests: true });
  });

  it('leaves a company that paused after the draft out of the submitted request, and says so', async () => {
    const { company, cookie } = await vendorWithCompany();
    const customer = await createUser(t.db, { firstName: 'Cara' });
    const customerCookie = await loginAs(t.app, customer);
    const other = await createCompany(t.db, { name: 'Still Open Plumbing' });
    const draft = (await call('POST', '/api/quotes', customerCookie, quoteBody([company.id, other.id]))).json();
    expect((await call('PUT', preferencesOf(company.id), cookie, { paused: true })).statusCode).toBe(200);

    const submitted = await call('POST', `/api/quotes/${draft.id}/submit`, customerCookie, {
      quoteName: draft.quoteName,
      description: validDescription,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'in_progress',
      companyCount: 1,
      companies: [{ id: other.id }],
      skippedCompanies: [{ id: company.id, name: 'Capped Plumbing' }],
    });
    const claims = await t.db.execute<{ company_id: number }>(sql`SELECT company_id FROM claims WHERE quote_id = ${draft.id}`);
    expect(claims.rows.map((r) => r.company_id)).toEqual([other.id]);
    // The paused company's owner has no conversation to open.
    expect((await call('GET', `/api/quotes/${draft.id}/companies/${company.id}/messages`, cookie)).statusCode).toBe(403);

    // Every company paused: refused, still a draft.
    const alone = (await call('POST', '/api/quotes', customerCookie, quoteBody([other.id]))).json();
    await t.db.execute(sql`
      INSERT INTO company_lead_preferences (company_id, paused) VALUES (${other.id}, true)
      ON CONFLICT (company_id) DO UPDATE SET paused = true`);
    const refused = await call('POST', `/api/quotes/${alone.id}/submit`, customerCookie, {
      quoteName: alone.quoteName,
      description: validDescription,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'COMPANY_NOT_TAKING_REQUESTS',
      error: 'None of the companies in this quote is taking new requests right now. Start a new quote with other companies.',
    });
    expect((await call('GET', `/api/quotes/${alone.id}`, customerCookie)).json()).toMatchObject({
      status: 'draft',
      companyCount: 1,
    });
  });
});
