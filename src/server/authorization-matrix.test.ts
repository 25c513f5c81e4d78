/**
 * The authorization matrix: every route the app registers — read from Fastify's own
 * route table — is listed here with who may call it, and each refusal is asserted: 401 for the
 * anonymous on every route that needs a session, 403 for an unverified user where verification
 * is needed, for a non-admin on admin routes, for a stranger on routes guarded by ownership or
 * by taking part in a quote, and for a cross-site Origin on every state-changing route.
 * A new route without an entry here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, moderationCases } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';

/** Who may call a route; after "+", the guard a signed-in stranger fails with 403. */
type Rule =
  | 'public'
  | 'user'
  | 'verified'
  | 'admin'
  | 'user+owner' // the company's owner (or an admin)
  | 'user+customer' // the quote's customer
  | 'user+party' // the quote's customer or the owner of one of its companies
  | 'user+self' // the user themself (or an admin)
  | 'user+author' // the review's author (or an admin)
  | 'user+payer' // the user who created the payment intent
  | 'user+reviewer'; // someone who sent the company a quote request

const MATRIX: Record<string, Rule> = {
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/analytics/searches': 'admin',
  'GET /api/admin/analytics/searches.csv': 'admin',
  'GET /api/admin/analytics/figures': 'admin',
  'GET /api/admin/analytics/figures.csv': 'admin',
  'PUT /api/admin/categories/:categoryId/coin-cost': 'admin',
  'PUT /api/admin/categories/:id/image': 'admin',
  'PUT /api/admin/categories/:id/questions': 'admin',
  'GET /api/admin/categories/coin-costs': 'admin',
  'GET /api/admin/claims': 'admin',
  'DELETE /api/admin/claims/:id': 'admin',
  'GET /api/admin/companies': 'admin',
  'GET /api/admin/credentials': 'admin',
  'POST /api/admin/credentials/:id/decision': 'admin',
  'GET /api/admin/lead-reports': 'admin',
  'POST /api/admin/lead-reports/:id/decision': 'admin',
  'GET /api/admin/moderation': 'admin',
  'POST /api/admin/moderation/:id/decision': 'admin',
  'GET /api/admin/platform-settings': 'admin',
  'PUT /api/admin/platform-settings': 'admin',
  'PUT /api/admin/brand/:image': 'admin',
  'GET /api/admin/texts': 'admin',
  'PUT /api/admin/texts/:language/:key': 'admin',
  'DELETE /api/admin/texts/:language/:key': 'admin',
  'GET /api/admin/quotes': 'admin',
  'DELETE /api/admin/quotes/:id': 'admin',
  'PATCH /api/admin/quotes/:id/status': 'admin',
  'GET /api/admin/quotes/stats': 'admin',
  'GET /api/admin/ratings': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/system': 'admin',
  'POST /api/admin/system/jobs/:name/run': 'admin',
  'GET /api/admin/system/notices': 'admin',
  'POST /api/admin/system/notices/:id/retry': 'admin',
  'PUT /api/admin/subcategories/:id/image': 'admin',
  'GET /api/app-config': 'public',
  'GET /api/i18n/:language': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/resend-verification': 'user',
  'POST /api/auth/signup': 'public',
  'GET /api/categories': 'public',
  'GET /api/categories/:id/companies': 'public',
  'GET /api/categories/:id/questions': 'public',
  'GET /api/categories/with-subcategories': 'public',
  'GET /api/check-email/:email': 'public',
  'GET /api/claims/:id': 'public',
  'POST /api/claims/:id/redeem': 'user',
  'GET /api/coins/balance': 'user',
  'POST /api/coins/confirm-payment': 'user+payer',
  'POST /api/coins/create-payment-intent': 'user',
  'GET /api/coins/history': 'user',
  'GET /api/coins/packages': 'public',
  'POST /api/coins/test-provider/pay': 'user+payer',
  'POST /api/companies': 'verified',
  'GET /api/companies/:id': 'public',
  'PUT /api/companies/:id': 'user+owner',
  'PATCH /api/companies/:id/active': 'user+owner',
  'GET /api/companies/:id/can-rate': 'user',
  'GET /api/companies/:id/credentials': 'user+owner',
  'POST /api/companies/:id/credentials': 'user+owner',
  'PUT /api/companies/:id/credentials/:credentialId': 'user+owner',
  'DELETE /api/companies/:id/credentials/:credentialId': 'user+owner',
  'GET /api/companies/:id/hours': 'public',
  'PUT /api/companies/:id/hours': 'user+owner',
  'DELETE /api/companies/:id/hours': 'user+owner',
  'GET /api/companies/:id/images': 'public',
  'POST /api/companies/:id/images': 'user+owner',
  'PATCH /api/companies/:id/images/:imageId': 'user+owner',
  'DELETE /api/companies/:id/images/:imageId': 'user+owner',
  'GET /api/companies/:id/lead-log': 'user+owner',
  'GET /api/companies/:id/insight': 'user+owner',
  'GET /api/companies/:id/insight.csv': 'user+owner',
  'GET /api/companies/:id/lead-preferences': 'user+owner',
  'GET /api/companies/:id/placement': 'user+owner',
  'PUT /api/companies/:id/lead-preferences': 'user+owner',
  'PATCH /api/companies/:id/logo': 'user+owner',
  'POST /api/companies/:id/ratings': 'user+reviewer',
  'POST /api/companies/:id/toggle-active': 'admin',
  'POST /api/companies/:id/views': 'public',
  'GET /api/companies/category/:slug': 'public',
  'GET /api/companies/user': 'user',
  'GET /api/favorites': 'user',
  'PUT /api/favorites/:companyId': 'user',
  'DELETE /api/favorites/:companyId': 'user',
  'POST /api/favorites/merge': 'user',
  'POST /api/forgot-password': 'public',
  'GET /api/geo/postal-code': 'public',
  'GET /api/health': 'public',
  'GET /api/me': 'user',
  'GET /api/me/data-export': 'user',
  'POST /api/me/data-export': 'user',
  'POST /api/me/delete-account': 'user',
  // The mailed link: its one-time token is the only key (privacy.test.ts). The page checks it by
  // GET without spending it; only its form POST spends it; a GET of the download path is sent on.
  'GET /api/data-export/link': 'public',
  'GET /api/data-export/download': 'public',
  'POST /api/data-export/download': 'public',
  'GET /api/messages/unread-count': 'user',
  'GET /api/objects/:id': 'public',
  'POST /api/quotes': 'user',
  'GET /api/quote-rules': 'public',
  'GET /api/rules': 'public',
  'GET /api/quotes': 'user',
  'GET /api/quotes/:id': 'user+party',
  'PUT /api/quotes/:id': 'user+customer',
  'GET /api/quotes/:id/companies/:companyId/coin-cost': 'user+party',
  'POST /api/quotes/:id/companies/:companyId/decline': 'user+party',
  'GET /api/quotes/:id/companies/:companyId/report': 'user+party',
  'POST /api/quotes/:id/companies/:companyId/report': 'user+party',
  'GET /api/quotes/:id/companies/:companyId/messages': 'user+party',
  'POST /api/quotes/:id/companies/:companyId/messages': 'user+party',
  'POST /api/quotes/:id/companies/:companyId/messages/mark-read': 'user+party',
  'GET /api/quotes/:id/conversations': 'user+party',
  'GET /api/quotes/:id/companies/:companyId/offers': 'user+party',
  'POST /api/quotes/:id/companies/:companyId/offers': 'user+party',
  'POST /api/quotes/:id/companies/:companyId/offers/withdraw': 'user+party',
  'GET /api/quotes/:id/comparison': 'user+customer',
  'POST /api/quotes/:id/hire': 'user+customer',
  'POST /api/quotes/:id/close': 'user+customer',
  'POST /api/quotes/:id/images': 'user+customer',
  'DELETE /api/quotes/:id/images/:imageId': 'user+customer',
  'POST /api/quotes/:id/submit': 'user+customer',
  'GET /api/quotes/:id/unread-count': 'user+party',
  'GET /api/quotes/:quoteId/companies/:companyId/unread-count': 'user+party',
  'PUT /api/ratings/:id': 'user+author',
  'DELETE /api/ratings/:id': 'user+author',
  'PUT /api/ratings/:id/reply': 'user+owner',
  'DELETE /api/ratings/:id/reply': 'user+owner',
  'GET /api/ratings/company/:id': 'public',
  'GET /api/ratings/user/:userId/company/:id': 'public',
  'POST /api/reset-password': 'public',
  'GET /api/search': 'public',
  'POST /api/upload/single': 'user',
  'GET /api/user-quotes/unread-count': 'user',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/:id': 'user+self',
  'GET /api/users/:id/companies': 'user+self',
  'POST /api/users/:id/toggle-admin': 'admin',
  'GET /api/users/unread-messages-count': 'user',
  'GET /api/vendor-quotes': 'user',
  'GET /api/vendor-quotes/unread-count': 'user',
  'GET /api/verify-email': 'public',
  'GET /api/verify-reset-token': 'public',
  // No session: only the METRICS_TOKEN opens it, 404 otherwise (plugins/metrics.test.ts).
  'GET /metrics': 'public',
  // Reports: anyone signed in (the service refuses one's own item and others' conversations).
  'POST /api/reports': 'user',
  'GET /api/reports/mine': 'user',
  'GET /api/moderation/my-items': 'user',
  // The moderated item's author only (not an admin: admins decide in the queue).
  'POST /api/moderation/cases/:id/appeal': 'user+author',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /sitemaps/pages.xml': 'public',
  'GET /sitemaps/:file': 'public',
  'GET /ws': 'user',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A body of the wrong shape: a refusal must not depend on it. */
const JUNK = { junk: '\u0000', __proto__: { polluted: true }, rating: 'NaN' };

let t: TestApp;
const ids = { company: 0, quote: 0, rating: 0, owner: 0, customer: 0, claim: '', intent: '', moderationCase: 0 };
const cookies = { owner: '', customer: '', stranger: '', unverified: '' };

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t.db, { isVerified: true });
  const customer = await createUser(t.db, { isVerified: true });
  const stranger = await createUser(t.db, { isVerified: true });
  const unverified = await createUser(t.db, { isVerified: false });
  const company = await createCompany(t.db, { ownerId: owner.id });
  const listing = await createCompany(t.db);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id, listing.id] });
  [cookies.owner, cookies.customer, cookies.stranger, cookies.unverified] = await Promise.all(
    [owner, customer, stranger, unverified].map((user) => loginAs(t.app, user)),
  );
  const rating = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${company.id}/ratings`,
    headers: { cookie: cookies.customer },
    payload: { rating: 4, comment: 'Fine' },
  });
  expect(rating.statusCode).toBe(201);
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/coins/create-payment-intent',
    headers: { cookie: cookies.customer },
    payload: { packageType: 'small' },
  });
  const [claim] = await t.db
    .insert(claims)
    .values({ id: 'matrixclaimaaaaaaaaaaaaaaaaaaaaaaa', companyId: listing.id, quoteId: quote.id })
    .returning();
  const [moderationCase] = await t.db
    .insert(moderationCases)
    .values({ itemType: 'review', itemId: rating.json().id, companyId: company.id, authorUserId: customer.id })
    .returning();
  Object.assign(ids, {
    moderationCase: moderationCase.id,
    company: company.id,
    quote: quote.id,
    rating: rating.json().id,
    owner: owner.id,
    customer: customer.id,
    claim: claim.id,
    intent: intent.json().paymentIntentId,
  });
});
afterAll(() => t.close());

/** The route's path with real ids of the fixtures, so guards meet real records. */
function pathOf(url: string): string {
  const prefix = url.split('/:')[0];
  return url
    .replace(':categoryId', '1')
    .replace(':companyId', String(ids.company))
    .replace(':quoteId', String(ids.quote))
    .replace(':imageId', '1')
    .replace(':credentialId', '1')
    .replace(':userId', String(ids.customer))
    .replace(':email', 'someone@example.com')
    .replace(':slug', 'plumbing-services')
    .replace(':id', () => {
      if (prefix.startsWith('/api/companies') || prefix.startsWith('/api/ratings/company') || url.includes('/company/:id'))
        return String(ids.company);
      if (prefix.startsWith('/api/admin/quotes') || prefix.startsWith('/api/quotes')) return String(ids.quote);
      if (prefix.startsWith('/api/ratings')) return String(ids.rating);
      if (prefix.startsWith('/api/users')) return String(ids.owner);
      if (prefix.startsWith('/api/admin/claims') || prefix.startsWith('/api/claims')) return ids.claim;
      if (prefix.startsWith('/api/objects')) return 'unknownobject';
      if (prefix.startsWith('/api/moderation/cases')) return String(ids.moderationCase);
      return '1';
    });
}

function bodyFor(method: string, url: string): object | undefined {
  if (!STATE_CHANGING.has(method)) return undefined;
  if (url.startsWith('/api/coins/')) return { paymentIntentId: ids.intent, cardNumber: '4242424242424242', packageType: 'small' };
  return JUNK;
}

const send = (method: string, url: string, cookie?: string, extraHeaders: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url: pathOf(url),
    headers: { ...(cookie ? { cookie } : {}), ...extraHeaders },
    ...(bodyFor(method, url) ? { payload: bodyFor(method, url) } : {}),
  });

describe('the authorization matrix', () => {
  it('has an entry for every registered route, and the declared access levels agree with it', () => {
    const registered = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    const missing = registered.filter((key) => !(key in MATRIX));
    const stale = Object.keys(MATRIX).filter((key) => !registered.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    for (const route of t.app.routeTable) {
      const rule = MATRIX[`${route.method} ${route.url}`];
      const declared = rule === 'public' ? undefined : (rule.split('+')[0] as 'user' | 'verified' | 'admin');
      expect(route.access, `${route.method} ${route.url}`).toBe(declared);
    }
  });

  const entries = Object.entries(MATRIX).filter(([key]) => key !== 'GET /ws');
  for (const [key, rule] of entries) {
    const [method, url] = key.split(' ') as [string, string];
    it(`${key} (${rule})`, async () => {
      const anonymous = await send(method, url);
      expect(anonymous.statusCode, 'never a 5xx').toBeLessThan(500);
      if (rule === 'public') {
        expect(anonymous.statusCode).not.toBe(401);
      } else {
        expect(anonymous.statusCode, 'anonymous').toBe(401);
      }
      if (rule === 'admin') expect((await send(method, url, cookies.stranger)).statusCode, 'non-admin').toBe(403);
      if (rule === 'verified') expect((await send(method, url, cookies.unverified)).statusCode, 'unverified').toBe(403);
      if (rule.startsWith('user+')) expect((await send(method, url, cookies.stranger)).statusCode, 'stranger').toBe(403);
      if (STATE_CHANGING.has(method)) {
        // A page on another site, riding the cookie of the right user, is refused first.
        const rightCookie =
          rule === 'user+customer' || rule === 'user+party' || rule === 'user+payer' || rule === 'user+author'
            ? cookies.customer
            : cookies.owner;
        const crossSite = await send(method, url, rightCookie, { origin: 'https://evil.example' });
        expect(crossSite.statusCode, 'cross-site').toBe(403);
      }
    });
  }

  it('refuses a socket without a session, or for another user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/ws' })).statusCode).toBe(401);
  });
});
