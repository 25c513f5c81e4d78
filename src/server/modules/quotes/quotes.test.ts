import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCompanies, quotes } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/quotes', payload: payload as object, headers: cookie ? { cookie } : {} });

describe('POST /api/quotes (Start Quote)', () => {
  it('creates a draft owned by the caller, addressed to the selected companies', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const response = await post({ quoteName: 'Plumbing Services - Plumber', companyIds: [a.id, b.id, a.id] }, cookie);
    expect(response.statusCode).toBe(201);
    const quote = response.json();
    expect(quote).toMatchObject({
      userId: user.id,
      quoteName: 'Plumbing Services - Plumber',
      status: 'draft',
      description: '',
      companyCount: 2,
    });
    expect(await t.db.select().from(quoteCompanies).where(eq(quoteCompanies.quoteId, quote.id))).toHaveLength(2);
    // The answer is built from the companies just read: exactly what reading the quote answers.
    const read = await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: { cookie } });
    expect(quote).toEqual(read.json());
  });

  it('refuses companies of two categories, unknown or inactive companies, and bad bodies; stores nothing', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const plumber = await createCompany(t.db);
    const cleaner = await createCompany(t.db, { categorySlug: 'cleaning-services' });
    const inactive = await createCompany(t.db, { isActive: false });
    const cases: [unknown, string][] = [
      [{ quoteName: 'Mixed', companyIds: [plumber.id, cleaner.id] }, 'All companies in a quote must be in the same category'],
      [{ quoteName: 'Ghost', companyIds: [99999999] }, 'One of the selected companies is not available'],
      [{ quoteName: 'Closed', companyIds: [inactive.id] }, 'One of the selected companies is not available'],
      [{ quoteName: '', companyIds: [plumber.id] }, 'Quote name is required'],
      [{ quoteName: 'Empty', companyIds: [] }, 'You need at least one company in your quote.'],
      [{ quoteName: 'Wrong', companyIds: 'all' }, 'You need at least one company in your quote.'],
    ];
    for (const [body, message] of cases) {
      const response = await post(body, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(await t.db.select().from(quotes).where(eq(quotes.userId, user.id))).toHaveLength(0);
  });

  it('sends a request to at most the platform’s cap of companies (default 5, 0 = no cap), read by GET /api/quote-rules', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const adminCookie = await loginAs(t.app, admin);
    const setCap = async (value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/platform-settings',
        payload: { quote_max_companies: value },
        headers: { cookie: adminCookie },
      });
    const rules = async () => (await t.app.inject({ method: 'GET', url: '/api/quote-rules' })).json();
    const six = await Promise.all(Array.from({ length: 6 }, () => createCompany(t.db)));
    const ids = six.map((c) => c.id);

    expect(await rules()).toEqual({ maxCompaniesPerQuote: 5 });
    const tooMany = await post({ quoteName: 'Six', companyIds: ids }, cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      error: 'A quote request can go to at most 5 companies',
      code: 'QUOTE_TOO_MANY_COMPANIES',
    });
    // The same company twice counts once.
    expect((await post({ quoteName: 'Five', companyIds: [...ids.slice(0, 5), ids[0]] }, cookie)).statusCode).toBe(201);

    try {
      for (const [bad, message] of [
        [-1, 'The company limit must be between 0 and 50'],
        [51, 'The company limit must be between 0 and 50'],
        [2.5, 'The company limit must be a whole number'],
        ['many', 'The company limit must be a number'],
      ] as const) {
        const refused = await setCap(bad);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toBe(message);
      }
      expect(await rules()).toEqual({ maxCompaniesPerQuote: 5 });

      expect((await setCap('1')).statusCode).toBe(200);
      expect(await rules()).toEqual({ maxCompaniesPerQuote: 1 });
      const two = await post({ quoteName: 'Two', companyIds: ids.slice(0, 2) }, cookie);
      expect(two.json().error).toBe('A quote request can go to at most 1 company');
      expect((await post({ quoteName: 'One', companyIds: ids.slice(0, 1) }, cookie)).statusCode).toBe(201);

      expect((await setCap(0)).statusCode).toBe(200);
      expect(await rules()).toEqual({ maxCompaniesPerQuote: 0 });
      expect((await post({ quoteName: 'Six', companyIds: ids }, cookie)).statusCode).toBe(201);
    } finally {
      expect((await setCap(5)).statusCode).toBe(200);
    }
    const names = (await t.db.select().from(quotes).where(eq(quotes.userId, user.id))).map((q) => q.quoteName);
    expect(names.sort()).toEqual(['Five', 'One', 'Six']);
  });

  it('needs a session, whatever the body', async () => {
    expect((await post({ quoteName: 'x', companyIds: [1] })).statusCode).toBe(401);
    expect((await post({ nonsense: true })).statusCode).toBe(401);
  });
});

describe('GET /api/quotes/{id} as a pro the request went to', () => {
  it('shows its own company and how many there were, never the names or ids of the others', async () => {
    const customer = await createUser(t.db);
    const vendor = await createUser(t.db);
    const mine = await createCompany(t.db, { ownerId: vendor.id, name: 'Own Plumbing' });
    const rivals = [
      await createCompany(t.db, { name: 'Rival Drains Ltd' }),
      await createCompany(t.db, { name: 'Competitor Pipes' }),
    ];
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [mine.id, ...rivals.map((c) => c.id)] });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.id}`,
      headers: { cookie: await loginAs(t.app, vendor) },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().companyCount).toBe(3);
    expect(read.json().companies.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    for (const rival of rivals) {
      expect(read.body).not.toContain(rival.name);
      expect(read.body).not.toMatch(new RegExp(`"id":${rival.id}\\b`));
    }
    // The customer still sees every company.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.id}`,
      headers: { cookie: await loginAs(t.app, customer) },
    });
    expect(own.json().companies).toHaveLength(3);
  });
});
