/** Look-ups behind the search box: nearest real words for typos, and places for locations. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

/**
 * For each word that is not itself a known word, its nearest real words (pg_trgm), best first:
 * one statement for all words. Known words need no help, and every alternative makes the
 * full-text match wider and slower.
 */
export async function findSimilarTerms(db: DbOrTx, words: string[], perWord = 3): Promise<Map<string, string[]>> {
  const similar = new Map<string, string[]>(words.map((word) => [word, []]));
  if (words.length === 0) return similar;
  const result = await db.execute<{ word: string; term: string }>(sql`
    SELECT w.word, t.term
      FROM unnest(${`{${words.join(',')}}`}::text[]) AS w(word)
      CROSS JOIN LATERAL (
        SELECT term FROM search_terms
         WHERE term % w.word AND NOT EXISTS (SELECT 1 FROM search_terms known WHERE known.term = w.word)
         ORDER BY similarity(term, w.word) DESC, term LIMIT ${perWord}) t`);
  for (const row of result.rows) similar.get(row.word)?.push(row.term);
  return similar;
}

/** Moves whenever words are added to search_terms (migration 0015). */
export async function readSearchTermsStamp(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ stamp: number }>(sql`SELECT stamp FROM search_terms_stamp`);
  return result.rows[0]?.stamp ?? 0;
}

export type ZipCentroid = {
  label: string;
  latitude: number;
  longitude: number;
  /** The ZIP codes the place stands for: itself, or a city's. */
  zips: string[];
};

/**
 * The row that stands for a postal code (postal_place, migration 0050: its own, a ZIP+4's five
 * digits, else the area it lies in, which the import adds for every area): labelled "Austin, TX
 * 78701" where places are named with their state (the US), "London SW1A 1AA" elsewhere. Its
 * `zips` hold its area too, so that a service area listing the area covers the code.
 */
export async function findZipCentroid(db: DbOrTx, zip: string, withState = true): Promise<ZipCentroid | undefined> {
  const result = await db.execute<ZipCentroid>(sql`
    SELECT ${withState ? sql`city || ', ' || state || ' ' || zip` : sql`city || ' ' || zip`} AS label,
           latitude, longitude, array_remove(ARRAY[zip, nullif(area, zip)], NULL) AS zips
      FROM postal_place(${zip}) WHERE zip IS NOT NULL`);
  return result.rows[0];
}

/** The centre of a city's postal codes; without a state, the state where the name has most codes. */
export async function findCityCentroid(
  db: DbOrTx,
  city: string,
  state: string | undefined,
  withState = true,
): Promise<ZipCentroid | undefined> {
  const result = await db.execute<ZipCentroid>(sql`
    SELECT ${withState ? sql`min(city) || ', ' || state` : sql`min(city)`} AS label,
           avg(latitude)::float8 AS latitude, avg(longitude)::float8 AS longitude,
           array_agg(zip ORDER BY zip) AS zips
      FROM zip_codes
     WHERE lower(city) = ${city.toLowerCase()} ${state ? sql`AND state = ${state.toUpperCase()}` : sql``}
     GROUP BY state
     ORDER BY count(*) DESC
     LIMIT 1`);
  return result.rows[0];
}

/** Moves whenever a postal-code import changed a row (migration 0049). */
export async function readZipCodesStamp(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ stamp: number }>(sql`SELECT stamp FROM zip_codes_stamp`);
  return Number(result.rows[0]?.stamp ?? 0);
}
