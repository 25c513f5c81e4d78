/**
 * Reading companies for discovery in as few statements as possible: a page of cards is one
 * query (filters, fair order, paging, and each card's subcategories and first photo), and its
 * total is a second, capped count that can run beside it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { listingShownToSql, type ListingViewer } from '@/server/db/moderated-items';
import { leadPauseSql, takesInSql, workAreaSql, type LeadPauseJson, type WorkAreaJson } from '@/server/db/lead-preferences-sql';
import {
  credentialBadgesSql,
  openingHoursSql,
  openNowSql,
  type CredentialBadgeJson,
  type OpeningHoursJson,
} from '@/server/db/credentials-hours-sql';
import type { ReadRows } from '@/server/db/prepared-reads';
import type { Sort } from '@/shared/schemas/company';
import { milesBetweenSql } from '@/server/lib/miles-between';
import { placeCellsQuery } from '@/server/lib/place-cells';

export type CompanyRow = {
  id: number;
  owner_id: number | null;
  name: string;
  description: string;
  category_id: number;
  category_slug: string;
  category_name: string;
  subcategory: string | null;
  phone: string;
  email: string;
  website: string | null;
  logo: string | null;
  logo_object_id: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  is_active: boolean;
  is_premium: boolean;
  average_rating: number | null;
  ratings_count: number;
  favorites_count: number;
  reply_median_minutes: number | null;
  reply_sample_size: number;
  hire_count: number;
  distance_miles?: number | null;
  subcategories: { id: number; name: string; slug: string }[];
  first_image: { id: number; object_id: string; thumbnail_id: string | null } | null;
  /** The company's "Not taking new requests" pause in force today, or null. */
  lead_pause: LeadPauseJson;
  /** The company page only (`companyByIdQuery`). */
  work_area?: WorkAreaJson;
  credential_badges: CredentialBadgeJson;
  /** The company page only: its hours (null: none given) and its time zone. */
  opening_hours?: OpeningHoursJson;
  time_zone?: string;
  /** The company page only: set when a moderator took the listing down (shown to its owner and admins only). */
  moderation_state?: 'hidden' | 'removed' | null;
};

/** Columns of a company card; premium (paid placement) is kept on the row by triggers. */
const CARD_COLUMNS = sql`
  c.id, c.owner_id, c.name, c.description, c.category_id, cat.slug AS category_slug, cat.name AS category_name,
  c.subcategory, c.phone, c.email, c.website, c.logo, c.logo_object_id, c.address, c.city, c.state, c.zip,
  c.latitude, c.longitude, c.is_active, c.is_premium,
  c.average_rating::float8 AS average_rating, c.ratings_count, c.favorites_count,
  c.reply_median_minutes, c.reply_sample_size, c.hire_count`;

const CARD_FROM = sql`FROM companies c JOIN categories cat ON cat.id = c.category_id`;

/** Adds each card's subcategories, first photo, pause and credential badges to the rows of `page` (aliased p). */
const withCardDetails = (page: SQL, order: SQL) => sql`
  SELECT p.*,
    (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug) ORDER BY s.name), '[]'::json)
       FROM company_subcategories cs JOIN subcategories s ON s.id = cs.subcategory_id
      WHERE cs.company_id = p.id) AS subcategories,
    (SELECT json_build_object('id', ci.id, 'object_id', ci.object_id, 'thumbnail_id', so.thumbnail_id)
       FROM company_images ci LEFT JOIN stored_objects so ON so.id = ci.object_id
      WHERE ci.company_id = p.id AND ci.moderation_state IS NULL
      ORDER BY ci.display_order, ci.id LIMIT 1) AS first_image,
    ${leadPauseSql(sql`p.id`)} AS lead_pause,
    ${credentialBadgesSql(sql`p.id`)} AS credential_badges
  FROM (${page}) p
  ORDER BY ${order}`;

/** A company's page: its card and where it works (its service area and the services it takes). */
export const companyByIdQuery = (id: number) =>
  withCardDetails(
    sql`SELECT ${CARD_COLUMNS}, ${workAreaSql(sql`c.id`)} AS work_area, c.time_zone, c.moderation_state,
          ${openingHoursSql(sql`c.id`, sql`c.time_zone`)} AS opening_hours
        ${CARD_FROM} WHERE c.id = ${id}`,
    sql`p.id`,
  );

/** Every company of one owner, inactive ones too, newest first (the profile's Companies tab). */
export const ownerCompaniesQuery = (ownerId: number) =>
  withCardDetails(
    sql`SELECT ${CARD_COLUMNS}, c.created_at ${CARD_FROM} WHERE c.owner_id = ${ownerId}`,
    sql`p.created_at DESC, p.id DESC`,
  );

export async function listCompaniesOfOwner(db: DbOrTx, ownerId: number): Promise<CompanyRow[]> {
  const result = await db.execute<CompanyRow>(ownerCompaniesQuery(ownerId));
  return result.rows;
}

/** Whether the company exists and shows to `viewer`. */
export async function companyShownTo(db: DbOrTx, id: number, viewer: ListingViewer): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM companies c WHERE c.id = ${id} AND ${listingShownToSql(sql`c`, viewer)}`);
  return result.rows.length > 0;
}

export async function findCompanyRowById(read: ReadRows, id: number): Promise<CompanyRow | undefined> {
  const rows = await read<CompanyRow>('company_by_id', companyByIdQuery(id));
  return rows[0];
}

export interface ListingFilter {
  /** A prepared tsquery text such as `(plumb:* | plumber:*) & austin:*`; undefined: no text filter. */
  tsquery?: string;
  /**
   * The same query with each prefix spelled out as the lexemes it stands for, in tsquery syntax
   * (`exactTextQuery`): what rows are matched with, when known. Ranks are always computed on
   * `tsquery`.
   */
  exactTsquery?: string;
  /** A place and a radius; `zips`: the ZIP codes the place stands for (a service area of ZIP codes covers it when it holds one). */
  near?: { latitude: number; longitude: number; radiusMiles: number; zips?: string[] };
  categoryId?: number;
  subcategoryId?: number;
  ids?: number[];
  /** Only companies with (true) or without (false) premium placement: parts of a listing. */
  premium?: boolean;
  /** Only companies whose opening hours say they are open now, in their own time zones. */
  openNow?: boolean;
  sort: Sort;
  limit: number;
  offset: number;
}

function distanceExpression(near: NonNullable<ListingFilter['near']>): SQL {
  // Haversine on the listing's coordinates, in miles.
  return milesBetweenSql(
    { lat: sql`c.latitude`, lng: sql`c.longitude` },
    { lat: sql`${near.latitude}::float8`, lng: sql`${near.longitude}::float8` },
  );
}

/**
 * The columns that lead each sort, after premium placement, all `DESC NULLS LAST`: the order of
 * its partial indexes in schema.ts (with and without the category in front). Only the average
 * rating can be NULL (no reviews yet), and sorts last.
 */
const SORT_KEYS = {
  topRated: ['average_rating', 'ratings_count'],
  mostReviewed: ['ratings_count', 'average_rating'],
  mostFavorited: ['favorites_count', 'average_rating', 'ratings_count'],
} as const;

/** The index order a listing is read in: premium, then the sort's keys; undefined for by-distance. */
function indexKey(sort: Sort, hasDistance: boolean): string[] | undefined {
  if (sort === 'distance' && hasDistance) return undefined;
  return ['is_premium', ...SORT_KEYS[sort === 'distance' ? 'topRated' : sort]];
}

/**
 * Premium first, then the chosen sort; among equals, the better text match, then the oldest id.
 * `col` names a column of the table (`c.`) in the listing and of the page (`p.`) around it; the
 * keys match the partial indexes of schema.ts so that PostgreSQL can read a page in order
 * instead of sorting every match.
 */
function orderBy(sort: Sort, hasText: boolean, hasDistance: boolean, col: (name: string) => SQL): SQL {
  const desc = (name: string) => sql`${col(name)} DESC NULLS LAST`;
  const key = indexKey(sort, hasDistance);
  if (!key) {
    return sql`${desc('is_premium')}, ${col('distance_miles')} ASC, ${desc('average_rating')}, ${desc('ratings_count')}, ${col('id')}`;
  }
  const relevance = hasText ? [sql`${col('rank')} DESC`] : [];
  return sql.join([...key.map(desc), ...relevance, col('id')], sql`, `);
}

/** What rows are matched with: the exact form of the query when known (see `exactTextQuery`). */
function matchQuery(filter: Pick<ListingFilter, 'exactTsquery'>): SQL | undefined {
  return filter.exactTsquery === undefined ? undefined : sql`${filter.exactTsquery}::tsquery`;
}

interface Conditions {
  where: SQL;
  tsq: SQL | undefined;
  distance: SQL | undefined;
}

/**
 * `rowByRow`: the words and the subcategory are tested on each row read, in forms the planner
 * cannot turn into a read of their own indexes (`ts_match_vq` is what `@@` calls; an EXISTS with
 * an OFFSET is not made a join), for a walk down an order index.
 *
 * `byCells`: the form of a listing about a place in one statement (circleListingQuery): the place
 * is asked of the index of words and grid cells, and the words, unless spelled out already
 * (`exactTsquery`), are spelled out inside the statement.
 */
function conditionsOf(
  filter: Omit<ListingFilter, 'sort' | 'limit' | 'offset'>,
  { rowByRow = false, byCells = false }: { rowByRow?: boolean; byCells?: boolean } = {},
): Conditions {
  const conditions: SQL[] = [sql`c.is_active`];
  const tsq = filter.tsquery ? sql`to_tsquery('english', ${filter.tsquery})` : undefined;
  if (tsq) {
    // A listing about a place spells the prefixes out inside its own statement (one statement).
    const match = matchQuery(filter) ?? (byCells ? sql`spelled_out_tsquery(${filter.tsquery})` : tsq);
    conditions.push(rowByRow ? sql`ts_match_vq(c.search_vector, ${match})` : sql`c.search_vector @@ ${match}`);
  }
  let distance: SQL | undefined;
  if (filter.near) {
    const { latitude, longitude, radiusMiles } = filter.near;
    // A bounding box first (index on latitude, longitude), then the exact circle.
    const dLat = radiusMiles / 69;
    const dLng = radiusMiles / (69 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    distance = distanceExpression(filter.near);
    const box = sql`c.latitude BETWEEN ${latitude - dLat}::float8 AND ${latitude + dLat}::float8
      AND c.longitude BETWEEN ${longitude - dLng}::float8 AND ${longitude + dLng}::float8`;
    const cells = byCells
      ? placeCellsQuery({ south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng })
      : undefined;
    if (cells) {
      // The grid cells covering the box, from the index of words and places; the box itself stays
      // the listing's edge, tested on each company they bring (IS TRUE: not a second index read).
      conditions.push(sql`c.place_cells @@ ${cells}::tsquery`, sql`(${box}) IS TRUE`);
    } else {
      conditions.push(box);
    }
    conditions.push(sql`${distance} <= ${radiusMiles}::float8`);
  }
  if (filter.categoryId !== undefined) conditions.push(sql`c.category_id = ${filter.categoryId}`);
  // Written out, not a parameter: the premium companies' partial index must be seen to apply.
  if (filter.premium !== undefined) conditions.push(filter.premium ? sql`c.is_premium` : sql`NOT c.is_premium`);
  if (filter.subcategoryId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM company_subcategories cs WHERE cs.company_id = c.id AND cs.subcategory_id = ${filter.subcategoryId}${rowByRow ? sql` OFFSET 0` : sql``})`,
    );
  }
  // Added only when asked for: every other listing keeps its statement as it was.
  if (filter.openNow) conditions.push(openNowSql({ rowByRow }));
  if (filter.ids) {
    const ids = filter.ids.map((id) => sql`${id}`);
    conditions.push(ids.length ? sql`c.id IN (${sql.join(ids, sql`, `)})` : sql`false`);
  }
  // A listing about a place or a subcategory lists only the companies whose lead preferences take it in.
  if (filter.near || filter.subcategoryId !== undefined) {
    const { near } = filter;
    conditions.push(
      takesInSql({
        place: near && { latitude: near.latitude, longitude: near.longitude, zips: near.zips ?? [] },
        subcategoryId: filter.subcategoryId,
      }),
    );
  }
  return { where: sql.join(conditions, sql` AND `), tsq, distance };
}

/**
 * How a page is read (CompaniesService chooses):
 * - `planner`: one statement, PostgreSQL's own plan (exact filters: a category, a place, ids);
 * - `walk`: in index order, only as far as `bound`, the sort key of the company K places down
 *   the index (`boundaryQuery`), so a word whose matches sit far down the order costs K rows at
 *   most; the answer is exact when it fills the page, since every match above the bound is read;
 * - `sortMatches`: every match, then the page (a rare word: fewer rows than a walk);
 * - `nearby`: PostgreSQL's plan with the words tested on each row, for a small circle read
 *   through the location index (rather than through the text index, every match of a word).
 */
export type ListingPlan =
  { kind: 'planner' } | { kind: 'walk'; bound: SortKeyValues | undefined } | { kind: 'sortMatches' } | { kind: 'nearby' };

/** One page of active companies matching the filter, each card complete. */
export async function listCompanies(
  db: DbOrTx,
  filter: ListingFilter,
  plan: ListingPlan = { kind: 'planner' },
): Promise<CompanyRow[]> {
  const result = await db.execute<CompanyRow>(listingQuery(filter, plan));
  return result.rows;
}

/** The listing statement itself (tests read its EXPLAIN). */
export function listingQuery(filter: ListingFilter, plan: ListingPlan = { kind: 'planner' }): SQL {
  const { where, tsq, distance } = conditionsOf(filter, { rowByRow: plan.kind === 'nearby' });
  const hasText = !!tsq;
  const hasDistance = !!distance;
  const matchColumns = sql`${CARD_COLUMNS},
      ${distance ?? sql`NULL::float8`} AS distance_miles,
      ${tsq ? sql`ts_rank_cd(c.search_vector, ${tsq})` : sql`0::real`} AS rank`;
  const pageOrder = orderBy(filter.sort, hasText, hasDistance, (name) => sql.raw(`p.${name}`));
  const paging = sql`LIMIT ${filter.limit} OFFSET ${filter.offset}`;
  const key = indexKey(filter.sort, hasDistance);
  if ((plan.kind === 'walk' || plan.kind === 'sortMatches') && key) {
    // Only the candidates' sort keys are read first, so that the text rank (the costly part) is
    // computed for the page and the companies tied with its last one, not for every candidate.
    const keyColumns = sql.raw(key.map((name) => `c.${name}`).join(', '));
    const keyOrder = (alias: string) => sql.raw(key.map((name) => `${alias}.${name} DESC NULLS LAST`).join(', '));
    const wanted = filter.offset + filter.limit;
    let candidates: SQL;
    if (plan.kind === 'sortMatches') {
      // MATERIALIZED: every match through the text index, rather than an order index walked in
      // the hope of meeting them.
      candidates = sql`SELECT c.id, ${keyColumns} FROM companies c WHERE ${where}`;
    } else {
      // Each range of the index above the bound, read from its start, stopping after the page's
      // matches (and their ties) or at its end; the filters are tested row by row (a planner
      // shown a narrow range would rather combine it with the text index, whose bitmap holds
      // every match of the word, or join every company of the subcategory).
      const { where: walkWhere } = conditionsOf(filter, { rowByRow: true });
      const ranges = plan.bound ? rangesAtOrAbove(key, plan.bound) : [sql`true`];
      candidates = sql.join(
        ranges.map(
          (range) => sql`(SELECT c.id, ${keyColumns} FROM companies c WHERE ${walkWhere} AND ${range}
              ORDER BY ${keyOrder('c')} FETCH FIRST ${wanted} ROWS WITH TIES)`,
        ),
        sql` UNION ALL `,
      );
    }
    const page = sql`
      WITH candidates AS MATERIALIZED (${candidates}),
           page_keys AS (SELECT m.id FROM candidates m ORDER BY ${keyOrder('m')} FETCH FIRST ${wanted} ROWS WITH TIES)
      SELECT ${matchColumns} ${CARD_FROM}
       WHERE c.id IN (SELECT id FROM page_keys)
       ORDER BY ${orderBy(filter.sort, hasText, hasDistance, (name) => (name === 'rank' ? sql.raw(name) : sql.raw(`c.${name}`)))}
       ${paging}`;
    return withCardDetails(page, pageOrder);
  }
  const page = sql`
    SELECT ${matchColumns}
    ${CARD_FROM}
    WHERE ${where}
    ORDER BY ${orderBy(filter.sort, hasText, hasDistance, (name) =>
      ['rank', 'distance_miles'].includes(name) ? sql.raw(name) : sql.raw(`c.${name}`),
    )}
    ${paging}`;
  return withCardDetails(page, pageOrder);
}

/** A page of cards with the capped total of the listing it belongs to. */
export type CircleListing = { rows: CompanyRow[]; total: number };

/**
 * Words near a place as one statement: the words' prefixes are spelled out as lexemes
 * (spelled_out_tsquery, see exactTextQuery), the companies near the place that hold them come
 * from one index of words and grid cells (lib/place-cells.ts), each is read once, counted (up to
 * TOTAL_CAP), and only the page and the companies tied with its last one are ranked and
 * completed. The words' own index answered with every company holding them in the country
 * (10,906 for "cleaning" at 100,000 companies, 2.2 ms before a row was read) and the location
 * index with every company in a latitude band; and a count beside the page read it all again.
 */
export function circleListingQuery(filter: ListingFilter & { near: NonNullable<ListingFilter['near']> }): SQL {
  const { where, tsq, distance } = conditionsOf(filter, { byCells: true });
  const hasText = !!tsq;
  const byDistance = filter.sort === 'distance';
  // What the page is taken by before its ties are ranked: premium placement, then the sort's keys
  // (or the distance); the full order then decides within the page.
  const key = indexKey(filter.sort, true) ?? ['is_premium'];
  const keyOrder = sql.raw(
    [...key.map((name) => `m.${name} DESC NULLS LAST`), ...(byDistance ? ['m.distance_miles ASC'] : [])].join(', '),
  );
  const wanted = filter.offset + filter.limit;
  // The listing's order on the columns of `alias`; within the page's own SELECT, its computed
  // columns go by their bare names.
  const orderOn = (alias: string) =>
    orderBy(filter.sort, hasText, true, (name) =>
      alias === 'c' && (name === 'rank' || name === 'distance_miles') ? sql.raw(name) : sql.raw(`${alias}.${name}`),
    );
  const page = sql`
    SELECT ${CARD_COLUMNS}, ${distance} AS distance_miles,
           ${tsq ? sql`ts_rank_cd(c.search_vector, ${tsq})` : sql`0::real`} AS rank
      ${CARD_FROM}
     WHERE c.id IN (SELECT id FROM page_keys)
     ORDER BY ${orderOn('c')}
     LIMIT ${filter.limit} OFFSET ${filter.offset}`;
  return sql`
    WITH matches AS MATERIALIZED (
           SELECT c.id, c.is_premium, c.average_rating, c.ratings_count, c.favorites_count, ${distance} AS distance_miles
             FROM companies c WHERE ${where}),
         page_keys AS (SELECT m.id FROM matches m ORDER BY ${keyOrder} FETCH FIRST ${wanted} ROWS WITH TIES)
    SELECT t.listing_total, cards.*
      FROM (SELECT least(count(*), ${TOTAL_CAP})::int AS listing_total FROM matches) t
      LEFT JOIN LATERAL (${withCardDetails(page, orderOn('p'))}) cards ON true
     ORDER BY ${orderOn('cards')}`;
}

/**
 * Prepared where statements are (`read`): whatever the words and the place, the plan is the one
 * index of words and cells, and planning took longer than running (2.8 ms to plan, 1.1 ms to run
 * at 100,000 companies). Its text differs only by the listing's shape (sort, category,
 * subcategory, open now), so a connection holds a handful.
 */
export async function listCompaniesInCircle(
  read: ReadRows,
  filter: ListingFilter & { near: NonNullable<ListingFilter['near']> },
): Promise<CircleListing> {
  const found = await read<CompanyRow & { listing_total: number }>('listing_in_circle', circleListingQuery(filter));
  return { rows: found.filter((row) => row.id !== null), total: found[0]?.listing_total ?? 0 };
}

/** The values of a sort's index key for one company (see `indexKey`). */
// (numeric ratings come back as their exact text, and go back to PostgreSQL as such)
export type SortKeyValues = Record<string, boolean | number | string | null>;

/**
 * "At or above the bound in the sort's order" as disjoint ranges of the index, in its order:
 * the companies above the bound's first key, then those equal on it and above on the second,
 * and so on, down to those equal on every key but the last and at or above it there. Each is an
 * equality on a prefix of the index and one inequality on the next column, which ends the
 * index scan where the range does. (A row comparison `(a, b, c) >= (…)` ends it only by its
 * first column: a bound among companies without premium placement read the index to its end.)
 * Every key sorts descending with NULL last, so "above" a NULL is any value.
 */
function rangesAtOrAbove(key: string[], bound: SortKeyValues): SQL[] {
  const ranges: SQL[] = [];
  const equal: SQL[] = [];
  key.forEach((name, i) => {
    const column = sql.raw(`c.${name}`);
    const value = bound[name] ?? null;
    const last = i === key.length - 1;
    if (last) {
      ranges.push(sql.join([...equal, value === null ? sql`true` : sql`${column} >= ${value}`], sql` AND `));
    } else {
      ranges.push(sql.join([...equal, value === null ? sql`${column} IS NOT NULL` : sql`${column} > ${value}`], sql` AND `));
      equal.push(value === null ? sql`${column} IS NULL` : sql`${column} = ${value}`);
    }
  });
  return ranges;
}

/**
 * The sort key of the active company `depth` places down the order (premium first) within the
 * category when there is one: an index-only read. Undefined when there are not that many.
 */
export function boundaryQuery(filter: Pick<ListingFilter, 'sort' | 'categoryId'>, depth: number): SQL {
  const key = indexKey(filter.sort, false)!;
  const columns = sql.raw(key.map((name) => `c.${name}`).join(', '));
  const order = sql.raw([...key.map((name) => `c.${name} DESC NULLS LAST`), 'c.id'].join(', '));
  const category = filter.categoryId === undefined ? sql`` : sql` AND c.category_id = ${filter.categoryId}`;
  return sql`
    SELECT ${columns}
      FROM companies c WHERE c.is_active${category}
     ORDER BY ${order} OFFSET ${depth} LIMIT 1`;
}

export async function findBoundary(
  db: DbOrTx,
  filter: Pick<ListingFilter, 'sort' | 'categoryId'>,
  depth: number,
): Promise<SortKeyValues | undefined> {
  const result = await db.execute<SortKeyValues>(boundaryQuery(filter, depth));
  return result.rows[0];
}

/**
 * How many companies match, counting at most `cap`: an exact total of a common word would read
 * every match, and nobody pages past the first hundred pages.
 */
export const TOTAL_CAP = 1000;

export function countQuery(filter: Omit<ListingFilter, 'sort' | 'limit' | 'offset'>, cap = TOTAL_CAP): SQL {
  if (filter.subcategoryId !== undefined && !filter.near && !filter.ids) {
    // From the subcategory's companies, each looked up until the cap: the planner, which takes a
    // subcategory for as rare within its category as in the catalogue, would join all of them
    // with every company of the category (8.4 ms at 1,000,000 companies, 4 ms this way).
    const { where } = conditionsOf({ ...filter, subcategoryId: undefined });
    const takes = takesInSql({ subcategoryId: filter.subcategoryId });
    return sql`SELECT count(*)::int AS n FROM (
        SELECT 1 FROM company_subcategories cs
        CROSS JOIN LATERAL (SELECT 1 FROM companies c WHERE c.id = cs.company_id AND ${where} AND ${takes} OFFSET 0) c
         WHERE cs.subcategory_id = ${filter.subcategoryId} LIMIT ${cap}) matches`;
  }
  const { where } = conditionsOf(filter);
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM companies c WHERE ${where} LIMIT ${cap}) matches`;
}

export async function countCompanies(
  db: DbOrTx,
  filter: Omit<ListingFilter, 'sort' | 'limit' | 'offset'>,
  cap = TOTAL_CAP,
): Promise<number> {
  const result = await db.execute<{ n: number }>(countQuery(filter, cap));
  return result.rows[0]?.n ?? 0;
}

/** A text query as the text index is best asked it (`exactTextQuery`). */
export interface ExactTextQuery {
  /** In tsquery syntax (`::tsquery`, not normalised again): matches exactly what `tsquery` matches. */
  exact: string;
  /** At least how many active companies match; 0 when unknown (several words must all match). */
  atLeast: number;
}

/** A prefix standing for more lexemes than this stays a prefix (a short one such as "pl:*"): spelled_out_tsquery's limit. */
export const MAX_PREFIX_LEXEMES = 64;

/**
 * The text query with each prefix (`'plumb':*`) replaced by the lexemes of active companies that
 * start with it (`( 'plumb' | 'plumber' )`), by the database function `spelled_out_tsquery`
 * (search_lexeme_counts is kept exact by triggers in the writers' transactions). Both match the
 * same active companies, but the text index answers a prefix by building a bitmap of every
 * posting of every lexeme under it before combining them (a lossy one, rechecked row by row),
 * while exact lexemes are merged in order and the rarest of several words skips through the
 * others: "roof repair" counted to its cap in 44 ms at 1,000,000 companies, 11 ms exactly. A
 * prefix that stands for more than MAX_PREFIX_LEXEMES lexemes, or for none, stays as it is.
 *
 * Also a lower bound of the matches (`atLeast`): for a query that is one group of alternatives
 * (one word and its near spellings), the most companies any one of its lexemes is held by; the
 * count can be skipped once that reaches the cap.
 */
export async function exactTextQuery(db: DbOrTx, tsquery: string): Promise<ExactTextQuery> {
  const result = await db.execute<{ query: string; exact: string; most: number | null }>(sql`
    WITH q AS (SELECT to_tsquery('english', ${tsquery})::text AS query)
    SELECT q.query, spelled_out_tsquery(${tsquery})::text AS exact,
           (SELECT max(l.companies) FROM regexp_matches(q.query, '''([a-z0-9]+)'':\\*', 'g') AS m,
                   search_prefix_lexemes(m[1]) AS l) AS most
      FROM q`);
  const row = result.rows[0];
  const query = row?.query ?? '';
  // Only alternatives: each lexeme's companies all match. Several words (&), a negation or a
  // phrase: no single lexeme bounds the total.
  const atLeast = /[&!<]/.test(query) ? 0 : (row?.most ?? 0);
  return { exact: row?.exact ?? '', atLeast };
}

export type CompanyImageRow = {
  id: number;
  object_id: string;
  thumbnail_id: string | null;
  caption: string | null;
  display_order: number;
};

/** The photos of a company shown to `viewer` (none of a listing a moderator took down, but to its owner and admins). */
export async function listCompanyImages(db: DbOrTx, companyId: number, viewer: ListingViewer): Promise<CompanyImageRow[]> {
  const result = await db.execute<CompanyImageRow>(sql`
    SELECT ci.id, ci.object_id, so.thumbnail_id, ci.caption, ci.display_order
      FROM company_images ci JOIN companies c ON c.id = ci.company_id LEFT JOIN stored_objects so ON so.id = ci.object_id
     WHERE ci.company_id = ${companyId} AND ci.moderation_state IS NULL AND ${listingShownToSql(sql`c`, viewer)}
     ORDER BY ci.display_order, ci.id`);
  return result.rows;
}

/**
 * Recomputes each company's median time to a first reply over the last 90 days (beyond the spec,
 * "Usually replies within N hours", as Yelp shows it). Rows change only when their figures do.
 */
export async function refreshReplyResponsiveness(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    WITH first_replies AS (
      SELECT qc.company_id, extract(epoch FROM (min(m.created_at) - q.submitted_at)) / 60 AS minutes
        FROM quotes q
        JOIN quote_companies qc ON qc.quote_id = q.id
        JOIN messages m ON m.quote_id = q.id AND m.company_id = qc.company_id AND m.sender_type = 'company'
       WHERE q.submitted_at >= now() - interval '90 days'
       GROUP BY qc.company_id, q.id, q.submitted_at
    ), stats AS (
      SELECT company_id, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes))::int AS median, count(*)::int AS n
        FROM first_replies GROUP BY company_id
    ), updated AS (
      UPDATE companies c SET reply_median_minutes = s.median, reply_sample_size = s.n
        FROM stats s
       WHERE c.id = s.company_id
         AND (c.reply_median_minutes IS DISTINCT FROM s.median OR c.reply_sample_size <> s.n)
    )
    UPDATE companies c SET reply_median_minutes = NULL, reply_sample_size = 0
     WHERE c.reply_sample_size > 0 AND NOT EXISTS (SELECT 1 FROM stats s WHERE s.company_id = c.id)`);
}

// ───────────── where a company appears ─────────────

export type PlacementSubject = {
  id: number;
  category_id: number;
  category_name: string;
  category_slug: string;
  zip: string;
  is_active: boolean;
  is_premium: boolean;
  average_rating: number | null;
  ratings_count: number;
  zip_latitude: number | null;
  zip_longitude: number | null;
};

/** The company's sort keys and its ZIP code's centroid (null when the ZIP is not known). */
export async function findPlacementSubject(db: DbOrTx, id: number): Promise<PlacementSubject | undefined> {
  const result = await db.execute<PlacementSubject>(sql`
    SELECT c.id, c.category_id, cat.name AS category_name, cat.slug AS category_slug, c.zip, c.is_active, c.is_premium,
           c.average_rating::float8 AS average_rating, c.ratings_count, z.latitude AS zip_latitude, z.longitude AS zip_longitude
      FROM companies c JOIN categories cat ON cat.id = c.category_id LEFT JOIN zip_codes z ON z.zip = c.zip
     WHERE c.id = ${id}`);
  return result.rows[0];
}

/**
 * Where `me` stands in a listing by Top Rated (the default sort) with `filter`'s conditions, the
 * listing's own: how many companies come before it (premium first, then rating with no rating
 * last, then reviews, then the oldest id), how many are listed, and whether it is among them.
 */
export async function countPlacement(
  db: DbOrTx,
  filter: Pick<ListingFilter, 'categoryId' | 'near'>,
  me: PlacementSubject,
): Promise<{ ahead: number; total: number; listed: boolean }> {
  const { where } = conditionsOf(filter);
  const rating = me.average_rating;
  const ahead = sql`(
    (c.is_premium AND NOT ${me.is_premium}::boolean)
    OR (c.is_premium = ${me.is_premium}::boolean AND (
          ${rating === null ? sql`c.average_rating IS NOT NULL` : sql`c.average_rating > ${rating}::numeric`}
       OR (${rating === null ? sql`c.average_rating IS NULL` : sql`c.average_rating = ${rating}::numeric`} AND (
             c.ratings_count > ${me.ratings_count}
          OR (c.ratings_count = ${me.ratings_count} AND c.id < ${me.id}))))))`;
  const result = await db.execute<{ ahead: number; total: number; listed: boolean }>(sql`
    SELECT count(*) FILTER (WHERE ${ahead})::int AS ahead, count(*)::int AS total,
           coalesce(bool_or(c.id = ${me.id}), false) AS listed
      FROM companies c WHERE ${where}`);
  return result.rows[0];
}
