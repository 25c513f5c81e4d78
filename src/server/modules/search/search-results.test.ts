/**
 * Every search and category-listing answer stays exactly the same while discovery is made to
 * cost what a page costs: a deterministic corpus (the bench's synthetic companies, a
 * few owned by users whose coins make them premium), the fixed mix of requests visitors send
 * (src/server/test/search-mix.ts: the discovery mix and the service-near-a-place mix), and each answer — order, totals, pages, distances, premium
 * flags, the resolved place — compared with search-results.golden.json, recorded before the
 * change. `UPDATE_SEARCH_GOLDEN=1` rewrites the record (only when a change of results is meant).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSyntheticCompanies } from '../../../../bench/synthetic-companies';
import { createUser, giveCoins } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { DENSE_ZIPS, nearPlaceMix, searchMix, type MixCategory } from '@/server/test/search-mix';
import { CategoryCompaniesQuerySchema, SearchQuerySchema, type Company } from '@/shared/schemas/company';
import { CategoriesService } from '../categories/categories.service';
import { countCompanies, listCompanies, TOTAL_CAP } from '../companies/companies.repository';
import { CompaniesService, type ListingOptions } from '../companies/companies.service';
import { SearchService } from './search.service';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-results.golden.json');
const CORPUS = 8_000;
const CROWDED = 6_000;

type Answer = {
  status: number;
  total: number;
  totalPages: number;
  place: string | null;
  /** [listing email, miles (3 decimals) or null, premium] per result, in order. */
  results: [string, number | null, boolean][];
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Figures tied to the row number: the corpus the record was made on, and the walks' hard case.
  // In bulk (indexes built once, each vector computed once: the same rows, synthetic-companies.test.ts),
  // so that the embedded database seeds both corpora well within the hook's time under a full run.
  await insertSyntheticCompanies(t.database.pool, CORPUS, undefined, { figures: 'fromRowNumber', bulk: true });
  // Crowds around the dense places customers search near, so that their circles hold pages of matches.
  await insertSyntheticCompanies(t.database.pool, CROWDED, undefined, {
    figures: 'fromRowNumber',
    bulk: true,
    around: { zips: DENSE_ZIPS, miles: 30 },
  });
  // Some of them serve only part of it: a radius of 3–17 miles from their ZIP code, or three ZIP
  // codes from theirs on.
  await t.db.execute(sql`UPDATE companies SET has_lead_scope = true WHERE id > ${CORPUS} AND (id % 17 = 0 OR id % 19 = 0)`);
  await t.db.execute(sql`INSERT INTO company_lead_preferences (company_id, service_radius_miles)
                         SELECT id, 3 + id % 15 FROM companies WHERE id > ${CORPUS} AND id % 17 = 0`);
  await t.db.execute(sql`INSERT INTO company_service_zips (company_id, zip)
                         SELECT c.id, z.zip FROM companies c
                           CROSS JOIN LATERAL (SELECT zip FROM zip_codes WHERE zip >= c.zip ORDER BY zip LIMIT 3) z
                          WHERE c.id > ${CORPUS} AND c.id % 19 = 0 AND c.id % 17 <> 0`);
  // Premium placement: three owners with coins, each with a few listings spread over the corpus.
  for (const [n, coins] of [
    [7, 50],
    [11, 20],
    [13, 5],
  ] as const) {
    const owner = await createUser(t.db);
    await giveCoins(t.db, owner.id, coins);
    await t.db.execute(sql`UPDATE companies SET owner_id = ${owner.id} WHERE email ~ '^listing[0-9]+@' AND
                           substring(email from 'listing([0-9]+)@')::int % ${n * 23} = ${n}`);
  }
  await t.db.execute(sql`ANALYZE`);
}, 120_000);
afterAll(() => t.close());

/** Both mixes, each URL once. */
const wholeMix = (categories: MixCategory[]) => [...new Set([...searchMix(categories), ...nearPlaceMix()])];

async function emailsById(): Promise<Map<number, string>> {
  const { rows } = await t.db.execute<{ id: number; email: string }>(sql`SELECT id, email FROM companies`);
  return new Map(rows.map((row) => [row.id, row.email]));
}

function answerOf(
  status: number,
  body: {
    results?: Company[];
    companies?: Company[];
    pagination: { total: number; totalPages: number };
    location?: { label: string | null } | null;
  },
  emails: Map<number, string>,
): Answer {
  return {
    status,
    total: body.pagination.total,
    totalPages: body.pagination.totalPages,
    place: body.location?.label ?? null,
    results: (body.results ?? body.companies ?? []).map((company) => [
      emails.get(company.id) ?? `id:${company.id}`,
      company.distanceMiles === null || company.distanceMiles === undefined
        ? null
        : Math.round(company.distanceMiles * 1000) / 1000,
      company.isPremium,
    ]),
  };
}

describe('search and listing answers', () => {
  it('are exactly the recorded ones for every request of the mix', async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/api/categories/with-subcategories' })).json<MixCategory[]>();
    const mix = wholeMix(categories);
    expect(mix.length).toBeGreaterThanOrEqual(400);
    const emails = await emailsById();
    const answers: Record<string, Answer> = {};
    for (const url of mix) {
      const response = await t.app.inject({ method: 'GET', url });
      const body = response.json<{
        results?: Company[];
        companies?: Company[];
        pagination: { total: number; totalPages: number };
        location?: { label: string | null } | null;
      }>();
      answers[url] = answerOf(response.statusCode, body, emails);
    }
    if (process.env.UPDATE_SEARCH_GOLDEN === '1') {
      writeFileSync(GOLDEN, `${JSON.stringify(answers, null, 0).replace(/\],"/g, '],\n"')}\n`);
    }
    expect(existsSync(GOLDEN), 'the recorded answers (UPDATE_SEARCH_GOLDEN=1 records them)').toBe(true);
    const recorded = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, Answer>;
    expect(Object.keys(answers)).toEqual(Object.keys(recorded));
    for (const url of mix) expect(answers[url], url).toEqual(recorded[url]);
    // The corpus must make the comparison worth something: most requests find companies.
    const nonEmpty = Object.values(answers).filter((answer) => answer.results.length > 0).length;
    expect(nonEmpty).toBeGreaterThan(mix.length * 0.6);
  }, 300_000);

  // A word's page is read by walking the sort's index only so far, then by sorting its matches
  // (CompaniesService.listFilteredMatches). The default depth rarely runs out on this corpus, so the
  // same answers are asked for with a walk that runs out almost always (its bound at the page's
  // end: every edge of the bound, and the fallback) and with one that never does (no bound).
  it.each<[string, ListingOptions]>([
    ['a walk bounded at the end of the page', { walkDepth: 1, walkDepthPerRow: 1 }],
    ['a walk bounded a little below the page', { walkDepth: 30, walkDepthPerRow: 2 }],
    ['an unbounded walk', { walkDepth: 1_000_000, walkDepthPerRow: 1 }],
  ])(
    'are the same with %s',
    async (_label, options) => {
      const companies = new CompaniesService(t.db, { listing: options });
      const search = new SearchService(t.db, companies);
      const categories = new CategoriesService(t.db, companies);
      // Listings about a place take no walk: the discovery mix alone.
      const mix = searchMix(await categories.listWithSubcategories());
      const recorded = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, Answer>;
      const emails = await emailsById();
      for (const url of mix) {
        const { pathname, searchParams } = new URL(url, 'http://x');
        const query = Object.fromEntries(searchParams);
        const body =
          pathname === '/api/search'
            ? await search.search(SearchQuerySchema.parse(query))
            : await categories.listCompanies(pathname.split('/')[3], CategoryCompaniesQuerySchema.parse(query));
        expect(answerOf(200, body, emails), url).toEqual(recorded[url]);
      }
    },
    300_000,
  );

  // Past the capped total (page 112 of 9 and on) the matches are sorted without a walk first:
  // the page must still be the one PostgreSQL's own plan of the whole listing gives.
  it.each([112, 113, 500, 1524, 1525, 1526])('of a word every company has are exact at page %i', async (page) => {
    const companies = new CompaniesService(t.db);
    const tsquery = await new SearchService(t.db, companies).buildTsquery('licensed');
    const matches = await countCompanies(t.db, { tsquery }, CORPUS + CROWDED);
    expect(matches).toBe(13_720); // 2% of the corpus is inactive
    for (const sort of ['topRated', 'mostFavorited'] as const) {
      const answer = await companies.list({ tsquery, sort }, page, 9);
      expect(answer.pagination.total).toBe(TOTAL_CAP);
      const planned = await listCompanies(t.db, { tsquery, sort, limit: 9, offset: (page - 1) * 9 });
      expect(answer.companies.map((company) => company.id)).toEqual(planned.map((row) => row.id));
      expect(answer.companies.length).toBe(Math.max(0, Math.min(9, matches - (page - 1) * 9)));
    }
  });
});
