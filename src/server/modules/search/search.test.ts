import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '@/server/db/schema';
import { createCompany, newTag, createUser, giveCoins } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    results: { id: number; name: string; distanceMiles: number | null; isPremium: boolean; averageRating: number | null }[];
    pagination: { total: number; page: number; limit: number; totalPages: number };
    location: { label: string | null } | null;
  }>();
}

const names = (answer: Awaited<ReturnType<typeof search>>) => answer.results.map((r) => r.name);

async function setRating(id: number, averageRating: number | null, ratingsCount: number) {
  await t.db.update(companies).set({ averageRating, ratingsCount }).where(eq(companies.id, id));
}

describe('GET /api/search: text', () => {
  it('ranks a match in the name above a match in the description', async () => {
    const tag = newTag();
    await createCompany(t.db, { name: `Quiet Lane Services`, description: `We also do ${tag} work for neighbours.` });
    await createCompany(t.db, { name: `${tag} Experts` });
    expect(names(await search({ q: tag }))).toEqual([`${tag} Experts`, 'Quiet Lane Services']);
  });

  it('matches prefixes as the user types, and stems (plumbing finds plumbers)', async () => {
    const tag = newTag();
    await createCompany(t.db, {
      name: `${tag} Home Pros`,
      categorySlug: 'handyman-repairs',
      subcategorySlugs: [],
      description: 'Licensed plumbers on call every day of the week.',
    });
    expect(names(await search({ q: tag.slice(0, 5) }))).toContain(`${tag} Home Pros`);
    expect(names(await search({ q: `plumbing ${tag}` }))).toEqual([`${tag} Home Pros`]);
  });

  it('tolerates typos ("plumbr" still finds plumbers)', async () => {
    const tag = newTag();
    await createCompany(t.db, { name: `${tag} Plumbing`, subcategorySlugs: ['plumber'] });
    expect(names(await search({ q: `plumbr ${tag}` }))).toEqual([`${tag} Plumbing`]);
    expect(names(await search({ q: `plumbng ${tag}` }))).toEqual([`${tag} Plumbing`]);
  });

  it('finds by category and subcategory names, and by city', async () => {
    const tag = newTag();
    await createCompany(t.db, { name: `${tag} Crew`, categorySlug: 'cleaning-services', subcategorySlugs: ['house-cleaning'] });
    expect(names(await search({ q: `house cleaning ${tag}` }))).toEqual([`${tag} Crew`]);
    expect(names(await search({ q: `${tag} austin` }))).toEqual([`${tag} Crew`]);
    expect(names(await search({ q: `${tag} denver` }))).toEqual([]);
  });

  it.each([
    ['unicode', 'café plömber 🚰 東京'],
    ['SQL metacharacters', "'; DROP TABLE companies; -- :* & | ! ( ) \\"],
    ['tsquery operators', '!!! & | <-> :*'],
    ['only punctuation', '&&&'],
  ])('answers hostile text (%s) with 200, never a 500', async (_label, q) => {
    const answer = await search({ q });
    expect(Array.isArray(answer.results)).toBe(true);
  });

  it('refuses a NUL byte with a clear 400 (PostgreSQL text cannot hold one)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=plumb%00er' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Text must not contain NUL characters');
  });

  it('refuses 5,000 characters with a clear 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/search?q=${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Search text is too long');
  });
});

describe('GET /api/search: location', () => {
  it('keeps to the radius of a ZIP, carries distances and sorts by distance', async () => {
    const tag = newTag();
    await createCompany(t.db, { name: `${tag} Downtown`, zip: '78701' });
    await createCompany(t.db, { name: `${tag} Pflugerville`, zip: '78660' });
    await createCompany(t.db, { name: `${tag} Temple`, zip: '76501' });

    const near = await search({ q: tag, location: '78701', sort: 'distance' });
    expect(names(near)).toEqual([`${tag} Downtown`, `${tag} Pflugerville`]);
    expect(near.results[0].distanceMiles).toBe(0);
    expect(near.results[1].distanceMiles).toBeGreaterThan(10);
    expect(near.results[1].distanceMiles).toBeLessThan(25);
    expect(near.location!.label).toBe('Austin, TX 78701');

    const wide = await search({ q: tag, location: '78701-1234', radius: 100, sort: 'distance' });
    expect(names(wide)).toEqual([`${tag} Downtown`, `${tag} Pflugerville`, `${tag} Temple`]);
  });

  it('understands a city, with or without its state, and says when a place is unknown', async () => {
    const tag = newTag();
    await createCompany(t.db, { name: `${tag} Austin`, zip: '78701' });
    await createCompany(t.db, { name: `${tag} Denver`, zip: '80202' });
    expect(names(await search({ q: tag, location: 'Austin, TX' }))).toEqual([`${tag} Austin`]);
    expect(names(await search({ q: tag, location: 'austin tx' }))).toEqual([`${tag} Austin`]);
    expect(names(await search({ q: tag, location: 'Denver' }))).toEqual([`${tag} Denver`]);
    const unknown = await search({ q: tag, location: '00000' });
    expect(unknown.results).toEqual([]);
    expect(unknown.location!.label).toBeNull();
    // Nothing found has the same answer as any page: a total that is not capped.
    expect(unknown.pagination).toEqual({ total: 0, page: 1, limit: 9, totalPages: 0, totalCapped: false });
    expect((await search({ q: '!!!' })).pagination).toEqual({ total: 0, page: 1, limit: 9, totalPages: 0, totalCapped: false });
  });
});

describe('GET /api/search: order, premium, paging, inactive', () => {
  it('orders topRated by average (unrated last, ties by count), mostReviewed by count, mostFavorited by favourites', async () => {
    const tag = newTag();
    const a = await createCompany(t.db, { name: `${tag} A` });
    const b = await createCompany(t.db, { name: `${tag} B` });
    const c = await createCompany(t.db, { name: `${tag} C` });
    const d = await createCompany(t.db, { name: `${tag} D` });
    await setRating(a.id, 4.5, 2);
    await setRating(b.id, 4.5, 9);
    await setRating(c.id, null, 0);
    await setRating(d.id, 3, 20);
    await t.db.update(companies).set({ favoritesCount: 7 }).where(eq(companies.id, c.id));
    expect(names(await search({ q: tag }))).toEqual([`${tag} B`, `${tag} A`, `${tag} D`, `${tag} C`]);
    expect(names(await search({ q: tag, sort: 'mostReviewed' }))).toEqual([`${tag} D`, `${tag} B`, `${tag} A`, `${tag} C`]);
    expect(names(await search({ q: tag, sort: 'mostFavorited' }))[0]).toBe(`${tag} C`);
    // An unknown sort falls back to the default instead of failing the page.
    expect(names(await search({ q: tag, sort: 'nonsense' }))).toEqual([`${tag} B`, `${tag} A`, `${tag} D`, `${tag} C`]);
  });

  it('puts companies whose owner holds coins first within the sort, and badges them', async () => {
    const tag = newTag();
    const owner = await createUser(t.db);
    const best = await createCompany(t.db, { name: `${tag} Best` });
    const paid = await createCompany(t.db, { name: `${tag} Paid`, ownerId: owner.id });
    await setRating(best.id, 5, 10);
    await setRating(paid.id, 3, 1);
    expect(names(await search({ q: tag }))).toEqual([`${tag} Best`, `${tag} Paid`]);
    await giveCoins(t.db, owner.id, 10);
    const answer = await search({ q: tag });
    expect(names(answer)).toEqual([`${tag} Paid`, `${tag} Best`]);
    expect(answer.results.map((r) => r.isPremium)).toEqual([true, false]);
    expect(names(await search({ q: tag, sort: 'mostReviewed' }))).toEqual([`${tag} Paid`, `${tag} Best`]);
  });

  it('pages by 9 with the total, and never lists inactive companies', async () => {
    const tag = newTag();
    for (let i = 0; i < 12; i++) await createCompany(t.db, { name: `${tag} ${String(i).padStart(2, '0')}` });
    const hidden = await createCompany(t.db, { name: `${tag} Hidden`, isActive: false });
    const first = await search({ q: tag });
    expect(first.results).toHaveLength(9);
    expect(first.pagination).toEqual({ total: 12, page: 1, limit: 9, totalPages: 2, totalCapped: false });
    const second = await search({ q: tag, page: 2 });
    expect(second.results).toHaveLength(3);
    const all = [...names(first), ...names(second)];
    expect(new Set(all).size).toBe(12);
    expect(all).not.toContain(`${tag} Hidden`);
    const beyond = await search({ q: tag, page: 5 });
    expect(beyond.results).toEqual([]);
    expect(beyond.pagination.total).toBe(12);

    const detail = await t.app.inject({ method: 'GET', url: `/api/companies/${hidden.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ name: `${tag} Hidden`, isActive: false });
  });

  it('restricts to given ids (a visitor’s favourites)', async () => {
    const tag = newTag();
    const a = await createCompany(t.db, { name: `${tag} One` });
    await createCompany(t.db, { name: `${tag} Two` });
    expect(names(await search({ q: tag, ids: `${a.id},abc,-4` }))).toEqual([`${tag} One`]);
    // An empty list of favourites (`none`, as the client sends it) lists no company, where no
    // `ids` at all lists every match.
    expect(names(await search({ q: tag, ids: 'none' }))).toEqual([]);
    expect(await search({ q: tag })).toMatchObject({ pagination: { total: 2 } });
  });
});

describe('categories and companies', () => {
  it('lists categories with their subcategories', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories/with-subcategories' });
    const list = response.json<{ slug: string; subcategories: { slug: string; name: string }[] }[]>();
    expect(list).toHaveLength(14);
    expect(list.find((c) => c.slug === 'plumbing-services')!.subcategories.map((s) => s.slug)).toContain('plumber');
  });

  it('lists a category’s active companies, filtered by subcategory slug or name', async () => {
    const tag = newTag();
    const category = (await t.app.inject({ method: 'GET', url: '/api/companies/category/roofing-gutters' })).json().category;
    await createCompany(t.db, {
      name: `${tag} Gutters`,
      categorySlug: 'roofing-gutters',
      subcategorySlugs: ['gutter-installation'],
    });
    await createCompany(t.db, { name: `${tag} Inactive Roofs`, categorySlug: 'roofing-gutters', isActive: false });
    const all = await t.app.inject({ method: 'GET', url: `/api/categories/${category.id}/companies?limit=50` });
    expect(all.statusCode).toBe(200);
    const allNames = (all.json().companies as { name: string }[]).map((c) => c.name);
    expect(allNames).toContain(`${tag} Gutters`);
    expect(allNames).not.toContain(`${tag} Inactive Roofs`);

    for (const subcategory of ['gutter-installation', 'Gutter Installation']) {
      const filtered = await t.app.inject({
        method: 'GET',
        url: `/api/categories/${category.id}/companies?limit=50&subcategory=${encodeURIComponent(subcategory)}`,
      });
      expect((filtered.json().companies as { name: string }[]).map((c) => c.name)).toContain(`${tag} Gutters`);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/categories/${category.id}/companies?subcategory=nothing-like-it`,
    });
    expect(unknown.json()).toMatchObject({ companies: [], pagination: { total: 0, totalCapped: false } });
    const bySlug = await t.app.inject({ method: 'GET', url: `/api/categories/roofing-gutters/companies?limit=50` });
    expect(bySlug.statusCode).toBe(200);
  });

  it('answers 404 for a category or company that does not exist, whatever the id looks like', async () => {
    for (const url of [
      '/api/categories/999999/companies',
      '/api/categories/no-such-thing/companies',
      '/api/companies/category/nope',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    for (const id of ['999999999', 'abc', '1.5', '-1', '0', '99999999999999999999', "1'--"]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/companies/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Company not found');
    }
  });

  it('answers a company with its category, subcategories and logo fallbacks', async () => {
    const company = await createCompany(t.db, { name: 'Detail Co', subcategorySlugs: ['plumber', 'drain-cleaning'] });
    const answer = (await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}` })).json();
    expect(answer).toMatchObject({
      id: company.id,
      category: 'plumbing-services',
      categoryName: 'Plumbing Services',
      isActive: true,
      isPremium: false,
      averageRating: null,
      ratingsCount: 0,
      logoUrl: null,
      firstImage: null,
    });
    expect(answer.subcategories.map((s: { slug: string }) => s.slug).sort()).toEqual(['drain-cleaning', 'plumber']);
  });
});
