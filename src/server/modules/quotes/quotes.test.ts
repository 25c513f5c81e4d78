import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCompanies, quotes } from '@/server/db/schema';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
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

  it('needs a session, whatever the body', async () => {
    expect((await post({ quoteName: 'x', companyIds: [1] })).statusCode).toBe(401);
    expect((await post({ nonsense: true })).statusCode).toBe(401);
  });
});
