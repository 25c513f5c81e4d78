/**
 * Service areas and the services a company takes (issue 19): set and validated, applied to
 * listings about a place or a subcategory, shown on the company page, recorded with each request
 * as it is sent, and used to judge "outside my service area" / "wrong service" reports.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, subcategories } from '@/server/db/schema';
import { createCompany, newTag, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);
const preferencesOf = (companyId: number) => `/api/companies/${companyId}/lead-preferences`;

const subcategoryId = async (slug: string) =>
  (await t.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.slug, slug)))[0].id;

async function ownedCompany(name: string, overrides: Parameters<typeof createCompany>[1] = {}) {
  const owner = await createUser(t.db, { firstName: 'Owen' });
  await giveCoins(t.db, owner.id, 100);
  const company = await createCompany(t.db, { ownerId: owner.id, name, ...overrides });
  return { owner, company, cookie: await loginAs(t.app, owner) };
}

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const response = await call('GET', `/api/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ results: { name: string }[]; pagination: { total: number } }>();
  // The total counts what the page lists (both leave out the same companies).
  expect(answer.pagination.total).toBe(answer.results.length);
  return answer.results.map((r) => r.name).sort();
}

async function setPreferences(cookie: string, companyId: number, body: Record<string, unknown>) {
  const response = await call('PUT', preferencesOf(companyId), cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('service area and services: setting them', () => {
  it('are set by the owner, refused with clear words on bad input (nothing changed), and audited', async () => {
    const { company, cookie } = await ownedCompany('Area Plumbing', { subcategorySlugs: ['plumber', 'drain-cleaning'] });
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await call('PUT', preferencesOf(company.id), stranger, { serviceArea: 'anywhere' })).statusCode).toBe(403);

    const initial = (await call('GET', preferencesOf(company.id), cookie)).json();
    expect(initial).toMatchObject({ serviceArea: { type: 'anywhere', radiusMiles: null, zips: [] }, subcategoryIds: [] });

    const foreign = await subcategoryId('house-cleaning');
    for (const [body, message] of [
      [{ serviceArea: 'radius' }, 'Enter the service radius in miles'],
      [{ serviceArea: 'radius', serviceRadiusMiles: 0 }, 'The service radius must be between 1 and 500 miles'],
      [{ serviceArea: 'radius', serviceRadiusMiles: 501 }, 'The service radius must be between 1 and 500 miles'],
      [{ serviceArea: 'radius', serviceRadiusMiles: 2.5 }, 'The service radius must be a whole number of miles'],
      [{ serviceArea: 'radius', serviceRadiusMiles: 'far' }, 'The service radius must be a number of miles'],
      [{ serviceRadiusMiles: 20 }, 'Say which service area the radius or ZIP codes are for'],
      [{ serviceArea: 'zips' }, 'Enter at least one ZIP code'],
      [{ serviceArea: 'zips', serviceZips: '' }, 'Enter at least one ZIP code'],
      [{ serviceArea: 'zips', serviceZips: '78701, 1234x' }, 'Each ZIP code must be 5 digits'],
      [{ serviceArea: 'zips', serviceZips: { zip: '78701' } }, 'The ZIP codes must be a list'],
      [{ serviceArea: 'zips', serviceZips: '78701 00000 00001' }, 'These ZIP codes are not known: 00000, 00001'],
      [{ serviceArea: 'zips', serviceZips: Array.from({ length: 101 }, (_, i) => String(78_600 + i)) }, 'At most 100 ZIP codes'],
      [{ serviceArea: 'everywhere' }, 'The service area must be anywhere, a radius or ZIP codes'],
      [{ subcategoryIds: [foreign] }, "Only the company's own services can be chosen"],
      [{ subcategoryIds: 'plumber' }, 'Services must be a list'],
    ] as const) {
      const refused = await call('PUT', preferencesOf(company.id), cookie, body);
      expect({ body, status: refused.statusCode, error: refused.json().error }).toEqual({ body, status: 400, error: message });
    }
    expect((await call('GET', preferencesOf(company.id), cookie)).json()).toMatchObject({
      serviceArea: { type: 'anywhere', radiusMiles: null, zips: [] },
      subcategoryIds: [],
    });
    // What only the server can check carries its own code (the screens put it under its field).
    expect(
      (await call('PUT', preferencesOf(company.id), cookie, { serviceArea: 'zips', serviceZips: '00000' })).json().code,
    ).toBe('SERVICE_ZIPS_UNKNOWN');
    expect((await call('PUT', preferencesOf(company.id), cookie, { subcategoryIds: [foreign] })).json().code).toBe(
      'SERVICE_NOT_LISTED',
    );

    const plumber = await subcategoryId('plumber');
    const zips = await setPreferences(cookie, company.id, {
      serviceArea: 'zips',
      serviceZips: '78702\n78701, 78701',
      subcategoryIds: [plumber, plumber],
    });
    expect(zips).toMatchObject({
      serviceArea: { type: 'zips', radiusMiles: null, zips: ['78701', '78702'] },
      subcategoryIds: [plumber],
    });
    // Another field alone leaves the area and services as they are.
    expect(await setPreferences(cookie, company.id, { weeklyCoinCap: 30 })).toMatchObject({
      weeklyCoinCap: 30,
      serviceArea: { type: 'zips', zips: ['78701', '78702'] },
      subcategoryIds: [plumber],
    });
    // A radius replaces the ZIP codes; "anywhere" clears both; [] takes every service again.
    expect((await setPreferences(cookie, company.id, { serviceArea: 'radius', serviceRadiusMiles: 15 })).serviceArea).toEqual({
      type: 'radius',
      radiusMiles: 15,
      zips: [],
    });
    const cleared = await setPreferences(cookie, company.id, { serviceArea: 'anywhere', subcategoryIds: [] });
    expect(cleared).toMatchObject({
      serviceArea: { type: 'anywhere', radiusMiles: null, zips: [] },
      subcategoryIds: [],
      weeklyCoinCap: 30,
    });

    const audit = await t.db.execute<{ after: { serviceZips: string[]; serviceRadiusMiles: number | null } }>(sql`
      SELECT after FROM audit_log WHERE action = 'company.lead_preferences' AND entity_id = ${String(company.id)} ORDER BY id`);
    expect(audit.rows.map((r) => [r.after.serviceRadiusMiles, r.after.serviceZips])).toEqual([
      [null, ['78701', '78702']],
      [null, ['78701', '78702']],
      [15, []],
      [null, []],
    ]);
  });

  it('keeps the services a company still lists when it edits its subcategories, and drops the ones it stops listing', async () => {
    const { company, cookie } = await ownedCompany('Editing Plumbing', { subcategorySlugs: ['plumber', 'drain-cleaning'] });
    const [plumber, drains, leaks] = await Promise.all(['plumber', 'drain-cleaning', 'leak-detection'].map(subcategoryId));
    await setPreferences(cookie, company.id, { subcategoryIds: [plumber, drains] });
    const edit = await send('PUT', `/api/companies/${company.id}`, cookie, {
      name: company.name,
      description: company.description,
      category: 'plumbing-services',
      subcategories: JSON.stringify(['plumber', 'leak-detection']),
      phone: company.phone,
      email: company.email,
      address: company.address,
      city: company.city,
      state: company.state,
      zip: company.zip,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const listed = (await call('GET', `/api/companies/${company.id}`)).json().subcategories.map((s: { id: number }) => s.id);
    expect(listed.sort()).toEqual([plumber, leaks].sort());
    expect((await call('GET', preferencesOf(company.id), cookie)).json().subcategoryIds).toEqual([plumber]);
  });
});

describe('listings about a place leave out companies whose service area does not cover it', () => {
  it('a radius from the company’s ZIP code, ZIP codes, and no preference (today’s search radius)', async () => {
    const tag = newTag();
    await ownedCompany(`${tag} Plain`);
    const radius = await ownedCompany(`${tag} Radius`);
    const listed = await ownedCompany(`${tag} Listed`);
    await setPreferences(radius.cookie, radius.company.id, { serviceArea: 'radius', serviceRadiusMiles: 50 });
    await setPreferences(listed.cookie, listed.company.id, { serviceArea: 'zips', serviceZips: ['78701', '78745'] });
    const all = [`${tag} Listed`, `${tag} Plain`, `${tag} Radius`];

    // Downtown Austin: everyone works there.
    expect(await search({ q: tag, location: '78701' })).toEqual(all);
    expect(await search({ q: tag, location: '78701', sort: 'distance' })).toEqual(all);
    // South Austin: in the radius, but not among the listed ZIP codes of "Listed"... which holds it.
    expect(await search({ q: tag, location: '78745' })).toEqual(all);
    // Pflugerville (about 15 miles): within 50 miles, not a listed ZIP code.
    expect(await search({ q: tag, location: '78660' })).toEqual([`${tag} Plain`, `${tag} Radius`]);
    // Houston (about 145 miles), searched 200 miles wide: only the company without an area.
    expect(await search({ q: tag, location: '77002', radius: 200 })).toEqual([`${tag} Plain`]);
    expect(await search({ q: tag, location: '77002', radius: 200, sort: 'distance' })).toEqual([`${tag} Plain`]);
    // A city stands for its ZIP codes: "Austin, TX" holds 78701.
    expect(await search({ q: tag, location: 'Austin, TX' })).toEqual(all);
    // Without a place nothing is left out.
    expect(await search({ q: tag })).toEqual(all);
  });

  it('the owner’s placement says so when its own ZIP code is outside its service area', async () => {
    const { company, cookie } = await ownedCompany('Elsewhere Plumbing', { zip: '78701' });
    await setPreferences(cookie, company.id, { serviceArea: 'zips', serviceZips: '77002' });
    const placement = (await call('GET', `/api/companies/${company.id}/placement`, cookie)).json();
    expect(placement.nearZip.position).toBeNull();
    expect(placement.reasons).toContain(
      'Its service area (Leads tab) does not include 78701, so a search near it does not list the company.',
    );
  });
});

describe('subcategory listings leave out companies that do not take that service', () => {
  it('on the category page', async () => {
    const tag = newTag();
    const narrow = await ownedCompany(`${tag} Narrow`, { subcategorySlugs: ['plumber', 'drain-cleaning'] });
    const broad = await ownedCompany(`${tag} Broad`, { subcategorySlugs: ['plumber', 'drain-cleaning'] });
    await setPreferences(narrow.cookie, narrow.company.id, { subcategoryIds: [await subcategoryId('plumber')] });
    // First in Top Rated, so page 1 shows them when they are listed.
    for (const { company } of [narrow, broad]) {
      await t.db.update(companies).set({ averageRating: 5, ratingsCount: 100_000 }).where(eq(companies.id, company.id));
    }
    const categoryPage = async (subcategory: string) => {
      const response = await call('GET', `/api/categories/plumbing-services/companies?subcategory=${subcategory}&limit=50`);
      expect(response.statusCode, response.body).toBe(200);
      const names = response.json<{ companies: { name: string }[] }>().companies.map((c) => c.name);
      return names.filter((name) => name.startsWith(tag)).sort();
    };
    expect(await categoryPage('plumber')).toEqual([`${tag} Broad`, `${tag} Narrow`]);
    expect(await categoryPage('drain-cleaning')).toEqual([`${tag} Broad`]);
    // The category page without a subcategory lists both.
    expect(await categoryPage('all')).toEqual([`${tag} Broad`, `${tag} Narrow`]);
  });
});

describe('the company page says where it works', () => {
  it('a radius, ZIP codes, or nothing set; and the services it takes', async () => {
    const { company, cookie } = await ownedCompany('Page Plumbing', { subcategorySlugs: ['plumber', 'drain-cleaning'] });
    const page = async () => (await call('GET', `/api/companies/${company.id}`)).json().workArea;
    expect(await page()).toEqual({ serviceArea: null, takesSubcategoryIds: null });
    const plumber = await subcategoryId('plumber');
    await setPreferences(cookie, company.id, { serviceArea: 'radius', serviceRadiusMiles: 20, subcategoryIds: [plumber] });
    expect(await page()).toEqual({
      serviceArea: { type: 'radius', radiusMiles: 20, zip: '78701' },
      takesSubcategoryIds: [plumber],
    });
    await setPreferences(cookie, company.id, { serviceArea: 'zips', serviceZips: '78702 78701' });
    expect(await page()).toEqual({ serviceArea: { type: 'zips', zips: ['78701', '78702'] }, takesSubcategoryIds: [plumber] });
    // Cards in listings do not carry it (the page's read only).
    const card = (await call('GET', `/api/search?ids=${company.id}`)).json().results[0];
    expect(card.workArea).toBeUndefined();
  });
});

describe('a request carries the job’s ZIP code and service', () => {
  it('set on creation and on the draft, checked, and cleared with an empty value', async () => {
    const { company } = await ownedCompany('Job Plumbing', { subcategorySlugs: ['plumber'] });
    const customer = await loginAs(t.app, await createUser(t.db));
    const plumber = await subcategoryId('plumber');
    const base = { quoteName: 'Leaky tap', description: '', companyIds: [company.id] };
    for (const [extra, message] of [
      [{ zip: '7870' }, 'Enter the 5-digit ZIP code where the job is'],
      [{ zip: 78701 }, 'Enter the 5-digit ZIP code where the job is'],
      [{ zip: '00000' }, 'This ZIP code is not known'],
      [{ subcategoryId: await subcategoryId('house-cleaning') }, "Choose a service of the quote's category"],
      [{ subcategoryId: 'plumber' }, "Choose a service of the quote's category"],
      [{ subcategoryId: 99_999_999 }, "Choose a service of the quote's category"],
    ] as const) {
      const refused = await call('POST', '/api/quotes', customer, { ...base, ...extra });
      expect({ extra, status: refused.statusCode, error: refused.json().error }).toEqual({ extra, status: 400, error: message });
    }
    expect((await call('POST', '/api/quotes', customer, { ...base, zip: '00000' })).json().code).toBe('QUOTE_ZIP_UNKNOWN');
    expect((await call('POST', '/api/quotes', customer, { ...base, subcategoryId: 99_999_999 })).json().code).toBe(
      'QUOTE_SERVICE_NOT_IN_CATEGORY',
    );
    const created = await call('POST', '/api/quotes', customer, { ...base, zip: '78745', subcategoryId: plumber });
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json();
    expect(quote).toMatchObject({ zip: '78745', subcategoryId: plumber, categoryId: company.categoryId });

    const description = 'The tap in the kitchen drips all night and the sink cabinet is getting wet underneath. '.repeat(2);
    const kept = await call('PUT', `/api/quotes/${quote.id}`, customer, { quoteName: 'Leaky tap', description });
    expect(kept.json()).toMatchObject({ zip: '78745', subcategoryId: plumber });
    expect(
      (await call('PUT', `/api/quotes/${quote.id}`, customer, { quoteName: 'Leaky tap', description, zip: '1' })).statusCode,
    ).toBe(400);
    const cleared = await call('PUT', `/api/quotes/${quote.id}`, customer, {
      quoteName: 'Leaky tap',
      description,
      zip: '',
      subcategoryId: null,
    });
    expect(cleared.json()).toMatchObject({ zip: null, subcategoryId: null });
    // A submit with a bad ZIP code changes nothing: still a draft.
    const badSubmit = await call('POST', `/api/quotes/${quote.id}/submit`, customer, {
      quoteName: 'Leaky tap',
      description,
      zip: '00000',
    });
    expect(badSubmit.json().error).toBe('This ZIP code is not known');
    expect((await call('GET', `/api/quotes/${quote.id}`, customer)).json()).toMatchObject({ status: 'draft', zip: null });
  });
});

/** A customer's request for `job` to the vendor's company, sent through the API, and the vendor's paid first reply. */
async function sentAndPaid(
  vendor: Awaited<ReturnType<typeof ownedCompany>>,
  job: { zip?: string; subcategoryId?: number },
  afterSend?: () => Promise<void>,
) {
  const customer = await loginAs(t.app, await createUser(t.db));
  const description = 'We need the water heater looked at: it makes a banging noise and the water is lukewarm. '.repeat(2);
  const draft = await call('POST', '/api/quotes', customer, {
    quoteName: 'Water heater',
    description,
    companyIds: [vendor.company.id],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const quoteId = draft.json().id;
  const submitted = await call('POST', `/api/quotes/${quoteId}/submit`, customer, {
    quoteName: 'Water heater',
    description,
    ...job,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  await afterSend?.();
  const thread = `/api/quotes/${quoteId}/companies/${vendor.company.id}`;
  const cost = (await call('GET', `${thread}/coin-cost`, vendor.cookie)).json().coinCost;
  const reply = await send('POST', `${thread}/messages`, vendor.cookie, {
    message: 'We can come tomorrow.',
    coinCost: String(cost),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const recorded = await t.db.execute<{ outside_service_area: boolean | null; outside_services: boolean | null }>(sql`
    SELECT outside_service_area, outside_services FROM quote_companies WHERE quote_id = ${quoteId} AND company_id = ${vendor.company.id}`);
  return { quoteId, report: `${thread}/report`, recorded: recorded.rows[0] };
}

const refunds = async (quoteId: number, companyId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE reference = ${`refund:${quoteId}:${companyId}`}`,
    )
  ).rows[0].n;

describe('reports judged against the preferences in force when the request was sent', () => {
  it('outside the service area: credited at once when the job’s ZIP code was outside, else left to an admin', async () => {
    const vendor = await ownedCompany('Judged Plumbing', { zip: '78701' });
    await setPreferences(vendor.cookie, vendor.company.id, { serviceArea: 'radius', serviceRadiusMiles: 30 });

    // Houston, 145 miles away: outside when sent; the company widening its radius later changes nothing.
    const outside = await sentAndPaid(vendor, { zip: '77002' }, () =>
      setPreferences(vendor.cookie, vendor.company.id, { serviceArea: 'radius', serviceRadiusMiles: 500 }).then(() => undefined),
    );
    expect(outside.recorded).toEqual({ outside_service_area: true, outside_services: null });
    const credited = await call('POST', outside.report, vendor.cookie, { reason: 'outside_area' });
    expect(credited.json()).toMatchObject({ status: 'credited', automatic: true });
    expect(credited.json().decisionReason).toBe(
      "The job's ZIP code 77002 was outside Judged Plumbing's service area when the request was sent",
    );
    expect(await refunds(outside.quoteId, vendor.company.id)).toBe(1);
    const audit = await t.db.execute<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE entity_type = 'lead_report' AND entity_id = ${String(credited.json().id)} ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['lead_report.create', 'lead_report.auto_credit']);

    // Inside the area when sent (now 500 miles): the report waits for an admin.
    const inside = await sentAndPaid(vendor, { zip: '77002' });
    expect(inside.recorded.outside_service_area).toBe(false);
    const pending = await call('POST', inside.report, vendor.cookie, { reason: 'outside_area' });
    expect(pending.json().status).toBe('pending');
    expect(await refunds(inside.quoteId, vendor.company.id)).toBe(0);
    // The admin deciding it sees where the job was and what was recorded.
    const admin = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
    const queue = (await call('GET', '/api/admin/lead-reports?status=pending', admin)).json();
    const item = queue.reports.find((r: { id: number }) => r.id === pending.json().id);
    expect(item.job).toEqual({ zip: '77002', serviceName: null, outsideServiceArea: false, outsideServices: null });

    // A request without a ZIP code cannot be judged: an admin decides.
    const unknown = await sentAndPaid(vendor, {});
    expect(unknown.recorded.outside_service_area).toBeNull();
    expect((await call('POST', unknown.report, vendor.cookie, { reason: 'outside_area' })).json().status).toBe('pending');
  });

  it('a ZIP-code area, and the wrong service', async () => {
    const vendor = await ownedCompany('Service Plumbing', { subcategorySlugs: ['plumber', 'water-heater-repair'] });
    const [plumber, heaters] = await Promise.all(['plumber', 'water-heater-repair'].map(subcategoryId));
    await setPreferences(vendor.cookie, vendor.company.id, {
      serviceArea: 'zips',
      serviceZips: '78701',
      subcategoryIds: [plumber],
    });

    const wrong = await sentAndPaid(vendor, { zip: '78701', subcategoryId: heaters });
    expect(wrong.recorded).toEqual({ outside_service_area: false, outside_services: true });
    // The reason must be the one that was out: the area was not.
    const areaReport = await call('POST', wrong.report, vendor.cookie, { reason: 'wrong_service' });
    expect(areaReport.json()).toMatchObject({ status: 'credited', automatic: true });
    expect(areaReport.json().decisionReason).toBe(
      'Service Plumbing did not take requests for Water Heater Repair when the request was sent',
    );

    const right = await sentAndPaid(vendor, { zip: '78702', subcategoryId: plumber });
    expect(right.recorded).toEqual({ outside_service_area: true, outside_services: false });
    expect((await call('POST', right.report, vendor.cookie, { reason: 'wrong_service' })).json().status).toBe('pending');
  });
});

describe('a company with no preferences', () => {
  it('is recorded as inside whatever the job says, and its reports go to an admin as before', async () => {
    const vendor = await ownedCompany('Plain Plumbing');
    const sent = await sentAndPaid(vendor, { zip: '77002', subcategoryId: await subcategoryId('plumber') });
    expect(sent.recorded).toEqual({ outside_service_area: false, outside_services: false });
    expect((await call('POST', sent.report, vendor.cookie, { reason: 'outside_area' })).json().status).toBe('pending');
    // Quotes made before issue 19 (no ZIP code, nothing recorded) read as before.
    const customer = await createUser(t.db);
    const old = await createQuote(t.db, { userId: customer.id, companyIds: [vendor.company.id] });
    expect((await call('GET', `/api/quotes/${old.id}`, await loginAs(t.app, customer))).json()).toMatchObject({
      zip: null,
      subcategoryId: null,
    });
  });
});
