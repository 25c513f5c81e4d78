/**
 * Administration: every admin call refuses the anonymous (401) and signed-in non-admins
 * (403) whatever the body, and works for admins with the spec's page sizes, shapes and messages;
 * nobody changes their own admin flag; every admin change is in the audit log.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, claims, platformSettings, quotes, ratings, subcategories, users } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
let adminCookie: string;
let admin: Awaited<ReturnType<typeof createUser>>;
let userCookie: string;
beforeAll(async () => {
  t = await startTestApp();
  call = apiCaller(t.app);
  admin = await createUser(t.db, { isAdmin: true, isVerified: true, firstName: 'Ada', lastName: 'Admin' });
  adminCookie = await loginAs(t.app, admin);
  userCookie = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
});
afterAll(() => t.close());

const auditOf = (entityType: string, entityId: string | number) =>
  t.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entityType} = ${entityType} AND ${auditLog.entityId} = ${String(entityId)}`)
    .orderBy(auditLog.id);

describe('who may call the admin API', () => {
  const calls: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/users'],
    ['POST', '/api/users', { firstName: 'X', lastName: 'Y', email: 'x@example.com', password: 'long-enough-1' }],
    ['POST', '/api/users/1/toggle-admin'],
    ['GET', '/api/admin/companies'],
    ['POST', '/api/companies/1/toggle-active'],
    ['GET', '/api/admin/ratings'],
    ['GET', '/api/admin/quotes'],
    ['GET', '/api/admin/quotes/stats'],
    ['PATCH', '/api/admin/quotes/1/status', { status: 'completed' }],
    ['DELETE', '/api/admin/quotes/1'],
    ['GET', '/api/admin/claims'],
    ['DELETE', '/api/admin/claims/some-claim-id-000000000000'],
    ['GET', '/api/admin/categories/coin-costs'],
    ['PUT', '/api/admin/categories/1/coin-cost', { cost: 1 }],
    ['PUT', '/api/admin/categories/1/image', { imageUrl: null }],
    ['PUT', '/api/admin/subcategories/1/image', { imageUrl: null }],
    ['GET', '/api/admin/platform-settings'],
    ['PUT', '/api/admin/platform-settings', { notifications_sms_messages_enabled: false }],
    ['GET', '/api/admin/audit-log'],
  ];
  for (const [method, url, body] of calls) {
    it(`${method} ${url}: 401 signed out, 403 for a non-admin, with a good or a bad body`, async () => {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(method, url, undefined, { junk: '\u0000' })).statusCode).toBe(401);
      const refused = await call(method, url, userCookie, body);
      expect(refused.statusCode).toBe(403);
      expect((await call(method, url, userCookie, { junk: 1 })).statusCode).toBe(403);
      expect(refused.json().error).toBeTruthy();
    });
  }
  it('changed nothing while refusing', async () => {
    expect(await t.db.select().from(auditLog)).toEqual([]);
    const [setting] = await t.db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, 'notifications_sms_messages_enabled'));
    expect(setting.value).toBe('true');
  });
});

describe('the admin API for an admin', () => {
  it('counts everything in one answer', async () => {
    const stats = await call('GET', '/api/admin/stats', adminCookie);
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body.categoriesCount).toBe(14);
    expect(body.subcategoriesCount).toBeGreaterThan(100);
    expect(body.usersCount).toBeGreaterThanOrEqual(2);
    expect(Object.keys(body).sort()).toEqual(
      [
        'categoriesCount',
        'claimsCount',
        'companiesCount',
        'quotesCount',
        'ratingsCount',
        'subcategoriesCount',
        'usersCount',
      ].sort(),
    );
  });

  it('creates a user with a verification mail, edits them, and never lets an admin change their own flag', async () => {
    const missing = await call('POST', '/api/users', adminCookie, {
      firstName: 'Nia',
      lastName: '',
      email: 'nia@example.com',
      password: 'long-enough',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Please fill in all fields to create a user.');
    const short = await call('POST', '/api/users', adminCookie, {
      firstName: 'Nia',
      lastName: 'Lee',
      email: 'nia@example.com',
      password: 'short',
    });
    expect(short.json().error).toBe('Password must be at least 8 characters long.');
    const created = await call('POST', '/api/users', adminCookie, {
      firstName: 'Nia',
      lastName: 'Lee',
      email: 'Nia@Example.com',
      password: 'long-enough',
    });
    expect(created.statusCode).toBe(201);
    const nia = created.json();
    expect(nia).toMatchObject({ firstName: 'Nia', lastName: 'Lee', email: 'nia@example.com', isVerified: false, isAdmin: false });
    const [mail] = await t.smtp.waitFor('nia@example.com');
    expect(mail.subject).toMatch(/Verify your e-mail address/);
    const taken = await call('POST', '/api/users', adminCookie, {
      firstName: 'N',
      lastName: 'L',
      email: 'nia@example.com',
      password: 'long-enough',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('A user with this email already exists');

    const list = (await call('GET', '/api/users', adminCookie)).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]).toEqual(nia);
    expect(list[0]).not.toHaveProperty('passwordHash');

    const edited = await call('PUT', `/api/users/${nia.id}`, adminCookie, {
      firstName: 'Nina',
      lastName: 'Lee',
      email: 'nina@example.com',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ firstName: 'Nina', email: 'nina@example.com' });
    const clash = await call('PUT', `/api/users/${nia.id}`, adminCookie, { email: admin.email });
    expect(clash.statusCode).toBe(409);

    const granted = await call('POST', `/api/users/${nia.id}/toggle-admin`, adminCookie);
    expect(granted.json()).toMatchObject({ message: 'Nina Lee is now an administrator', user: { isAdmin: true } });
    const revoked = await call('POST', `/api/users/${nia.id}/toggle-admin`, adminCookie);
    expect(revoked.json().user.isAdmin).toBe(false);
    const self = await call('POST', `/api/users/${admin.id}/toggle-admin`, adminCookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot change your own admin status');
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(me.isAdmin).toBe(true);
    expect((await call('POST', '/api/users/999999/toggle-admin', adminCookie)).statusCode).toBe(404);

    const trail = await auditOf('user', nia.id);
    expect(trail.map((e) => e.action)).toEqual(['user.create', 'user.update', 'user.grant_admin', 'user.revoke_admin']);
    expect(trail[1]).toMatchObject({
      actorUserId: admin.id,
      before: { firstName: 'Nia', email: 'nia@example.com' },
      after: { firstName: 'Nina', email: 'nina@example.com' },
    });
  });

  it('pages and searches companies by 10 and toggles one active', async () => {
    for (let i = 0; i < 12; i += 1) await createCompany(t.db, { name: `Paging Plumbers ${i}` });
    const first = (await call('GET', '/api/admin/companies?page=1&limit=10&search=Paging%20Plumbers', adminCookie)).json();
    expect(first.total).toBe(12);
    expect(first.companies).toHaveLength(10);
    const second = (await call('GET', '/api/admin/companies?page=2&limit=10&search=Paging%20Plumbers', adminCookie)).json();
    expect(second.companies).toHaveLength(2);
    const beyond = (await call('GET', '/api/admin/companies?page=9&search=Paging%20Plumbers', adminCookie)).json();
    expect(beyond).toEqual({ companies: [], total: 12 });
    expect((await call('GET', '/api/admin/companies?search=%25_%5C', adminCookie)).json().total).toBe(0);

    const company = first.companies[0];
    expect(company).toMatchObject({ category: 'Plumbing Services', isActive: true, avgRating: null, ratingCount: 0 });
    const off = await call('POST', `/api/companies/${company.id}/toggle-active`, adminCookie);
    expect(off.json()).toEqual({ message: 'Company deactivated successfully', isActive: false });
    const on = await call('POST', `/api/companies/${company.id}/toggle-active`, adminCookie);
    expect(on.json()).toEqual({ message: 'Company activated successfully', isActive: true });
    expect((await auditOf('company', company.id)).map((e) => e.action)).toEqual(['company.deactivate', 'company.activate']);
  });

  it('lists, searches, edits and deletes ratings; an admin edit is marked on the public review', async () => {
    const reviewer = await createUser(t.db, { firstName: 'Rita', lastName: 'Review' });
    const company = await createCompany(t.db, { name: 'Rated Roofers', categorySlug: 'roofing-gutters' });
    const [rating] = await t.db
      .insert(ratings)
      .values({ userId: reviewer.id, companyId: company.id, rating: 2, comment: 'Came late, left a mess' })
      .returning();
    const found = (await call('GET', '/api/admin/ratings?search=left%20a%20mess', adminCookie)).json();
    expect(found.total).toBe(1);
    expect(found.ratings[0]).toMatchObject({
      rating: 2,
      user: { firstName: 'Rita', lastName: 'Review', email: reviewer.email },
      company: { name: 'Rated Roofers', category: 'Roofing & Gutters' },
    });
    expect((await call('GET', '/api/admin/ratings?search=Rita%20Review', adminCookie)).json().total).toBe(1);

    const bad = await call('PUT', `/api/ratings/${rating.id}`, adminCookie, { rating: 7, comment: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Rating must be between 0.5 and 5 stars.');
    const edited = await call('PUT', `/api/ratings/${rating.id}`, adminCookie, { rating: 3.5, comment: 'Came late' });
    expect(edited.statusCode).toBe(200);
    const publicReviews = (await call('GET', `/api/ratings/company/${company.id}`)).json();
    expect(publicReviews[0].editedByAdminAt).not.toBeNull();
    expect((await call('DELETE', `/api/ratings/${rating.id}`, adminCookie)).statusCode).toBe(204);
    expect(await t.db.select().from(ratings).where(eq(ratings.id, rating.id))).toEqual([]);
    const trail = await auditOf('rating', rating.id);
    expect(trail.map((e) => e.action)).toEqual(['rating.update', 'rating.delete']);
    expect(trail[0]).toMatchObject({
      before: { rating: 2, comment: 'Came late, left a mess' },
      after: { rating: 3.5, comment: 'Came late' },
    });
  });

  it('counts quotes by status in one grouped query, filters, changes status and deletes', async () => {
    const customer = await createUser(t.db, { firstName: 'Quin', lastName: 'Stat' });
    const company = await createCompany(t.db);
    const draft = await createQuote(t.db, { userId: customer.id, companyIds: [company.id], status: 'draft' });
    const submitted = await createQuote(t.db, { userId: customer.id, companyIds: [company.id], status: 'submitted' });
    const before = (await call('GET', '/api/admin/quotes/stats', adminCookie)).json();
    expect(before.total).toBe(before.draft + before.inProgress + before.completed);
    // "In Progress" covers submitted quotes too.
    const inProgress = (await call('GET', '/api/admin/quotes?status=in_progress&search=Quin%20Stat', adminCookie)).json();
    expect(inProgress.quotes.map((q: { id: number }) => q.id)).toEqual([submitted.id]);
    expect(inProgress.quotes[0]).toMatchObject({ userFirstName: 'Quin', userLastName: 'Stat', companyCount: 1, messageCount: 0 });

    const badStatus = await call('PATCH', `/api/admin/quotes/${draft.id}/status`, adminCookie, { status: 'submitted' });
    expect(badStatus.statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/quotes/${draft.id}/status`, adminCookie, { status: 'completed' })).statusCode).toBe(
      200,
    );
    const [completed] = await t.db.select().from(quotes).where(eq(quotes.id, draft.id));
    expect(completed).toMatchObject({ status: 'completed' });
    expect(completed.completedAt).not.toBeNull();
    const after = (await call('GET', '/api/admin/quotes/stats', adminCookie)).json();
    expect(after).toMatchObject({ draft: before.draft - 1, completed: before.completed + 1, total: before.total });

    expect((await call('DELETE', `/api/admin/quotes/${submitted.id}`, adminCookie)).statusCode).toBe(200);
    expect(await t.db.select().from(quotes).where(eq(quotes.id, submitted.id))).toEqual([]);
    expect((await call('DELETE', `/api/admin/quotes/${submitted.id}`, adminCookie)).statusCode).toBe(404);
    expect((await auditOf('quote', draft.id)).map((e) => e.action)).toEqual(['quote.status']);
    expect((await auditOf('quote', submitted.id))[0]).toMatchObject({ action: 'quote.delete', before: { status: 'submitted' } });
  });

  it('lists claims with counts over all claims, filters and deletes them', async () => {
    const customer = await createUser(t.db);
    const listings = await Promise.all(
      [0, 1, 2].map((i) => createCompany(t.db, { name: `Claim Counting ${i}`, email: `counting${i}@example.com` })),
    );
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: listings.map((c) => c.id) });
    await t.db.insert(claims).values(
      listings.map((c, i) => ({
        id: `claimcounting${i}aaaaaaaaaaaaaaaaaaa`,
        companyId: c.id,
        quoteId: quote.id,
        emailAddress: c.email,
        redeemedAt: i === 0 ? new Date() : null,
      })),
    );
    const all = (await call('GET', '/api/admin/claims?search=Claim%20Counting&limit=2', adminCookie)).json();
    expect(all.claims).toHaveLength(2);
    expect(all.counts).toEqual({ pending: 2, redeemed: 1, total: 3 });
    expect(all.total).toBe(3);
    const pending = (await call('GET', '/api/admin/claims?search=Claim%20Counting&status=pending', adminCookie)).json();
    expect(pending.total).toBe(2);
    expect(pending.claims.every((c: { redeemedAt: string | null }) => c.redeemedAt === null)).toBe(true);
    const byEmail = (await call('GET', '/api/admin/claims?search=counting2%40example.com', adminCookie)).json();
    expect(byEmail.claims).toHaveLength(1);
    expect(byEmail.claims[0]).toMatchObject({
      company: { name: 'Claim Counting 2', category: 'Plumbing Services' },
      quote: { status: 'in_progress' },
    });
    const id = byEmail.claims[0].id;
    expect((await call('DELETE', `/api/admin/claims/${id}`, adminCookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/claims/${id}`, adminCookie)).statusCode).toBe(404);
    // Found by the hostile-input test: a NUL in a path, query or body is a 400, not a database error.
    expect((await call('DELETE', '/api/admin/claims/%00', adminCookie)).json().error).toBe(
      'Text must not contain NUL characters',
    );
    expect((await call('GET', '/api/admin/claims?search=a%00b', adminCookie)).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/admin/categories/1/image`, adminCookie, { imageUrl: 'https://x.example/\u0000' })).statusCode,
    ).toBe(400);
    expect((await auditOf('claim', id))[0].action).toBe('claim.delete');
  });

  it('edits category and subcategory images and coin costs with the spec’s rules', async () => {
    const [plumbing] = await t.db.select().from(categories).where(eq(categories.slug, 'plumbing-services'));
    const costs = (await call('GET', '/api/admin/categories/coin-costs', adminCookie)).json();
    expect(costs).toHaveLength(14);
    expect(costs.find((c: { categoryId: number }) => c.categoryId === plumbing.id)).toEqual({
      categoryId: plumbing.id,
      cost: 7,
    });
    const negative = await call('PUT', `/api/admin/categories/${plumbing.id}/coin-cost`, adminCookie, { cost: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toBe('Coin cost must be 0 or more');
    expect((await call('PUT', `/api/admin/categories/${plumbing.id}/coin-cost`, adminCookie, { cost: 'abc' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `/api/admin/categories/${plumbing.id}/coin-cost`, adminCookie, { cost: 0 })).json()).toEqual({
      categoryId: plumbing.id,
      cost: 0,
    });
    expect((await call('PUT', '/api/admin/categories/999999/coin-cost', adminCookie, { cost: 1 })).statusCode).toBe(404);

    const badUrl = await call('PUT', `/api/admin/categories/${plumbing.id}/image`, adminCookie, {
      imageUrl: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    const set = await call('PUT', `/api/admin/categories/${plumbing.id}/image`, adminCookie, {
      imageUrl: '  https://img.example.com/p.jpg ',
    });
    expect(set.json()).toEqual({ success: true, imageUrl: 'https://img.example.com/p.jpg' });
    const cleared = await call('PUT', `/api/admin/categories/${plumbing.id}/image`, adminCookie, { imageUrl: '' });
    expect(cleared.json()).toEqual({ success: true, imageUrl: null });
    const [sub] = await t.db.select().from(subcategories).where(eq(subcategories.categoryId, plumbing.id)).limit(1);
    expect(
      (await call('PUT', `/api/admin/subcategories/${sub.id}/image`, adminCookie, { imageUrl: 'https://img.example.com/s.png' }))
        .statusCode,
    ).toBe(200);
    const [subAfter] = await t.db.select().from(subcategories).where(eq(subcategories.id, sub.id));
    expect(subAfter.imageUrl).toBe('https://img.example.com/s.png');
    expect((await auditOf('category', plumbing.id)).map((e) => e.action)).toEqual([
      'category.coin_cost',
      'category.image',
      'category.image',
    ]);
  });

  it('reads and writes the platform settings as the spec’s key/value strings', async () => {
    const read = (await call('GET', '/api/admin/platform-settings', adminCookie)).json();
    expect(read.settings).toContainEqual({ key: 'quote_inactivity_timeout_days', value: '30' });
    expect(read.settings).toContainEqual({ key: 'quote_max_companies', value: '5' });
    expect(read.settings).toHaveLength(6);
    const tooLong = await call('PUT', '/api/admin/platform-settings', adminCookie, { quote_inactivity_timeout_days: 366 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      success: false,
      error: 'The inactivity timeout must be between 0 and 365 days',
      code: 'BAD_REQUEST',
      field: 'quote_inactivity_timeout_days',
    });
    const tooMany = await call('PUT', '/api/admin/platform-settings', adminCookie, { quote_max_companies: 51 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('quote_max_companies');
    expect(
      (await call('PUT', '/api/admin/platform-settings', adminCookie, { notifications_sms_messages_enabled: 'maybe' }))
        .statusCode,
    ).toBe(400);
    const saved = await call('PUT', '/api/admin/platform-settings', adminCookie, {
      notifications_email_quotes_enabled: true,
      notifications_email_messages_enabled: 'true',
      notifications_sms_quotes_enabled: 'false',
      notifications_sms_messages_enabled: false,
      quote_inactivity_timeout_days: '0',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual([
      { key: 'notifications_email_messages_enabled', value: 'true' },
      { key: 'notifications_email_quotes_enabled', value: 'true' },
      { key: 'notifications_sms_messages_enabled', value: 'false' },
      { key: 'notifications_sms_quotes_enabled', value: 'false' },
      { key: 'quote_inactivity_timeout_days', value: '0' },
      { key: 'quote_max_companies', value: '5' },
    ]);
    const [entry] = await auditOf('platform_settings', 'platform');
    expect(entry).toMatchObject({
      before: { notifications_sms_quotes_enabled: 'true', quote_inactivity_timeout_days: '30' },
      after: { notifications_sms_quotes_enabled: 'false', quote_inactivity_timeout_days: '0' },
    });
  });

  it('shows the audit log to admins, newest first, with who did it', async () => {
    const page = (await call('GET', '/api/admin/audit-log', adminCookie)).json();
    expect(page.total).toBeGreaterThan(10);
    expect(page.entries[0]).toMatchObject({
      action: 'platform_settings.update',
      actor: { id: admin.id, firstName: 'Ada', email: admin.email },
    });
    const onlyClaims = (await call('GET', '/api/admin/audit-log?entityType=claim', adminCookie)).json();
    expect(onlyClaims.entries.every((e: { entityType: string }) => e.entityType === 'claim')).toBe(true);
  });

  it('records an admin editing someone else’s company and its photos, and not the owner’s own edits', async () => {
    const owner = await createUser(t.db, { isVerified: true });
    const company = await createCompany(t.db, { ownerId: owner.id });
    const ownerCookie = await loginAs(t.app, owner);
    await call('PATCH', `/api/companies/${company.id}/active`, ownerCookie, { isActive: false });
    expect(await auditOf('company', company.id)).toEqual([]);
    await call('PATCH', `/api/companies/${company.id}/active`, adminCookie, { isActive: true });
    expect((await auditOf('company', company.id)).map((e) => e.action)).toEqual(['company.activate']);
  });
});
