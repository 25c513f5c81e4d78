/**
 * The proof that a page costs the page: EXPLAIN (ANALYZE, BUFFERS) of the statements a
 * discovery request runs, on the bench's own database, with how many companies each reads (kept
 * or filtered away) against how many match. At 1,000,000 companies a common word matches ~71,000;
 * a statement that reads all of them shows here. The same check runs in the tests at 10,000
 * (listing-indexes.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  boundaryQuery,
  circleListingQuery,
  countQuery,
  exactTextQuery,
  findBoundary,
  listingQuery,
  type ListingFilter,
} from '@/server/modules/companies/companies.repository';
import {
  CompaniesService,
  DEFAULT_LISTING,
  NEAREST_FIRST_SHARE,
  walkDepthsFor,
} from '@/server/modules/companies/companies.service';
import { SearchService } from '@/server/modules/search/search.service';
import { companiesRead, type AnalyzedPlanNode } from '@/server/test/plan-rows';

export interface ExplainRow {
  what: string;
  matches: number;
  companiesRead: number;
  buffers: number;
  executionMs: number;
}

async function explain(db: Db, query: SQL): Promise<Omit<ExplainRow, 'what' | 'matches'>> {
  const result = await db.execute<{ 'QUERY PLAN': [{ Plan: AnalyzedPlanNode; 'Execution Time': number }] }>(
    sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`,
  );
  const [{ Plan: plan, 'Execution Time': executionMs }] = result.rows[0]['QUERY PLAN'];
  return {
    companiesRead: companiesRead(plan),
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    executionMs,
  };
}

async function matchesOf(db: Db, filter: Omit<ListingFilter, 'sort' | 'limit' | 'offset'>): Promise<number> {
  return (await db.execute<{ n: number }>(countQuery(filter, 100_000_000))).rows[0].n;
}

export async function explainDiscovery(db: Db, categoryId: number): Promise<ExplainRow[]> {
  const search = new SearchService(db, new CompaniesService(db));
  const rows: ExplainRow[] = [];
  const add = async (what: string, filter: Omit<ListingFilter, 'sort' | 'limit' | 'offset'>, query: SQL) =>
    rows.push({ what, matches: await matchesOf(db, filter), ...(await explain(db, query)) });

  // Words are matched by the lexemes their prefixes stand for, as the app asks (exactTextQuery).
  const textFilter = async (text: string) => {
    const tsquery = (await search.buildTsquery(text))!;
    return { tsquery, exactTsquery: (await exactTextQuery(db, tsquery)).exact };
  };
  for (const word of ['plumbing', 'services']) {
    const text = await textFilter(word);
    for (const [sort, page] of [
      ['topRated', 1],
      ['mostFavorited', 5],
    ] as const) {
      const filter: ListingFilter = { ...text, sort, limit: 9, offset: (page - 1) * 9 };
      const [depth, widerDepth] = walkDepthsFor(DEFAULT_LISTING, filter);
      const bound = await findBoundary(db, filter, depth);
      await add(`"${word}", ${sort}, page ${page}: the walk`, filter, listingQuery(filter, { kind: 'walk', bound }));
      if (page === 1) {
        const wider = await findBoundary(db, filter, widerDepth);
        await add(
          `"${word}", ${sort}, page ${page}: the wider walk (K = ${widerDepth})`,
          filter,
          listingQuery(filter, { kind: 'walk', bound: wider }),
        );
      }
      if (page === 1) await add(`"${word}", ${sort}: its bound (K = ${depth})`, filter, boundaryQuery(filter, depth));
    }
  }
  // One word is not counted (its lexeme's count is the bound); several words are, up to the cap.
  const twoWords = await textFilter('roof repair');
  await add('"roof repair": the capped count', twoWords, countQuery(twoWords));
  const rare = await textFilter('keystone');
  await add(
    '"keystone": its matches sorted (a page whose walks both fail)',
    rare,
    listingQuery({ ...rare, sort: 'topRated', limit: 9, offset: 0 }, { kind: 'sortMatches' }),
  );
  for (const sort of ['topRated', 'mostReviewed', 'mostFavorited'] as const) {
    const filter: ListingFilter = { categoryId, sort, limit: 9, offset: 36 };
    await add(`category ${categoryId}, ${sort}, page 5`, filter, listingQuery(filter));
  }
  await add(`category ${categoryId}: the capped count`, { categoryId }, countQuery({ categoryId }));
  const { rows: subcategories } = await db.execute<{ id: number }>(
    sql`SELECT min(id) AS id FROM subcategories WHERE category_id = ${categoryId}`,
  );
  const bySubcategory: ListingFilter = { categoryId, subcategoryId: subcategories[0].id, sort: 'topRated', limit: 9, offset: 36 };
  const subcategoryBound = await findBoundary(db, bySubcategory, walkDepthsFor(DEFAULT_LISTING, bySubcategory)[0]);
  await add(
    `category ${categoryId} with a subcategory, page 5: the walk`,
    bySubcategory,
    listingQuery(bySubcategory, { kind: 'walk', bound: subcategoryBound }),
  );
  await add(`category ${categoryId} with a subcategory: the capped count`, bySubcategory, countQuery(bySubcategory));
  // 50 miles around Midtown Manhattan by distance, page 4: premium companies from the whole
  // circle, the rest from the first smaller circle (the circle doubles until it holds the page).
  const near = { latitude: 40.7484, longitude: -73.9967, radiusMiles: 50 };
  const byDistance: ListingFilter = { near, sort: 'distance', limit: 36, offset: 0 };
  await add('50 miles around 10001 by distance: the capped count', byDistance, countQuery(byDistance));
  await add(
    '50 miles around 10001 by distance, page 4: premium companies',
    { ...byDistance, premium: true },
    listingQuery({ ...byDistance, premium: true }, { kind: 'nearby' }),
  );
  const inner = { ...byDistance, near: { ...near, radiusMiles: near.radiusMiles * NEAREST_FIRST_SHARE }, premium: false };
  await add(
    `50 miles around 10001 by distance, page 4: the nearest in ${inner.near.radiusMiles} miles`,
    inner,
    listingQuery(inner, { kind: 'nearby' }),
  );
  // Words near a place, one statement: the companies near Midtown holding the words, from the
  // index of words and grid cells, counted and sorted; a common word and two that seldom meet.
  const midtown = { latitude: 40.7484, longitude: -73.9967, radiusMiles: 25, zips: ['10001'] };
  for (const [words, sort] of [
    ['plumbing', 'topRated'],
    ['drain cleaning', 'mostReviewed'],
  ] as const) {
    const tsquery = (await search.buildTsquery(words))!;
    const filter = { tsquery, near: midtown, sort, limit: 9, offset: 0 };
    await add(`"${words}" within 25 miles of 10001, ${sort}: page and total`, filter, circleListingQuery(filter));
  }
  return rows;
}
