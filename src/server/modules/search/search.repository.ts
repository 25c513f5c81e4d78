/** Look-ups behind the search box: nearest real words for typos, and places for locations. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

/** Nearest real words to a misspelt one (pg_trgm), best first. */
export async function findSimilarTerms(db: DbOrTx, word: string, limit = 3): Promise<string[]> {
  const result = await db.execute<{ term: string }>(sql`
    SELECT term FROM search_terms WHERE term % ${word}
     ORDER BY similarity(term, ${word}) DESC, term LIMIT ${limit}`);
  return result.rows.map((r) => r.term);
}

export type ZipCentroid = {
  label: string;
  latitude: number;
  longitude: number;
};

export async function findZipCentroid(db: DbOrTx, zip: string): Promise<ZipCentroid | undefined> {
  const result = await db.execute<ZipCentroid>(sql`
    SELECT city || ', ' || state || ' ' || zip AS label, latitude, longitude FROM zip_codes WHERE zip = ${zip}`);
  return result.rows[0];
}

/** The centre of a city's ZIP codes; without a state, the state where the name has most ZIPs. */
export async function findCityCentroid(db: DbOrTx, city: string, state: string | undefined): Promise<ZipCentroid | undefined> {
  const result = await db.execute<ZipCentroid>(sql`
    SELECT min(city) || ', ' || state AS label, avg(latitude)::float8 AS latitude, avg(longitude)::float8 AS longitude
      FROM zip_codes
     WHERE lower(city) = ${city.toLowerCase()} ${state ? sql`AND state = ${state.toUpperCase()}` : sql``}
     GROUP BY state
     ORDER BY count(*) DESC
     LIMIT 1`);
  return result.rows[0];
}
