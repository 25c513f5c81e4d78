/**
 * Every refusal carries a stable code from shared/error-codes.ts beside the spec's text, with the
 * status the table gives it: the client decides on these codes, so they must not drift.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorCode } from '@/shared/error-codes';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_QUOTE_CREATE_PER_ACCOUNT: '1' });
  await t.db.execute(
    sql`UPDATE category_coin_costs SET cost = 5 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

async function expectCode(response: Awaited<ReturnType<typeof call>>, code: keyof typeof ERROR_STATUS) {
  const body = response.json<{ success: boolean; error: string; code: string }>();
  expect(body.code, body.error).toBe(code);
  expect(response.statusCode).toBe(ERROR_STATUS[code]);
  expect(body.success).toBe(false);
  expect(body.error.length).toBeGreaterThan(0);
}

describe('error codes', () => {
  it('names each domain refusal with its own code and the table’s status', async () => {
    const customer = await createUser(t.db);
    const vendor = await createUser(t.db);
    const stranger = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: vendor.id });
    const other = await createCompany(t.db);
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
    const draft = await createQuote(t.db, { userId: customer.id, companyIds: [company.id], status: 'draft' });
    const [customerCookie, vendorCookie, strangerCookie] = await Promise.all(
      [customer, vendor, stranger].map((user) => loginAs(t.app, user)),
    );
    const thread = `/api/quotes/${quote.id}/companies/${company.id}/messages`;

    await expectCode(await call('GET', `/api/quotes/${quote.id}`), 'UNAUTHENTICATED');
    await expectCode(await call('GET', `/api/quotes/${quote.id}`, strangerCookie), 'QUOTE_FORBIDDEN');
    await expectCode(await call('GET', '/api/quotes/2147483000', customerCookie), 'NOT_FOUND');
    await expectCode(
      await call('GET', `/api/quotes/${quote.id}/companies/${other.id}/messages`, customerCookie),
      'COMPANY_NOT_IN_QUOTE',
    );
    await expectCode(
      await call('PUT', `/api/quotes/${quote.id}`, customerCookie, { quoteName: 'Sink', description: 'x'.repeat(120) }),
      'QUOTE_NOT_DRAFT',
    );
    await expectCode(
      await call('POST', `/api/quotes/${draft.id}/companies/${company.id}/messages`, customerCookie, { message: 'Hi' }),
      'QUOTE_NOT_SUBMITTED',
    );
    await expectCode(await call('POST', thread, customerCookie, { message: '   ' }), 'MESSAGE_EMPTY');
    await expectCode(await call('POST', thread, vendorCookie, { message: 'Happy to help' }), 'REPLY_COST_UNCONFIRMED');
    await giveCoins(t.db, vendor.id, 2);
    await expectCode(await call('POST', thread, vendorCookie, { message: 'Happy to help', coinCost: 5 }), 'INSUFFICIENT_COINS');
    await expectCode(
      await call('POST', `/api/companies/${other.id}/ratings`, strangerCookie, { rating: 5, comment: 'Great work all round' }),
      'REVIEW_NEEDS_QUOTE',
    );
    await expectCode(await call('GET', '/api/admin/stats', customerCookie), 'ADMIN_ONLY');
    const body = { quoteName: 'Tap', description: 'The tap drips. '.repeat(8), companyIds: [other.id] };
    expect((await call('POST', '/api/quotes', strangerCookie, body)).statusCode).toBe(201);
    const limited = await call('POST', '/api/quotes', strangerCookie, body);
    await expectCode(limited, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives the framework’s own refusals a code of the table too', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const tooLarge = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    await expectCode(tooLarge, 'PAYLOAD_TOO_LARGE');
    await expectCode(await call('GET', '/api/no-such-thing'), 'NOT_FOUND');
    const invalid = await call('POST', '/api/auth/login', undefined, { email: 'not-an-email' });
    expect(isErrorCode(invalid.json<{ code: string }>().code)).toBe(true);
    expect(invalid.statusCode).toBe(ERROR_STATUS[invalid.json<{ code: 'BAD_REQUEST' }>().code]);
  });
});
