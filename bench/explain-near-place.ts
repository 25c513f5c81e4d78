/**
 * Where a search near a place spends its statement: EXPLAIN (ANALYZE, BUFFERS) of the app's own
 * one statement (circleListingQuery) for each request of part (j), one after the other, after a
 * first pass that warms the buffers as the load did. The plan has three parts: the index of words
 * and grid cells hands over candidates (the companies in the cells that hold the words), the heap
 * keeps those in the circle (the matches), and the rest counts the matches, sorts them for the
 * page and completes its cards. Comparing the figures at 100,000 and 1,000,000 companies shows
 * which part follows the catalogue.
 */
import type pg from 'pg';
import { CompaniesService } from '@/server/modules/companies/companies.service';
import { SearchService } from '@/server/modules/search/search.service';
import type { AnalyzedPlanNode } from '@/server/test/plan-rows';
import { SearchQuerySchema } from '@/shared/schemas/company';
import { recordingDb, type Statement } from './raw-sql';

type TimedNode = AnalyzedPlanNode & { 'Actual Total Time': number };

/** Means over the requests of one kind of place. */
export interface NearPlaceProfileRow {
  places: 'dense' | 'sparse' | 'all';
  requests: number;
  /** Companies the index handed over, and those of them in the circle. */
  candidates: number;
  matches: number;
  /** The median request's matches. */
  medianMatches: number;
  indexMs: number;
  heapMs: number;
  restMs: number;
  executionMs: number;
  indexBuffers: number;
  heapBuffers: number;
}

interface RequestProfile {
  dense: boolean;
  candidates: number;
  matches: number;
  indexMs: number;
  heapMs: number;
  executionMs: number;
  indexBuffers: number;
  heapBuffers: number;
}

const buffersOf = (node: AnalyzedPlanNode) => (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);

function find(node: TimedNode, type: string): TimedNode | undefined {
  if (node['Node Type'] === type) return node;
  for (const child of (node.Plans ?? []) as TimedNode[]) {
    const found = find(child, type);
    if (found) return found;
  }
  return undefined;
}

async function profileOne(pool: pg.Pool, statement: Statement, dense: boolean): Promise<RequestProfile> {
  const result = await pool.query<{ 'QUERY PLAN': [{ Plan: TimedNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
    statement.params,
  );
  const [{ Plan: plan, 'Execution Time': executionMs }] = result.rows[0]['QUERY PLAN'];
  const heap = find(plan, 'Bitmap Heap Scan');
  const index = heap && find(heap, 'Bitmap Index Scan');
  // The plan is the same for every request (the words-and-cells index, then the heap); a request
  // whose place needs no cells would show none, and counts all its time as the rest.
  const indexMs = index?.['Actual Total Time'] ?? 0;
  const heapTotal = heap?.['Actual Total Time'] ?? 0;
  return {
    dense,
    candidates: index?.['Actual Rows'] ?? 0,
    matches: heap?.['Actual Rows'] ?? 0,
    indexMs,
    heapMs: heapTotal - indexMs,
    executionMs,
    indexBuffers: index ? buffersOf(index) : 0,
    heapBuffers: heap && index ? buffersOf(heap) - buffersOf(index) : 0,
  };
}

function summarize(places: NearPlaceProfileRow['places'], profiles: RequestProfile[]): NearPlaceProfileRow {
  const mean = (pick: (p: RequestProfile) => number) => profiles.reduce((sum, p) => sum + pick(p), 0) / profiles.length;
  const sortedMatches = profiles.map((p) => p.matches).sort((a, b) => a - b);
  return {
    places,
    requests: profiles.length,
    candidates: mean((p) => p.candidates),
    matches: mean((p) => p.matches),
    medianMatches: sortedMatches[Math.floor((sortedMatches.length - 1) / 2)] ?? 0,
    indexMs: mean((p) => p.indexMs),
    heapMs: mean((p) => p.heapMs),
    restMs: mean((p) => p.executionMs - p.indexMs - p.heapMs),
    executionMs: mean((p) => p.executionMs),
    indexBuffers: mean((p) => p.indexBuffers),
    heapBuffers: mean((p) => p.heapBuffers),
  };
}

/** The circle statement (circleListingQuery) among those a search sends. */
const isCircleListing = (statement: Statement) => statement.text.includes('matches AS MATERIALIZED');

/**
 * The statement of each of `paths` (part (j)'s requests) exactly as the app sends it: the search
 * service answers each path on a database that records its statements (raw-sql.ts), and the
 * circle statement among them is explained with its parameters.
 */
export async function profileNearPlace(
  pool: pg.Pool,
  paths: string[],
  denseZips: readonly string[],
): Promise<NearPlaceProfileRow[]> {
  const recorder = recordingDb(pool);
  const search = new SearchService(recorder.db, new CompaniesService(recorder.db));
  const statements: { statement: Statement; dense: boolean }[] = [];
  for (const urlPath of paths) {
    const input = SearchQuerySchema.parse(Object.fromEntries(new URL(urlPath, 'http://x').searchParams));
    await search.search(input);
    const statement = recorder.take().find(isCircleListing);
    if (!statement) throw new Error(`${urlPath}: the search sent no statement about a place`);
    statements.push({ statement, dense: denseZips.includes(input.location ?? '') });
  }
  // The first pass warms the buffers (the load before it touched the same rows); the second is kept.
  for (const { statement, dense } of statements) await profileOne(pool, statement, dense);
  const profiles: RequestProfile[] = [];
  for (const { statement, dense } of statements) profiles.push(await profileOne(pool, statement, dense));
  const dense = profiles.filter((p) => p.dense);
  const sparse = profiles.filter((p) => !p.dense);
  return [summarize('dense', dense), summarize('sparse', sparse), summarize('all', profiles)];
}
