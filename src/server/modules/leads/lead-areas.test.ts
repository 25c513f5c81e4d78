/**
 * Service areas and the services a company takes: set and validated, applied to
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
    // What only the server can check carries its own code and names its field (the screens put it there).
    expect((await call('PUT', preferencesOf(company.id), cookie, { serviceArea: 'zips', serviceZips: '00000' })).json()).toEqual({
      success: false,
      error: 'This ZIP code is not known: 00000',
      code: 'SERVICE_ZIPS_UNKNOWN',
      field: 'serviceZips',
    });
    expect((await call('PUT', preferencesOf(company.id), cookie, { subcategoryIds: [foreign] })).json()).toEqual({
      success: false,
      error: "Only the company's own services can be chosen",
      code: 'SERVICE_NOT_LISTED',
      field: 'subcategoryIds',
    });
    // The schema's refusals name the failing path: a rule across fields names the one it is about,
    // one ZIP code of the list its place in it.
    for (const [body, field] of [
      [{ serviceArea: 'radius' }, 'serviceRadiusMiles'],
      [{ serviceRadiusMiles: 20 }, 'serviceArea'],
      [{ serviceArea: 'zips', serviceZips: '78701, 1234x' }, 'serviceZips.1'],
      [{ subcategoryIds: 'plumber' }, 'subcategoryIds'],
    ] as const) {
      expect({ body, field: (await call('PUT', preferencesOf(company.id), cookie, body)).json().field }).toEqual({ body, field });
    }

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

/** A draft of a customer's to `companyIds`, with a description long enough to submit. */
async function draftTo(companyIds: number[]) {
  const customer = await loginAs(t.app, await createUser(t.db));
  const description = 'We need the water heater looked at: it makes a banging noise and the water is lukewarm. '.repeat(2);
  const draft = await call('POST', '/api/quotes', customer, { quoteName: 'Water heater', description, companyIds });
  expect(draft.statusCode, draft.body).toBe(201);
  const id: number = draft.json().id;
  const put = (job: Record<string, unknown>) =>
    call('PUT', `/api/quotes/${id}`, customer, { quoteName: 'Water heater', description, ...job });
  const submit = (job: Record<string, unknown>) =>
    call('POST', `/api/quotes/${id}/submit`, customer, { quoteName: 'Water heater', description, ...job });
  return { id, customer, put, submit };
}

const ledgerOf = async (userId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${userId} AND reason <> 'admin_adjustment'`,
    )
  ).rows[0].n;

describe('a company is sent only what it takes in', () => {
  it('outside its ZIP codes: the draft says so before sending, the submit leaves it out and names it, and it never pays', async () => {
    // The attack: an area far away, so that every request that reaches it is "outside" and creditable.
    const far = await ownedCompany('Faraway Plumbing', { zip: '78701' });
    await setPreferences(far.cookie, far.company.id, { serviceArea: 'zips', serviceZips: ['99950'] });
    const near = await ownedCompany('Nearby Plumbing', { zip: '78701' });
    // Its page still takes requests: the area is about where the job is, not about the company.
    expect((await call('GET', `/api/companies/${far.company.id}`)).json().takingRequests).toBe(true);

    const draft = await draftTo([far.company.id, near.company.id]);
    const saved = (await draft.put({ zip: '78701' })).json();
    const byName = Object.fromEntries(saved.companies.map((c: { name: string; leftOut: string | null }) => [c.name, c.leftOut]));
    expect(byName).toEqual({ 'Faraway Plumbing': 'outside_area', 'Nearby Plumbing': null });

    const sent = await draft.submit({ zip: '78701' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().skippedCompanies).toEqual([{ id: far.company.id, name: 'Faraway Plumbing', reason: 'outside_area' }]);
    expect(sent.json().companies.map((c: { id: number }) => c.id)).toEqual([near.company.id]);
    // The left-out company has no conversation, no notice, nothing to pay for.
    const thread = `/api/quotes/${draft.id}/companies/${far.company.id}`;
    expect((await call('GET', `/api/quotes/${draft.id}`, far.cookie)).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await send('POST', `${thread}/messages`, far.cookie, { message: 'Hi', coinCost: '5' })).statusCode,
    );
    const notices = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM notification_outbox WHERE recipient IN (SELECT email FROM users WHERE id = ${far.owner.id})`);
    expect(notices.rows[0].n).toBe(0);
    expect(await ledgerOf(far.owner.id)).toBe(0);
  });

  it('a service it does not take is left out the same way; with nobody left, nothing is sent', async () => {
    const narrow = await ownedCompany('Narrow Plumbing', { subcategorySlugs: ['plumber', 'water-heater-repair'] });
    const [plumber, heaters] = await Promise.all(['plumber', 'water-heater-repair'].map(subcategoryId));
    await setPreferences(narrow.cookie, narrow.company.id, { subcategoryIds: [plumber] });

    const draft = await draftTo([narrow.company.id]);
    expect((await draft.put({ subcategoryId: heaters })).json().companies[0].leftOut).toBe('outside_services');
    const refused = await draft.submit({ subcategoryId: heaters });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'NO_COMPANY_TAKES_JOB',
      error:
        'None of the companies in this quote works where the job is or takes this service. Change the ZIP code or service, or start a new quote with other companies.',
    });
    // Nothing half-sent: still a draft with its company, no price fixed, no record, no notice.
    const row = await t.db.execute<{ status: string; reply_coin_cost: number | null; n: number }>(sql`
      SELECT q.status, q.reply_coin_cost, (SELECT count(*)::int FROM quote_companies WHERE quote_id = q.id) AS n
        FROM quotes q WHERE q.id = ${draft.id}`);
    expect(row.rows[0]).toEqual({ status: 'draft', reply_coin_cost: null, n: 1 });
    // The service it takes goes through.
    const sent = await draft.submit({ subcategoryId: plumber });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().skippedCompanies).toEqual([]);
  });
});

/** A request to the vendor's company recorded as sent (the rows a submit writes), and the vendor's paid first reply. */
async function sentAndPaid(
  vendor: Awaited<ReturnType<typeof ownedCompany>>,
  job: { zip?: string; subcategoryId?: number },
  recorded?: { outside_service_area: boolean | null; outside_services: boolean | null },
) {
  const draft = await draftTo([vendor.company.id]);
  const submitted = await draft.submit(job);
  expect(submitted.statusCode, submitted.body).toBe(200);
  if (recorded) {
    // What a request sent before the company's area left the job out carries, or one an
    // administrator moved on without a submit: the record says outside.
    await t.db.execute(sql`
      UPDATE quote_companies SET outside_service_area = ${recorded.outside_service_area}, outside_services = ${recorded.outside_services}
       WHERE quote_id = ${draft.id} AND company_id = ${vendor.company.id}`);
  }
  const thread = `/api/quotes/${draft.id}/companies/${vendor.company.id}`;
  const cost = (await call('GET', `${thread}/coin-cost`, vendor.cookie)).json();
  const reply = await send('POST', `${thread}/messages`, vendor.cookie, {
    message: 'We can come tomorrow.',
    coinCost: String(cost.coinCost),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const stored = await t.db.execute<{ outside_service_area: boolean | null; outside_services: boolean | null }>(sql`
    SELECT outside_service_area, outside_services FROM quote_companies WHERE quote_id = ${draft.id} AND company_id = ${vendor.company.id}`);
  return {
    quoteId: draft.id,
    thread,
    report: `${thread}/report`,
    recorded: stored.rows[0],
    costShown: cost,
    customerCookie: draft.customer,
  };
}

const refunds = async (quoteId: number, companyId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE reference = ${`refund:${quoteId}:${companyId}`}`,
    )
  ).rows[0].n;

describe('reports of a job outside the area or services', () => {
  it('are refused when the company was told before paying; the cost notice and the inbox said so', async () => {
    const vendor = await ownedCompany('Judged Plumbing', { zip: '78701', subcategorySlugs: ['plumber', 'water-heater-repair'] });
    const plumber = await subcategoryId('plumber');
    const lead = await sentAndPaid(
      vendor,
      { zip: '77002', subcategoryId: plumber },
      { outside_service_area: true, outside_services: true },
    );
    expect(lead.costShown).toMatchObject({ outsideServiceArea: true, outsideServices: true, hasReplied: false });
    const row = (await call('GET', '/api/vendor-quotes', vendor.cookie))
      .json()
      .find((r: { quoteId: number }) => r.quoteId === lead.quoteId);
    expect(row).toMatchObject({ jobZip: '77002', outsideServiceArea: true, outsideServices: true, closedAt: null });

    const state = (await call('GET', lead.report, vendor.cookie)).json();
    expect(state.reasonsUnavailable).toEqual({
      outside_area:
        'You were told before replying that ZIP code 77002 was outside your service area, so the lead cannot be credited for that',
      wrong_service:
        'You were told before replying that you do not take requests for Plumber, so the lead cannot be credited for that',
    });
    for (const reason of ['outside_area', 'wrong_service']) {
      const refused = await call('POST', lead.report, vendor.cookie, { reason });
      expect({ reason, status: refused.statusCode, code: refused.json().code }).toEqual({
        reason,
        status: 400,
        code: 'LEAD_REASON_KNOWN_BEFORE_PAYING',
      });
    }
    expect(await refunds(lead.quoteId, vendor.company.id)).toBe(0);
    const stored = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM lead_reports WHERE quote_id = ${lead.quoteId}`,
    );
    expect(stored.rows[0].n).toBe(0);
    // Another reason, one the pro could not know, still goes to an admin.
    expect((await call('POST', lead.report, vendor.cookie, { reason: 'unreachable' })).json().status).toBe('pending');

    // The customer reading the same cost answer learns nothing of the company's preferences.
    const asCustomer = (await call('GET', `${lead.thread}/coin-cost`, lead.customerCookie)).json();
    expect(asCustomer).toMatchObject({ outsideServiceArea: null, outsideServices: null });
  });

  it('inside the area when sent: the claim that the job is elsewhere waits for an admin, who sees the record', async () => {
    const vendor = await ownedCompany('Claimed Plumbing', { zip: '78701' });
    await setPreferences(vendor.cookie, vendor.company.id, { serviceArea: 'radius', serviceRadiusMiles: 30 });
    const inside = await sentAndPaid(vendor, { zip: '78702' });
    expect(inside.recorded.outside_service_area).toBe(false);
    expect(inside.costShown).toMatchObject({ outsideServiceArea: false });
    const pending = await call('POST', inside.report, vendor.cookie, { reason: 'outside_area' });
    expect(pending.json()).toMatchObject({ status: 'pending', automatic: false });
    expect(await refunds(inside.quoteId, vendor.company.id)).toBe(0);
    const admin = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
    const queue = (await call('GET', '/api/admin/lead-reports?status=pending', admin)).json();
    const item = queue.reports.find((r: { id: number }) => r.id === pending.json().id);
    expect(item.job).toEqual({ zip: '78702', serviceName: null, outsideServiceArea: false, outsideServices: null });

    // A request without a ZIP code cannot be judged either: an admin decides.
    const unknown = await sentAndPaid(vendor, {});
    expect(unknown.recorded.outside_service_area).toBeNull();
    expect((await call('POST', unknown.report, vendor.cookie, { reason: 'outside_area' })).json().status).toBe('pending');
  });
});

describe('a company with no preferences', () => {
  it('is recorded as inside whatever the job says, and its reports go to an admin as before', async () => {
    const vendor = await ownedCompany('Plain Plumbing');
    const sent = await sentAndPaid(vendor, { zip: '77002', subcategoryId: await subcategoryId('plumber') });
    expect(sent.recorded).toEqual({ outside_service_area: false, outside_services: false });
    expect((await call('POST', sent.report, vendor.cookie, { reason: 'outside_area' })).json().status).toBe('pending');
    // Quotes made before service areas existed (no ZIP code, nothing recorded) read as before.
    const customer = await createUser(t.db);
    const old = await createQuote(t.db, { userId: customer.id, companyIds: [vendor.company.id] });
    expect((await call('GET', `/api/quotes/${old.id}`, await loginAs(t.app, customer))).json()).toMatchObject({
      zip: null,
      subcategoryId: null,
    });
  });
});
