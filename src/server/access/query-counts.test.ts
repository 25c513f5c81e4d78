/**
 * The database round trips of every quote and message route, counted on the wire on both
 * databases (session lookup, limits, transactions' BEGIN/COMMIT included). Each route has an exact
 * budget: one more is a regression, one fewer means the table is out of date.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { watchStatements, type StatementWatch } from '@/server/test/wire-statements';

let t: TestApp;
let wire: StatementWatch;

beforeAll(async () => {
  t = await startTestApp();
  // Background work would add its own queries to a request's count.
  await t.app.services.jobs.stop();
  await t.app.services.outbox.stop();
  wire = watchStatements();
});
afterAll(async () => {
  wire.restore();
  await t.close();
});

async function counted(send: () => Promise<{ statusCode: number; body: string }>, status: number): Promise<string[]> {
  const { result: response, statements } = await wire.during(send);
  expect(response.statusCode, response.body).toBe(status);
  return statements.map((statement) => statement.slice(0, 120));
}

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) => () =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/**
 * Route → its round trips, counted on the wire: the session lookup, the write limit, BEGIN and
 * COMMIT and the unread totals pushed after a message all count. Access is decided once and the
 * resolved quote or conversation handed on, so no route reads its quote twice.
 */
const BUDGETS: Record<string, number> = {
  'POST /api/quotes': 8, // + the companies named, the quote, its recipients
  'GET /api/quotes': 3,
  'GET /api/quotes/:id (customer)': 4,
  'PUT /api/quotes/:id': 5,
  'POST /api/quotes/:id/images': 10, // + the stored object and its thumbnail
  'DELETE /api/quotes/:id/images/:imageId': 7,
  'POST /api/quotes/:id/submit': 16, // + the category's questions (required answers), who takes the job, claims, two notices
  'GET /api/quotes/:id (vendor)': 4,
  'GET /api/quotes/:id/companies/:companyId/coin-cost': 5, // + the week's spend and cap
  'POST …/messages (vendor, paid first reply)': 15, // + the cap's lock, the charge and the balance
  'POST …/messages (vendor, later reply)': 13, // already paid: no cap, no charge
  'POST …/messages (customer)': 11,
  'GET …/messages (customer)': 3,
  'GET …/messages (vendor)': 3,
  'POST …/messages/mark-read (customer)': 5,
  'GET /api/quotes/:id/conversations (customer)': 3,
  'GET /api/quotes/:id/conversations (vendor)': 3,
  'GET /api/quotes/:id/unread-count': 3,
  'GET /api/quotes/:quoteId/companies/:companyId/unread-count': 3,
  'POST …/offers (after a reply)': 16, // a later reply + the request's row, the latest version, the new one
  'GET …/offers': 3,
  'GET /api/quotes/:id/comparison': 4, // the companies with their standing offers, and the outcome
  'POST /api/quotes/:id/hire': 16, // the request's row, its companies, the hire and its count, a note and a mail per company told
  'GET /api/vendor-quotes': 2,
  'GET /api/vendor-quotes/unread-count': 2,
};
const measured: [string, number][] = [];

async function measure(name: string, send: () => Promise<{ statusCode: number; body: string }>, status = 200) {
  const statements = await counted(send, status);
  measured.push([name, statements.length]);
  details.push(`${name} (${statements.length}):\n  ${statements.join('\n  ')}`);
}
const details: string[] = [];

describe('database round trips per quote and message route', () => {
  it('stays within each route’s budget', async () => {
    await t.db.execute(
      sql`UPDATE category_coin_costs SET cost = 5 WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
    );
    const customer = await createUser(t.db, { firstName: 'Cara', lastName: 'Diaz' });
    const vendor = await createUser(t.db, { firstName: 'Vic' });
    await giveCoins(t.db, vendor.id, 50);
    const company = await createCompany(t.db, { ownerId: vendor.id });
    const other = await createCompany(t.db);
    const customerCookie = await loginAs(t.app, customer);
    const vendorCookie = await loginAs(t.app, vendor);
    const description = 'The bathroom tap drips all night and the basin drains slowly. '.repeat(3);

    // Quote routes, as the customer drafts, edits and sends a quote.
    let draftId = 0;
    await measure(
      'POST /api/quotes',
      async () => {
        const response = await inject('POST', '/api/quotes', customerCookie, {
          quoteName: 'Bathroom tap',
          description,
          companyIds: [company.id, other.id],
        })();
        draftId = (JSON.parse(response.body) as { id: number }).id;
        return response;
      },
      201,
    );
    await measure('GET /api/quotes', inject('GET', '/api/quotes', customerCookie));
    await measure('GET /api/quotes/:id (customer)', inject('GET', `/api/quotes/${draftId}`, customerCookie));
    await measure(
      'PUT /api/quotes/:id',
      inject('PUT', `/api/quotes/${draftId}`, customerCookie, { quoteName: 'Bathroom tap leak', description }),
    );
    let imageId = 0;
    await measure(
      'POST /api/quotes/:id/images',
      async () => {
        const response = await multipartCaller(t.app)(
          'POST',
          `/api/quotes/${draftId}/images`,
          customerCookie,
          {},
          filePart(await pngBytes()),
        );
        imageId = (JSON.parse(response.body) as { id: number }).id;
        return response;
      },
      201,
    );
    await measure(
      'DELETE /api/quotes/:id/images/:imageId',
      inject('DELETE', `/api/quotes/${draftId}/images/${imageId}`, customerCookie),
    );
    await measure(
      'POST /api/quotes/:id/submit',
      inject('POST', `/api/quotes/${draftId}/submit`, customerCookie, { quoteName: 'Bathroom tap leak', description }),
    );
    await measure('GET /api/quotes/:id (vendor)', inject('GET', `/api/quotes/${draftId}`, vendorCookie));

    // Message routes on a quote in progress.
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id, other.id] });
    const thread = `/api/quotes/${quote.id}/companies/${company.id}`;
    await measure('GET /api/quotes/:id/companies/:companyId/coin-cost', inject('GET', `${thread}/coin-cost`, vendorCookie));
    await measure(
      'POST …/messages (vendor, paid first reply)',
      inject('POST', `${thread}/messages`, vendorCookie, { message: 'Happy to help', coinCost: 5 }),
      201,
    );
    await measure(
      'POST …/messages (vendor, later reply)',
      inject('POST', `${thread}/messages`, vendorCookie, { message: 'Tuesday works' }),
      201,
    );
    await measure(
      'POST …/messages (customer)',
      inject('POST', `${thread}/messages`, customerCookie, { message: 'Great, thanks' }),
      201,
    );
    await measure('GET …/messages (customer)', inject('GET', `${thread}/messages`, customerCookie));
    await measure('GET …/messages (vendor)', inject('GET', `${thread}/messages`, vendorCookie));
    await measure('POST …/messages/mark-read (customer)', inject('POST', `${thread}/messages/mark-read`, customerCookie));
    await measure(
      'GET /api/quotes/:id/conversations (customer)',
      inject('GET', `/api/quotes/${quote.id}/conversations`, customerCookie),
    );
    await measure(
      'GET /api/quotes/:id/conversations (vendor)',
      inject('GET', `/api/quotes/${quote.id}/conversations`, vendorCookie),
    );
    await measure('GET /api/quotes/:id/unread-count', inject('GET', `/api/quotes/${quote.id}/unread-count`, customerCookie));
    await measure(
      'GET /api/quotes/:quoteId/companies/:companyId/unread-count',
      inject('GET', `${thread}/unread-count`, vendorCookie),
    );
    await measure('GET /api/vendor-quotes', inject('GET', '/api/vendor-quotes', vendorCookie));
    await measure('GET /api/vendor-quotes/unread-count', inject('GET', '/api/vendor-quotes/unread-count', vendorCookie));

    // Offers and the request's end, on the same conversation (the company has replied: an offer is free).
    await measure(
      'POST …/offers (after a reply)',
      inject('POST', `${thread}/offers`, vendorCookie, { kind: 'fixed', amount: 120, currency: 'USD', validDays: 7 }),
      201,
    );
    await measure('GET …/offers', inject('GET', `${thread}/offers`, customerCookie));
    await measure('GET /api/quotes/:id/comparison', inject('GET', `/api/quotes/${quote.id}/comparison`, customerCookie));
    await measure(
      'POST /api/quotes/:id/hire',
      inject('POST', `/api/quotes/${quote.id}/hire`, customerCookie, { companyId: company.id }),
    );

    console.log(`round trips per route:\n${measured.map(([name, n]) => `  ${String(n).padStart(3)}  ${name}`).join('\n')}`);
    // Exactly the budget: more is a regression; fewer means the table (or the counter) is wrong.
    expect(Object.fromEntries(measured), details.join('\n')).toEqual(BUDGETS);
  });
});
