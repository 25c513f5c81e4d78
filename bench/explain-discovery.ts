/**
 * Issue 17's proof that a page costs the page: EXPLAIN (ANALYZE, BUFFERS) of the statements a
 * discovery request runs, on the bench's own database, with how many companies each reads (kept
 * or filtered away) against how many match. At 1,000,000 companies a common word matches ~71,000;
 * a statement that reads all of them shows here. The same check runs in the tests at 10,000
 * (listing-indexes.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  boundaryQuery,
  countQuery,
  findBoundary,
  listingQuery,
  type ListingFilter,
} from '@/server/modules/companies/companies.repository';
import { CompaniesService, DEFAULT_LISTING, walkDepthsFor } from '@/server/modules/companies/companies.service';
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

  for (const word of ['plumbing', 'services']) {
    const tsquery = await search.buildTsquery(word);
    for (const [sort, page] of [
      ['topRated', 1],
      ['mostFavorited', 5],
    ] as const) {
      const filter: ListingFilter = { tsquery, sort, limit: 9, offset: (page - 1) * 9 };
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
    await add(`"${word}": the capped count`, { tsquery }, countQuery({ tsquery }));
  }
  const rare = await search.buildTsquery('keystone');
  await add(
    '"keystone" (a rare word): its matches sorted',
    { tsquery: rare },
    listingQuery({ tsquery: rare, sort: 'topRated', limit: 9, offset: 0 }, { kind: 'sortMatches' }),
  );
  for (const sort of ['topRated', 'mostReviewed', 'mostFavorited'] as const) {
    const filter: ListingFilter = { categoryId, sort, limit: 9, offset: 36 };
    await add(`category ${categoryId}, ${sort}, page 5`, filter, listingQuery(filter));
  }
  await add(`category ${categoryId}: the capped count`, { categoryId }, countQuery({ categoryId }));
  return rows;
}
