/**
 * Limits on writes (docs/security.md, "Limits"): every write that reaches
 * other people or costs storage counts against a named per-account limit (per address when
 * anonymous). Each limit is proved the way an abuser would try it — more requests than the limit,
 * all at once — and must let exactly the limit through, refuse the rest with 429 and Retry-After,
 * and store nothing for a refused request.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, companies, companyPageViews, messages, payments, quotes, ratings, storedObjects } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, freshIp, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';

const LIMITS = {
  RATE_LIMIT_QUOTE_CREATE_PER_ACCOUNT: '3',
  RATE_LIMIT_QUOTE_SUBMIT_PER_ACCOUNT: '2',
  RATE_LIMIT_MESSAGES_PER_ACCOUNT: '3',
  RATE_LIMIT_UPLOADS_PER_ACCOUNT: '3',
  RATE_LIMIT_REVIEWS_PER_ACCOUNT: '2',
  RATE_LIMIT_COMPANIES_PER_ACCOUNT: '2',
  RATE_LIMIT_CLAIM_REDEMPTIONS_PER_ACCOUNT: '2',
  RATE_LIMIT_PAYMENT_INTENTS_PER_ACCOUNT: '2',
  RATE_LIMIT_COMPANY_VIEWS_PER_IP: '3',
};

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
let send: ReturnType<typeof multipartCaller>;
beforeAll(async () => {
  t = await startTestApp(LIMITS);
  call = apiCaller(t.app);
  send = multipartCaller(t.app);
});
afterAll(() => t.close());

const DESCRIPTION = 'Our bathroom needs new tiles on the floor and around the bath, about eight square metres in all. '.repeat(2);

async function signedIn(values: { isVerified?: boolean } = {}) {
  const user = await createUser(t.db, { isVerified: true, ...values });
  return { user, cookie: await loginAs(t.app, user) };
}

/** `limit` answers went ahead; every other one is a 429 with Retry-After and the limit's message. */
function expectExactly(answers: LightMyRequestResponse[], limit: number, okStatus: number, message: RegExp) {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(
    statuses.filter((status) => status === okStatus),
    JSON.stringify(statuses),
  ).toHaveLength(limit);
  const refused = answers.filter((answer) => answer.statusCode === 429);
  expect(refused, JSON.stringify(statuses)).toHaveLength(answers.length - limit);
  for (const answer of refused) {
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.json().error).toMatch(message);
    expect(answer.json().error).toMatch(/Please try again in \d+ (seconds?|minutes?)\./);
  }
}

const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('every write that reaches others or costs storage has a limit', () => {
  it('is declared on each such route; the exemptions are writes to the caller’s own things', () => {
    const exempt = new Set([
      // Accounts: limited inside AuthService (per address and per e-mail) or harmless.
      'POST /api/auth/signup',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/resend-verification',
      'POST /api/forgot-password',
      'POST /api/reset-password',
      'PUT /api/users/:id',
      // Deleting one's own account: wrong passwords count against the failed-login limit (PrivacyService).
      'POST /api/me/delete-account',
      // Spending a mailed data-export link: its one-time random token is the only key, and it
      // downloads an archive already built (its request is limited); nothing grows.
      'POST /api/data-export/download',
      // The caller's own favourites, reads and deletions: nothing reaches anyone else, nothing grows.
      'PUT /api/favorites/:companyId',
      'DELETE /api/favorites/:companyId',
      'POST /api/favorites/merge',
      'POST /api/quotes/:id/companies/:companyId/messages/mark-read',
      'PUT /api/quotes/:id',
      'DELETE /api/quotes/:id/images/:imageId',
      'DELETE /api/ratings/:id',
      'DELETE /api/ratings/:id/reply',
      'PATCH /api/companies/:id/logo',
      'PATCH /api/companies/:id/active',
      'PATCH /api/companies/:id/images/:imageId',
      'DELETE /api/companies/:id/images/:imageId',
      // Confirming and paying an intent the caller already created (its creation is limited).
      'POST /api/coins/confirm-payment',
      'POST /api/coins/test-provider/pay',
      // Editing a company counts an upload when it carries a logo (in the handler).
      'PUT /api/companies/:id',
      // A company's own lead preferences (one row, overwritten): nothing reaches anyone else.
      'PUT /api/companies/:id/lead-preferences',
      // A company's own opening hours (one row, overwritten) and removing one of its own credentials.
      'PUT /api/companies/:id/hours',
      'DELETE /api/companies/:id/hours',
      'DELETE /api/companies/:id/credentials/:credentialId',
      // Declining a request happens once per conversation (again answers the first); nothing grows.
      'POST /api/quotes/:id/companies/:companyId/decline',
      // One report per lead, and only of a lead the caller paid for.
      'POST /api/quotes/:id/companies/:companyId/report',
    ]);
    const writes = t.app.routeTable.filter(
      (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.access !== 'admin',
    );
    const unlimited = writes
      .filter((route) => route.rateLimits.length === 0)
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !exempt.has(name) && !name.includes('/api/admin/') && name !== 'POST /api/users');
    expect(unlimited).toEqual([]);
  });
});

describe('each limit holds under parallel requests', () => {
  it('quote creation', async () => {
    const { user, cookie } = await signedIn();
    const company = await createCompany(t.db);
    const answers = await times(6, () =>
      call('POST', '/api/quotes', cookie, { quoteName: 'Tiles', description: '', companyIds: [company.id] }),
    );
    expectExactly(answers, 3, 201, /^Too many quotes created\./);
    expect(await t.db.$count(quotes, eq(quotes.userId, user.id))).toBe(3);
  });

  it('quote submission, which mails every addressed business', async () => {
    const { user, cookie } = await signedIn();
    const company = await createCompany(t.db);
    const drafts = await times(4, () => createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'draft' }));
    const answers = await Promise.all(
      drafts.map((draft) =>
        call('POST', `/api/quotes/${draft.id}/submit`, cookie, { quoteName: 'Tiles', description: DESCRIPTION }),
      ),
    );
    expectExactly(answers, 2, 200, /^Too many quote requests sent today\./);
    expect(await t.db.$count(quotes, and(eq(quotes.userId, user.id), eq(quotes.status, 'draft')))).toBe(2);
  });

  it('messages, and a message image counts as an upload too', async () => {
    const { user, cookie } = await signedIn();
    const vendor = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: vendor.id });
    const quote = await createQuote(t.db, { userId: user.id, companyIds: [company.id] });
    const url = `/api/quotes/${quote.id}/companies/${company.id}/messages`;
    const answers = await times(6, (i) => call('POST', url, cookie, { message: `Hello ${i}` }));
    expectExactly(answers, 3, 201, /^Too many messages sent\./);
    expect(await t.db.$count(messages, eq(messages.senderId, user.id))).toBe(3);

    // A message image is an upload: with the upload allowance spent, it is refused and nothing is kept.
    const { user: sender, cookie: senderCookie } = await signedIn();
    const other = await createQuote(t.db, { userId: sender.id, companyIds: [company.id] });
    const uploads = await times(3, async () =>
      send('POST', '/api/upload/single', senderCookie, {}, filePart(await pngBytes(), 'photo.png', 'image/png', 'file')),
    );
    expect(uploads.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const refused = await send(
      'POST',
      `/api/quotes/${other.id}/companies/${company.id}/messages`,
      senderCookie,
      { message: 'One more' },
      filePart(await pngBytes(), 'photo.png', 'image/png', 'image'),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many uploads\./);
    expect(await t.db.$count(messages, eq(messages.senderId, sender.id))).toBe(0);
    expect(await t.db.$count(storedObjects, eq(storedObjects.createdByUserId, sender.id))).toBe(6);
  });

  it('uploads of every kind share one allowance', async () => {
    const { user, cookie } = await signedIn();
    const file = filePart(await pngBytes(), 'photo.png', 'image/png', 'file');
    const answers = await times(5, () => send('POST', '/api/upload/single', cookie, {}, file));
    expectExactly(answers, 3, 201, /^Too many uploads\./);
    // Two rows per upload: the display image and its thumbnail.
    expect(await t.db.$count(storedObjects, eq(storedObjects.createdByUserId, user.id))).toBe(6);

    const { user: owner, cookie: ownerCookie } = await signedIn();
    const company = await createCompany(t.db, { ownerId: owner.id });
    const draft = await createQuote(t.db, { userId: owner.id, companyIds: [], status: 'draft' });
    const mixed = await Promise.all([
      send(
        'POST',
        `/api/companies/${company.id}/images`,
        ownerCookie,
        {},
        filePart(await pngBytes(), 'photo.png', 'image/png', 'image'),
      ),
      send(
        'POST',
        `/api/companies/${company.id}/images`,
        ownerCookie,
        {},
        filePart(await pngBytes(), 'photo.png', 'image/png', 'image'),
      ),
      send(
        'POST',
        `/api/quotes/${draft.id}/images`,
        ownerCookie,
        {},
        filePart(await pngBytes(), 'photo.png', 'image/png', 'image'),
      ),
      send(
        'POST',
        `/api/quotes/${draft.id}/images`,
        ownerCookie,
        {},
        filePart(await pngBytes(), 'photo.png', 'image/png', 'image'),
      ),
      send('POST', '/api/upload/single', ownerCookie, {}, filePart(await pngBytes(), 'photo.png', 'image/png', 'file')),
    ]);
    expectExactly(mixed, 3, 201, /^Too many uploads\./);
    expect(await t.db.$count(storedObjects, eq(storedObjects.createdByUserId, owner.id))).toBe(6);
  });

  it('reviews and owners’ replies', async () => {
    const { user, cookie } = await signedIn();
    const reviewed = await times(4, () => createCompany(t.db));
    await createQuote(t.db, { userId: user.id, companyIds: reviewed.map((company) => company.id) });
    const answers = await Promise.all(
      reviewed.map((company) =>
        call('POST', `/api/companies/${company.id}/ratings`, cookie, { rating: 4, comment: 'Good work' }),
      ),
    );
    expectExactly(answers, 2, 201, /^Too many reviews and replies written\./);
    expect(await t.db.$count(ratings, eq(ratings.userId, user.id))).toBe(2);
  });

  it('company creation', async () => {
    const { user, cookie } = await signedIn();
    const form = {
      name: 'Lone Star Plumbing',
      description: 'Licensed plumbers for leaks, drains and water heaters.',
      category: 'plumbing-services',
      subcategories: JSON.stringify(['plumber']),
      phone: '(512) 555-0199',
      email: 'hello@lonestar.example',
      address: '12 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    };
    // Forms sent back for correction are not businesses added: they count nothing.
    for (let i = 0; i < 4; i++) {
      expect((await send('POST', '/api/companies', cookie, { ...form, zip: '12' })).statusCode).toBe(400);
    }
    const answers = await times(4, (i) => send('POST', '/api/companies', cookie, { ...form, name: `Lone Star ${i}` }));
    expectExactly(answers, 2, 201, /^Too many businesses added today\./);
    expect(await t.db.$count(companies, eq(companies.ownerId, user.id))).toBe(2);
  });

  it('claim redemption', async () => {
    const { user, cookie } = await signedIn();
    const customer = await createUser(t.db);
    const listings = await times(4, () => createCompany(t.db, { ownerId: null }));
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: listings.map((company) => company.id) });
    const ids = listings.map((_, i) => `claim-${quote.id}-${i}-${Math.random().toString(36).slice(2)}`);
    await t.db
      .insert(claims)
      .values(
        listings.map((company, i) => ({ id: ids[i], companyId: company.id, quoteId: quote.id, emailAddress: company.email })),
      );
    const answers = await Promise.all(ids.map((id) => call('POST', `/api/claims/${id}/redeem`, cookie)));
    expectExactly(answers, 2, 200, /^Too many claim links redeemed\./);
    expect(await t.db.$count(companies, eq(companies.ownerId, user.id))).toBe(2);
  });

  it('payment intents', async () => {
    const { user, cookie } = await signedIn();
    const answers = await times(4, () => call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'small' }));
    expectExactly(answers, 2, 200, /^Too many payment attempts\./);
    expect(await t.db.$count(payments, eq(payments.userId, user.id))).toBe(2);
  });

  it('anonymous page views, per address', async () => {
    const company = await createCompany(t.db);
    const ip = freshIp();
    const answers = await times(6, () =>
      t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/views`, remoteAddress: ip }),
    );
    expectExactly(answers, 3, 204, /^Too many page views recorded\./);
    const [{ views }] = (
      await t.db.execute<{ views: number }>(
        sql`SELECT coalesce(sum(views), 0)::int AS views FROM ${companyPageViews} WHERE company_id = ${company.id}`,
      )
    ).rows as [{ views: number }];
    expect(views).toBe(3);
    // Another address has its own allowance.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/views`, remoteAddress: freshIp() })).statusCode,
    ).toBe(204);
  });

  it('counts per account, so another account is not held back', async () => {
    const company = await createCompany(t.db);
    const first = await signedIn();
    await times(3, () =>
      call('POST', '/api/quotes', first.cookie, { quoteName: 'A', description: '', companyIds: [company.id] }),
    );
    expect(
      (await call('POST', '/api/quotes', first.cookie, { quoteName: 'A', description: '', companyIds: [company.id] })).statusCode,
    ).toBe(429);
    const second = await signedIn();
    expect(
      (await call('POST', '/api/quotes', second.cookie, { quoteName: 'B', description: '', companyIds: [company.id] }))
        .statusCode,
    ).toBe(201);
  });
});

describe('counts handed back', () => {
  it('every one of many parallel refunds of one window is applied (none lost between two of them)', async () => {
    const rule = { bucket: 'refund-race', limit: 100, windowSeconds: 3600, message: 'Too many.' };
    const limiter = t.app.services.limiter;
    const slots = [];
    for (let i = 0; i < 12; i++) slots.push(await limiter.hit(rule, 'one-key'));
    await Promise.all(slots.map((slot) => limiter.refund(slot)));
    const { rows } = await t.database.pool.query<{ hits: number }>(
      `SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limit_hits WHERE bucket = 'refund-race'`,
    );
    expect(rows[0].hits).toBe(0);
    // So the whole allowance is there again.
    const strict = { ...rule, limit: 1 };
    await limiter.hit(strict, 'one-key');
    await expect(limiter.hit(strict, 'one-key')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
