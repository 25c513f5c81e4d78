/**
 * Where a company appears: the owner's figures are the listings' own — each company's
 * place in its category page and in a search near its ZIP code, read page by page, must match.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

/** Every id of a listing, all pages, in order. */
async function listingIds(path: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page < 50; page++) {
    const body = (await call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`)).json();
    const companies: { id: number }[] = body.companies ?? body.results;
    ids.push(...companies.map((c) => c.id));
    if (page >= body.pagination.totalPages) break;
  }
  return ids;
}

describe('GET /api/companies/:id/placement', () => {
  it('tells each owner the place the category page and a search near the ZIP give the company, and why', async () => {
    // Fourteen roofers around Austin: premium and not, rated, tied and unrated, one placed far away.
    const figures: [premium: boolean, rating: number | null, reviews: number][] = [
      [false, 4.5, 10],
      [true, 3.0, 2],
      [false, 4.5, 10],
      [false, null, 0],
      [false, 4.9, 1],
      [true, null, 0],
      [false, 4.5, 12],
      [true, 4.8, 30],
      [false, 2.0, 5],
      [false, null, 0],
      [false, 4.5, 10],
      [true, 4.8, 30],
      [false, 5.0, 3],
      [false, 3.5, 8],
    ];
    const owners: { id: number; cookie: string; companyId: number }[] = [];
    for (const [i, [premium, rating, reviews]] of figures.entries()) {
      const owner = await createUser(t.db, { isVerified: true });
      if (premium) await giveCoins(t.db, owner.id, 10);
      const company = await createCompany(t.db, {
        ownerId: owner.id,
        categorySlug: 'roofing-gutters',
        ...(i === 9 ? { latitude: 40.75, longitude: -73.99 } : {}),
      });
      await t.db.execute(
        sql`UPDATE companies SET average_rating = ${rating}, ratings_count = ${reviews} WHERE id = ${company.id}`,
      );
      owners.push({ id: owner.id, cookie: await loginAs(t.app, owner), companyId: company.id });
    }
    const categoryOrder = await listingIds('/api/categories/roofing-gutters/companies?sort=topRated');
    const nearOrder = await listingIds('/api/search?location=78701&sort=topRated');

    for (const owner of owners) {
      const answer = await call('GET', `/api/companies/${owner.companyId}/placement`, owner.cookie);
      expect(answer.statusCode).toBe(200);
      const placement = answer.json();
      const inCategory = categoryOrder.indexOf(owner.companyId) + 1;
      expect(placement.category).toEqual({
        position: inCategory,
        page: Math.ceil(inCategory / 9),
        total: categoryOrder.length,
      });
      const near = nearOrder.indexOf(owner.companyId) + 1;
      expect(placement.nearZip).toEqual({
        position: near === 0 ? null : near,
        page: near === 0 ? null : Math.ceil(near / 9),
        total: nearOrder.length,
      });
      expect(placement).toMatchObject({ categoryName: 'Roofing & Gutters', zip: '78701' });
    }
    const farAway = (await call('GET', `/api/companies/${owners[9].companyId}/placement`, owners[9].cookie)).json();
    expect(farAway.nearZip.position).toBeNull();
    expect(farAway.reasons).toContain(
      "The company's map position is more than 25 miles from its ZIP code's centre, so a search near 78701 does not list it.",
    );
    const premium = (await call('GET', `/api/companies/${owners[1].companyId}/placement`, owners[1].cookie)).json();
    expect(premium.reasons[0]).toMatch(/^Premium: your coin balance is above 0/);

    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await call('GET', `/api/companies/${owners[0].companyId}/placement`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${owners[0].companyId}/placement`)).statusCode).toBe(401);
  });
});
