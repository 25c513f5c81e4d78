/** Owners' calls: creating and editing companies, logos, activation, launch credits, lead log. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinBalances, coinLedger, companies, messages } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LAUNCH_COINS: '25' });
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

const validForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'Lone Star Plumbing',
  description: 'Licensed plumbers for leaks, drains and water heaters.',
  category: 'plumbing-services',
  categoryId: '1',
  subcategories: JSON.stringify(['plumber']),
  phone: '(512) 555-0199',
  email: 'hello@lonestar.example',
  website: 'lonestar.example',
  address: '12 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  ...overrides,
});

async function verifiedOwner() {
  const user = await createUser(t.db, { isVerified: true });
  return { user, cookie: await loginAs(t.app, user) };
}

async function subcategorySlugOf(categorySlug: string) {
  const { rows } = await t.database.pool.query(
    'SELECT s.slug, s.name FROM subcategories s JOIN categories c ON c.id = s.category_id WHERE c.slug = $1 ORDER BY s.id LIMIT 2',
    [categorySlug],
  );
  return rows as { slug: string; name: string }[];
}

describe('creating a company', () => {
  it('refuses visitors (401) and unverified users (403) whatever the body', async () => {
    expect((await send('POST', '/api/companies', undefined, validForm())).statusCode).toBe(401);
    const unverified = await createUser(t.db, { isVerified: false });
    const cookie = await loginAs(t.app, unverified);
    const refused = await send('POST', '/api/companies', cookie, { name: '' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Please verify your email address first');
  });

  it('answers each row of the business-form table with the spec’s message and stores nothing', async () => {
    const { user, cookie } = await verifiedOwner();
    const cases: [Record<string, string>, string][] = [
      [{ name: '  ' }, 'Business name is required'],
      [{ description: 'Too short' }, 'Description must be at least 10 characters'],
      [{ category: '', categoryId: '' }, 'Category is required'],
      [{ category: 'no-such-category', categoryId: '99999' }, 'Category is required'],
      [{ subcategories: '[]' }, 'Select at least one subcategory'],
      [{ subcategories: '' }, 'Select at least one subcategory'],
      [{ phone: '555-01' }, 'Valid phone number is required'],
      [{ email: 'not-an-address' }, 'Valid email address is required'],
      [{ website: 'http://' }, 'Must be a valid URL'],
      [{ website: 'javascript:alert(1)' }, 'Must be a valid URL'],
      [{ address: '' }, 'Address is required'],
      [{ city: '' }, 'City is required'],
      [{ state: '' }, 'State is required'],
      [{ zip: '7870' }, 'Valid ZIP code is required'],
      [{ zip: 'abcde' }, 'Valid ZIP code is required'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await send('POST', '/api/companies', cookie, validForm(overrides));
      expect({ overrides, status: answer.statusCode, error: answer.json().error }).toEqual({
        overrides,
        status: 400,
        error: message,
      });
    }
    const missing = await send('POST', '/api/companies', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Business name is required');
    expect(await t.db.select().from(companies).where(eq(companies.ownerId, user.id))).toEqual([]);
  });

  it('creates the company, grants launch credits once, and lists it as the owner’s', async () => {
    const { user, cookie } = await verifiedOwner();
    const created = await send('POST', '/api/companies', cookie, validForm());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.launchCoins).toBe(25);
    expect(body.id).toBe(body.company.id);
    expect(body.company).toMatchObject({
      name: 'Lone Star Plumbing',
      category: 'plumbing-services',
      website: 'https://lonestar.example',
      ownerId: user.id,
      isActive: true,
      // Launch credits make the owner's listing premium (the marketing copy's early placement).
      isPremium: true,
      subcategories: [expect.objectContaining({ slug: 'plumber' })],
    });
    expect(body.company.latitude).toBeCloseTo(30.27, 1);

    const second = await send('POST', '/api/companies', cookie, validForm({ name: 'Lone Star Drains' }));
    expect(second.json().launchCoins).toBe(0);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'launch_credit', delta: 25, companyId: body.id });
    const [balance] = await t.db.select().from(coinBalances).where(eq(coinBalances.userId, user.id));
    expect(balance.balance).toBe(25);

    const history = (await call('GET', '/api/coins/history', cookie)).json();
    expect(history).toMatchObject({
      balance: 25,
      total: 1,
      entries: [{ reason: 'launch_credit', delta: 25, companyName: 'Lone Star Plumbing' }],
    });
    expect((await call('GET', '/api/coins/balance', cookie)).json()).toEqual({ balance: 25 });

    const listed = await call('GET', `/api/users/${user.id}/companies`, cookie);
    expect(listed.json().companies.map((c: { name: string }) => c.name)).toEqual(['Lone Star Drains', 'Lone Star Plumbing']);

    const found = (await call('GET', '/api/search?q=lone%20star%20drains')).json();
    expect(found.results.map((c: { id: number }) => c.id)).toContain(second.json().id);
  });

  it('grants launch credits once even when two first companies are created at the same time', async () => {
    const { user, cookie } = await verifiedOwner();
    const answers = await Promise.all([
      send('POST', '/api/companies', cookie, validForm({ name: 'Twin One' })),
      send('POST', '/api/companies', cookie, validForm({ name: 'Twin Two' })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.map((a) => a.json().launchCoins).sort()).toEqual([0, 25]);
    const [balance] = await t.db.select().from(coinBalances).where(eq(coinBalances.userId, user.id));
    expect(balance.balance).toBe(25);
  });

  it('takes the category by name or by the categoryId fallback, and subcategories by name, slug or object', async () => {
    const { cookie } = await verifiedOwner();
    const [first, second] = await subcategorySlugOf('cleaning-services');
    const byName = await send(
      'POST',
      '/api/companies',
      cookie,
      validForm({
        category: 'Cleaning Services',
        subcategories: JSON.stringify([first.name, { slug: second.slug, name: second.name }]),
      }),
    );
    expect(byName.statusCode).toBe(201);
    expect(
      byName
        .json()
        .company.subcategories.map((s: { slug: string }) => s.slug)
        .sort(),
    ).toEqual([first.slug, second.slug].sort());

    const { rows } = await t.database.pool.query("SELECT id FROM categories WHERE slug = 'cleaning-services'");
    const byId = await send(
      'POST',
      '/api/companies',
      cookie,
      validForm({ category: 'unknown', categoryId: String(rows[0].id), subcategories: JSON.stringify([first.slug]) }),
    );
    expect(byId.statusCode).toBe(201);
    expect(byId.json().company.category).toBe('cleaning-services');

    const foreign = await send('POST', '/api/companies', cookie, validForm({ subcategories: JSON.stringify([first.slug]) }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatch(/is not a subcategory of Plumbing Services/);
  });

  it('accepts a logo file with the form and serves it', async () => {
    const { cookie } = await verifiedOwner();
    const created = await send(
      'POST',
      '/api/companies',
      cookie,
      validForm(),
      filePart(await pngBytes(110, 110), 'logo.png', 'image/png', 'logo'),
    );
    expect(created.statusCode).toBe(201);
    const { logoObjectId, logoUrl } = created.json().company;
    expect(logoUrl).toBe(`/api/objects/${logoObjectId}`);
    const logo = await call('GET', logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });
});

describe('editing a company', () => {
  it('lets only the owner or an admin update, refusing others before reading the body', async () => {
    const { user, cookie } = await verifiedOwner();
    const company = await createCompany(t.db, { ownerId: user.id });
    const stranger = await verifiedOwner();
    const refused = await send('PUT', `/api/companies/${company.id}`, stranger.cookie, { garbage: 'x' });
    expect(refused.statusCode).toBe(403);
    expect((await send('PUT', `/api/companies/${company.id}`, undefined, validForm())).statusCode).toBe(401);
    expect((await send('PUT', '/api/companies/999999', cookie, validForm())).statusCode).toBe(404);

    const bad = await send('PUT', `/api/companies/${company.id}`, cookie, validForm({ zip: '12' }));
    expect(bad.json().error).toBe('Valid ZIP code is required');

    const updated = await send(
      'PUT',
      `/api/companies/${company.id}`,
      cookie,
      validForm({ name: 'Renamed Plumbing', zip: '10001' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed Plumbing', zip: '10001', city: 'Austin', ownerId: user.id });
    expect(updated.json().latitude).toBeCloseTo(40.75, 1);

    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const byAdmin = await send(
      'PUT',
      `/api/companies/${company.id}`,
      await loginAs(t.app, admin),
      validForm({ name: 'Moderated Name' }),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: 'Moderated Name', ownerId: user.id });
  });

  it('sets the logo from the owner’s own upload only (uploaded first, then named by PATCH /logo)', async () => {
    const { user, cookie } = await verifiedOwner();
    const company = await createCompany(t.db, { ownerId: user.id });
    const upload = await send(
      'POST',
      '/api/upload/single',
      cookie,
      {},
      filePart(await pngBytes(), 'logo.png', 'image/png', 'file'),
    );
    expect(upload.statusCode).toBe(201);
    const { objectId } = upload.json();

    const stranger = await verifiedOwner();
    expect(
      (await call('PATCH', `/api/companies/${company.id}/logo`, stranger.cookie, { logoObjectId: objectId })).statusCode,
    ).toBe(403);
    const strangersCompany = await createCompany(t.db, { ownerId: stranger.user.id });
    const notTheirs = await call('PATCH', `/api/companies/${strangersCompany.id}/logo`, stranger.cookie, {
      logoObjectId: objectId,
    });
    expect(notTheirs.statusCode).toBe(403);
    const unknown = await call('PATCH', `/api/companies/${company.id}/logo`, cookie, { logoObjectId: 'a'.repeat(24) });
    expect(unknown.statusCode).toBe(400);

    const set = await call('PATCH', `/api/companies/${company.id}/logo`, cookie, { logoObjectId: objectId });
    expect(set.json()).toEqual({ success: true });
    expect((await call('GET', `/api/companies/${company.id}`)).json().logoUrl).toBe(`/api/objects/${objectId}`);

    // Replacing the logo deletes the old bytes.
    const next = (
      await send('POST', '/api/upload/single', cookie, {}, filePart(await pngBytes(80, 80), 'l.png', 'image/png', 'file'))
    ).json();
    await call('PATCH', `/api/companies/${company.id}/logo`, cookie, { logoObjectId: next.objectId });
    expect((await call('GET', `/api/objects/${objectId}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/objects/${next.objectId}`)).statusCode).toBe(200);
  });

  it('deactivates behind the owner’s call: gone from listings, still in the owner’s list and on its page', async () => {
    const { user, cookie } = await verifiedOwner();
    const company = await createCompany(t.db, { ownerId: user.id, name: 'Quasar Pipeworks' });
    const stranger = await verifiedOwner();
    expect((await call('PATCH', `/api/companies/${company.id}/active`, stranger.cookie, { isActive: false })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', `/api/companies/${company.id}/active`, cookie, { isActive: 'no' })).statusCode).toBe(400);

    const off = await call('PATCH', `/api/companies/${company.id}/active`, cookie, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await call('GET', '/api/search?q=quasar')).json().results).toEqual([]);
    expect((await call('GET', `/api/companies/${company.id}`)).json().isActive).toBe(false);
    const mine = (await call('GET', `/api/users/${user.id}/companies`, cookie)).json().companies;
    expect(mine).toEqual([expect.objectContaining({ id: company.id, isActive: false })]);

    await call('PATCH', `/api/companies/${company.id}/active`, cookie, { isActive: true });
    expect((await call('GET', '/api/search?q=quasar')).json().results.map((c: { id: number }) => c.id)).toEqual([company.id]);
  });

  it('shows a user’s companies to that user and admins only', async () => {
    const { user, cookie } = await verifiedOwner();
    const stranger = await verifiedOwner();
    expect((await call('GET', `/api/users/${user.id}/companies`)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${user.id}/companies`, stranger.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${user.id}/companies`, cookie)).json()).toEqual({ companies: [] });
  });
});

describe('the lead log', () => {
  it('counts the last 30 days of page views, quote requests, replies and coins spent', async () => {
    const { user, cookie } = await verifiedOwner();
    const company = await createCompany(t.db, { ownerId: user.id });
    const customer = await createUser(t.db);

    await call('POST', `/api/companies/${company.id}/views`);
    await call('POST', `/api/companies/${company.id}/views`, await loginAs(t.app, customer));
    await call('POST', `/api/companies/${company.id}/views`, cookie); // the owner's own visit
    expect((await call('POST', '/api/companies/999999/views')).statusCode).toBe(404);

    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
    await t.db.execute(sql`UPDATE quotes SET submitted_at = now() WHERE id = ${quote.id}`);
    await createQuote(t.db, { userId: customer.id, companyIds: [company.id], status: 'draft' });
    await t.db
      .insert(messages)
      .values({ quoteId: quote.id, companyId: company.id, senderId: user.id, senderType: 'company', message: 'Hi' });
    await t.db.insert(coinLedger).values({
      userId: user.id,
      delta: 5,
      reason: 'admin_adjustment',
      reference: `lead-log-test-${company.id}`,
    });
    await t.db.insert(coinLedger).values({
      userId: user.id,
      delta: -3,
      reason: 'reply_charge',
      reference: `reply:${quote.id}:${company.id}`,
      quoteId: quote.id,
      companyId: company.id,
    });

    expect((await call('GET', `/api/companies/${company.id}/lead-log`, (await verifiedOwner()).cookie)).statusCode).toBe(403);
    const log = (await call('GET', `/api/companies/${company.id}/lead-log`, cookie)).json();
    expect(log.days).toHaveLength(30);
    expect(log.days.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(log.totals).toEqual({ pageViews: 2, quoteRequests: 1, repliesSent: 1, coinsSpent: 3, hires: 0 });
    expect(log.days.at(-1)).toMatchObject({ pageViews: 2, quoteRequests: 1, repliesSent: 1, coinsSpent: 3 });
  });
});
