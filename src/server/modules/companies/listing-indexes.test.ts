/**
 * Every query a discovery page makes uses an index: at 10,000 companies, none of them plans a
 * sequential scan of the companies table.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/client';
import { companiesRead, type AnalyzedPlanNode } from '@/server/test/plan-rows';
import { openTestDatabase } from '@/server/test/test-database';
import { SearchService } from '../search/search.service';
import {
  companyByIdQuery,
  circleListingQuery,
  countCompanies,
  ownerCompaniesQuery,
  countQuery,
  listCompanies,
  findBoundary,
  listingQuery,
  TOTAL_CAP,
  type CompanyRow,
  type ListingFilter,
  type SortKeyValues,
} from './companies.repository';
import { CompaniesService } from './companies.service';
import { objectInUseQuery } from './company-editing.repository';

let handle: DatabaseHandle;
let search: SearchService;

beforeAll(async () => {
  handle = await openTestDatabase();
  // 10,000 listings spread over every category and 2,000 real ZIP codes.
  await handle.pool.query(`
    INSERT INTO companies (name, description, category_id, phone, email, address, city, state, zip, latitude, longitude)
    SELECT (array['Summit','Bright','Eagle','Prime','Metro'])[1 + g % 5] || ' ' || cat.name || ' ' || g,
           'Local professionals for every job, big or small. Listing number ' || g,
           cat.id, '(555) 010-0000', 'bulk' || g || '@example.com', g || ' Main Street', z.city, z.state, z.zip, z.latitude, z.longitude
      FROM generate_series(1, 10000) AS g
      -- Numbered once and joined by number: an OFFSET per row read up to 40,000 ZIP codes each time.
      JOIN (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS n FROM categories) cat ON cat.n = g % 14
      JOIN (SELECT *, row_number() OVER (ORDER BY zip) - 1 AS n FROM zip_codes) z ON z.n = ((g * 7919) % 2000) * 20`);
  // One service each. The trigger that rewrites a company's search words on each such row (an
  // UPDATE per row) is held off for the bulk insert, and the words are rewritten once below with
  // the same function: the state is the one the app's path leaves, in one statement.
  await handle.pool.query(`
    ALTER TABLE company_subcategories DISABLE TRIGGER company_subcategories_search_update;
    INSERT INTO company_subcategories (company_id, subcategory_id)
    SELECT c.id, (SELECT s.id FROM subcategories s WHERE s.category_id = c.category_id ORDER BY s.id OFFSET (c.id % 5) LIMIT 1)
      FROM companies c;
    ALTER TABLE company_subcategories ENABLE TRIGGER company_subcategories_search_update`);
  // Figures as the bench's listings have them: 60% rated, favourites spread thinly.
  await handle.pool.query(`
    UPDATE companies SET search_vector = company_search_vector(id, name, description, category_id, city, state),
                         average_rating = CASE WHEN id % 5 < 3 THEN round(3 + ((id * 37) % 200) / 100.0, 2) END,
                         ratings_count = CASE WHEN id % 5 < 3 THEN 1 + (id * 13) % 150 ELSE 0 END,
                         favorites_count = (id * 7) % 25`);
  await handle.pool.query(handle.kind === 'pglite' ? 'VACUUM ANALYZE' : 'ANALYZE');
  search = new SearchService(handle.db, new CompaniesService(handle.db));
}, 300_000);
afterAll(() => handle.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function seqScansOfCompanies(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'companies' ? ['Seq Scan on companies'] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScansOfCompanies)];
}

async function planOf(query: SQL): Promise<PlanNode> {
  const result = await handle.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`EXPLAIN (FORMAT JSON) ${query}`);
  return result.rows[0]['QUERY PLAN'][0].Plan;
}

const base: Omit<ListingFilter, 'sort'> & { sort: ListingFilter['sort'] } = { sort: 'topRated', limit: 9, offset: 0 };

describe('index use at 10,000 companies', () => {
  it('has the companies it should', async () => {
    const { rows } = await handle.pool.query('SELECT count(*)::int AS n FROM companies');
    expect(rows[0].n).toBeGreaterThanOrEqual(10_000);
  });

  const cases: [string, () => Promise<SQL>][] = [
    ['text search', async () => listingQuery({ ...base, tsquery: await search.buildTsquery('plumbing') })],
    ['misspelt text search', async () => listingQuery({ ...base, tsquery: await search.buildTsquery('plumbr') })],
    [
      'text + ZIP radius, by distance',
      async () => {
        const place = await search.resolveLocation('78701', 25);
        return circleListingQuery({
          ...base,
          sort: 'distance',
          tsquery: await search.buildTsquery('summit'),
          near: { latitude: place.latitude!, longitude: place.longitude!, radiusMiles: 25 },
        });
      },
    ],
    [
      'ZIP radius alone',
      async () => {
        const place = await search.resolveLocation('10001', 25);
        return listingQuery({ ...base, near: { latitude: place.latitude!, longitude: place.longitude!, radiusMiles: 25 } });
      },
    ],
    ['category listing', async () => listingQuery({ ...base, categoryId: 3, sort: 'mostReviewed' })],
    ['category + subcategory listing', async () => listingQuery({ ...base, categoryId: 3, subcategoryId: 40 })],
    ['a visitor’s favourites', async () => listingQuery({ ...base, ids: [5, 17, 2500] })],
    ['company page', async () => companyByIdQuery(4242)],
    ['an owner’s companies (profile)', async () => ownerCompaniesQuery(7)],
    ['is an object still a logo', async () => objectInUseQuery('someObjectId_0123456789')],
    ['the total of a text search', async () => countQuery({ tsquery: await search.buildTsquery('plumbing') })],
    ['the total of a category', async () => countQuery({ categoryId: 3 })],
  ];

  it('stops counting a common word at the cap', async () => {
    expect(await countCompanies(handle.db, { tsquery: await search.buildTsquery('services') })).toBe(TOTAL_CAP);
  });

  for (const [label, build] of cases) {
    it(`${label} plans no sequential scan of companies`, async () => {
      const plan = await planOf(await build());
      expect(seqScansOfCompanies(plan), JSON.stringify(plan, null, 1).slice(0, 3000)).toEqual([]);
    });
  }

  // Words near a place come from one index of words and grid cells: the companies near the place
  // that hold the word, not every company holding it (the words alone) nor every company in a
  // latitude band (the location index). The test of a company's lead preferences (run for
  // companies that set some) is costed as cheap, so that it does not steer the plan elsewhere.
  it.each(['topRated', 'distance'] as const)(
    'a common word near a ZIP code, %s, reads the companies near it holding the word',
    async (sort) => {
      const place = await search.resolveLocation('10001', 25);
      const tsquery = await search.buildTsquery('local');
      const filter = {
        ...base,
        sort,
        tsquery,
        near: { latitude: place.latitude!, longitude: place.longitude!, radiusMiles: 25, zips: place.zips },
      };
      const query = circleListingQuery(filter);
      const indexes = indexesOf(await planOf(query));
      expect(indexes).toContain('companies_words_places_idx');
      expect(indexes).not.toContain('companies_location_idx');
      // Every listing holds "local"; a few hundred lie in the cells around Manhattan.
      const near = await countCompanies(handle.db, filter, 100_000);
      expect(near).toBeGreaterThan(9);
      expect(await rowsReadBy(query)).toBeLessThanOrEqual(2 * near + 2 * filter.limit);
      expect(near * 10).toBeLessThan(await countCompanies(handle.db, { tsquery }, 100_000));
    },
  );
});

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

async function analyze(query: SQL): Promise<AnalyzedPlanNode> {
  const result = await handle.db.execute<{ 'QUERY PLAN': [{ Plan: AnalyzedPlanNode }] }>(
    sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`,
  );
  return result.rows[0]['QUERY PLAN'][0].Plan;
}

/**
 * Rows of companies the statement read. Every statement measured here reads companies (a walk
 * that fills no page still reads up to its bound), so a plan that read none would make any
 * "fewer than" hold without measuring anything: refused.
 */
async function rowsReadBy(query: SQL): Promise<number> {
  const read = companiesRead(await analyze(query));
  expect(read, 'the plan read no row of companies').toBeGreaterThan(0);
  return read;
}

/** Pages of tables and indexes the statement touched (rows an index skips are counted nowhere else). */
async function pagesReadBy(query: SQL): Promise<number> {
  const plan = await analyze(query);
  const pages = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  expect(pages, 'the plan reported no page read').toBeGreaterThan(0);
  return pages;
}

// A page costs what the page costs, however many companies match. "local" is in every listing's
// description, so any read that grows with the matches reads all 10,000; bench/results.md has the
// same at 1,000,000 rows with EXPLAIN (ANALYZE, BUFFERS).
describe('rows read for one page at 10,000 companies', () => {
  const WALK_DEPTH = 2000;

  it.each(['topRated', 'mostReviewed', 'mostFavorited'] as const)(
    'a word every company matches, sorted %s: the page walks a few rows of the index, not every match',
    async (sort) => {
      const filter = { ...base, sort, tsquery: await search.buildTsquery('local'), offset: 36 };
      const bound = await findBoundary(handle.db, filter, WALK_DEPTH);
      expect(bound).toBeDefined();
      expect(await rowsReadBy(listingQuery(filter, { kind: 'walk', bound }))).toBeLessThan(200);
      expect(await rowsReadBy(countQuery(filter))).toBeLessThanOrEqual(TOTAL_CAP + 50);
    },
  );

  it('a subcategory is counted from its companies, only as far as the cap', async () => {
    const subcategoryId = await firstSubcategoryOf(3);
    const filter = { categoryId: 3, subcategoryId };
    const { rows } = await handle.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies c
        WHERE c.is_active AND c.category_id = 3
          AND EXISTS (SELECT 1 FROM company_subcategories cs WHERE cs.company_id = c.id AND cs.subcategory_id = $1)`,
      [subcategoryId],
    );
    expect(rows[0].n).toBeGreaterThan(100);
    expect(await countCompanies(handle.db, filter)).toBe(rows[0].n);
    expect(await countCompanies(handle.db, filter, 50)).toBe(50);
    // Not every company of the category (714), joined with the subcategory's.
    expect(await rowsReadBy(countQuery(filter, 50))).toBeLessThanOrEqual(60);
  });

  it('a category page walks its category’s index', async () => {
    for (const sort of ['topRated', 'mostReviewed', 'mostFavorited'] as const) {
      expect(await rowsReadBy(listingQuery({ ...base, sort, categoryId: 3 })), sort).toBeLessThan(100);
    }
  });

  it('a word that fills no page within the bound reads at most the bound', async () => {
    // Companies named after the last of 10,000 ids sit anywhere in the order: the walk stops at
    // the bound instead of reading to the end of the index.
    const filter = { ...base, tsquery: await search.buildTsquery('9999') };
    const bound = await findBoundary(handle.db, filter, WALK_DEPTH);
    expect(await rowsReadBy(listingQuery(filter, { kind: 'walk', bound }))).toBeLessThanOrEqual(WALK_DEPTH * 1.2);
    // …and sorting its matches reads just those.
    expect(await rowsReadBy(listingQuery(filter, { kind: 'sortMatches' }))).toBeLessThan(50);
  });

  it.each(['topRated', 'mostReviewed', 'mostFavorited'] as const)(
    'a walk that fills no page stops at its bound in the index too, sorted %s',
    async (sort) => {
      // A row comparison ends an index scan only by its first column: a walk bounded by a
      // company without premium placement went on through every entry after it, unseen by the
      // rows read (PostgreSQL 15).
      const filter = { ...base, sort, tsquery: await search.buildTsquery('9999') };
      const bound = await findBoundary(handle.db, filter, 5);
      expect(bound?.is_premium).toBe(false);
      const { pages } = await handle.pool
        .query<{ pages: number }>(`SELECT pg_relation_size('companies_top_rated_idx') / 8192 AS pages`)
        .then((result) => result.rows[0]);
      expect(pages).toBeGreaterThan(100);
      // The five companies above the bound and those tied with it, and the pages they sit on.
      expect(await rowsReadBy(listingQuery(filter, { kind: 'walk', bound }))).toBeLessThanOrEqual(30);
      expect(await pagesReadBy(listingQuery(filter, { kind: 'walk', bound }))).toBeLessThan(40);
    },
  );
});

/** Where `row` sits against `bound` in a sort's index order: > 0 above, 0 level, < 0 below. */
function againstBound(row: CompanyRow, bound: SortKeyValues, key: string[]): number {
  for (const name of key) {
    const value = row[name as keyof CompanyRow] as boolean | number | null;
    const limit = bound[name] ?? null;
    // Descending, NULL last: any value is above NULL.
    if (value === null || limit === null) {
      if (value === limit) continue;
      return value === null ? -1 : 1;
    }
    const difference = Number(value) - Number(limit);
    if (difference !== 0) return difference;
  }
  return 0;
}

// The walk is exact only if it reads every match at or above its bound: its ranges are checked
// here against PostgreSQL's own order, with bounds among premium companies, rated ones and the
// unrated (NULL) ones, since the answers test's corpus seldom walks that deep.
describe('a walk reads every match at or above its bound', () => {
  const KEYS = {
    topRated: ['is_premium', 'average_rating', 'ratings_count'],
    mostReviewed: ['is_premium', 'ratings_count', 'average_rating'],
    mostFavorited: ['is_premium', 'favorites_count', 'average_rating', 'ratings_count'],
  } as const;

  const cases = [
    // One company in five; the unrated (NULL) ones start about 6,000 places down.
    ['the word "summit"', { tsquery: 'summit' }, [0, 3, 150, 2500, 6100, 7000, 9990]],
    // 140 or so of the category's 714 companies.
    ['a subcategory', { categoryId: 3, subcategoryId: 0 }, [0, 2, 40, 300, 500, 700]],
  ] as const;
  const sorts = ['topRated', 'mostReviewed', 'mostFavorited'] as const;

  it.each(cases.flatMap(([label, filter, depths]) => sorts.map((sort) => [label, sort, filter, depths] as const)))(
    '%s, sorted %s',
    async (_label, sort, given, depths) => {
      // (The embedded database has one connection: nothing outside the transaction may be asked
      // inside it.)
      const filter: Omit<ListingFilter, 'sort' | 'limit' | 'offset'> =
        'tsquery' in given
          ? { tsquery: await search.buildTsquery(given.tsquery) }
          : { categoryId: given.categoryId, subcategoryId: await firstSubcategoryOf(given.categoryId) };
      await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`UPDATE companies SET is_premium = true WHERE id % 97 = 3`);
          // A subcategory's companies are all rated or all not in this corpus: mix them.
          await tx.execute(sql`UPDATE companies SET average_rating = NULL, ratings_count = 0 WHERE id % 7 = 1`);
          const everything = { ...filter, sort, limit: 5000, offset: 0 };
          const ordered = (await tx.execute<CompanyRow>(listingQuery(everything))).rows;
          expect(ordered.length).toBeGreaterThan(100);
          const bounds: SortKeyValues[] = [];
          for (const depth of depths) {
            const bound = await findBoundary(tx, everything, depth);
            if (!bound) continue;
            bounds.push(bound);
            const walked = (await tx.execute<CompanyRow>(listingQuery(everything, { kind: 'walk', bound }))).rows;
            const expected = ordered.filter((row) => againstBound(row, bound, [...KEYS[sort]]) >= 0);
            expect(
              walked.map((row) => row.id),
              JSON.stringify(bound),
            ).toEqual(expected.map((row) => row.id));
          }
          // Bounds among the premium companies and among the unrated ones were tried.
          expect(bounds.some((bound) => bound.is_premium)).toBe(true);
          expect(bounds.some((bound) => !bound.is_premium && bound.average_rating === null)).toBe(true);
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
    },
    120_000,
  );
});

async function firstSubcategoryOf(categoryId: number): Promise<number> {
  const { rows } = await handle.pool.query<{ id: number }>('SELECT min(id) AS id FROM subcategories WHERE category_id = $1', [
    categoryId,
  ]);
  return rows[0].id;
}

class Rollback extends Error {}

// A by-distance page of a crowded circle is read from a smaller one (CompaniesService.listNearest):
// the same pages as PostgreSQL's own plan over the whole circle, premium companies first.
describe('nearest first in a crowded circle', () => {
  it('gives the pages of the whole circle, premium placement first', async () => {
    const word = (await search.buildTsquery('local'))!;
    await handle.db
      .transaction(async (tx) => {
        // 1,600 companies on 40 points within 4 miles of Midtown Manhattan (ties of distance
        // broken by rating and id), some premium, some unrated.
        await tx.execute(sql`
          INSERT INTO companies (name, description, category_id, phone, email, address, city, state, zip, latitude, longitude,
                                 average_rating, ratings_count, favorites_count)
          SELECT 'Crowded ' || g, 'Local professionals.', (SELECT min(id) FROM categories), '(555) 010-0000',
                 'crowd' || g || '@example.com', g || ' Broadway', 'New York', 'NY', '10001',
                 40.7484 + ((g % 40) / 8 - 2) * 0.02, -73.9967 + ((g % 40) % 8 - 4) * 0.02,
                 CASE WHEN g % 3 > 0 THEN round(3 + (g % 200) / 100.0, 2) END, CASE WHEN g % 3 > 0 THEN g % 17 ELSE 0 END,
                 g % 11
            FROM generate_series(1, 1600) AS g`);
        // Premium ones all over the circle, and among those at its centre.
        await tx.execute(sql`
          UPDATE companies SET is_premium = true
           WHERE name LIKE 'Crowded %' AND (id % 97 = 0 OR (latitude = 40.7484 AND longitude = -73.9967 AND id % 3 = 0))`);
        const service = new CompaniesService(tx);
        for (const radiusMiles of [5, 20, 50]) {
          for (const tsquery of [undefined, word]) {
            const near = { latitude: 40.7484, longitude: -73.9967, radiusMiles };
            const filter = { near, sort: 'distance' as const, ...(tsquery ? { tsquery } : {}) };
            const total = await countCompanies(tx, filter);
            expect(total, `${radiusMiles} miles`).toBe(TOTAL_CAP);
            for (const page of [1, 2, 5, 40, 111, 112]) {
              const answer = await service.list(filter, page, 9);
              const planned = await listCompanies(tx, { ...filter, limit: 9, offset: (page - 1) * 9 });
              expect(
                answer.companies.map((company) => [company.id, company.distanceMiles, company.isPremium]),
                `${radiusMiles} miles, ${tsquery ? 'a word' : 'no word'}, page ${page}`,
              ).toEqual(planned.map((row) => [row.id, Math.round(row.distance_miles! * 10) / 10, row.is_premium]));
              expect(answer.pagination.total).toBe(total);
            }
          }
        }
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  }, 120_000);
});
