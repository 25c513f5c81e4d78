/** Writes and sweeps of the listing counts (activity-counter.ts batches them). */
import { sql } from 'drizzle-orm';
import { toIntArray, toTextArray } from '@/server/db/array-literals';
import type { DbOrTx } from '@/server/db/client';

export interface AppearanceCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
  source: 'search' | 'category';
  companyId: number;
  appearances: number;
}

export interface SearchCount {
  day: string;
  words: string;
  place: string;
  searches: number;
  /** Of those, how many found no company. */
  empty: number;
}

/** Rows per statement: one statement per batch keeps the write cheap, this bounds its size. */
const CHUNK = 2_000;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Adds to each company's appearances of the day, and to its category's in the same statement; a
 * company deleted since is skipped.
 */
export async function addAppearances(db: DbOrTx, counts: AppearanceCount[]): Promise<void> {
  for (const rows of chunks(counts)) {
    await db.execute(sql`
      WITH counted AS (
        SELECT c.company_id, c.day::date AS day, c.source, c.appearances, co.category_id
          FROM unnest(${toIntArray(rows.map((r) => r.companyId))}::int[], ${toTextArray(rows.map((r) => r.day))}::text[],
                      ${toTextArray(rows.map((r) => r.source))}::text[], ${toIntArray(rows.map((r) => r.appearances))}::int[])
               AS c(company_id, day, source, appearances)
          JOIN companies co ON co.id = c.company_id
      ), per_company AS (
        INSERT INTO company_appearances (company_id, day, source, appearances)
        SELECT company_id, day, source, appearances FROM counted
        ON CONFLICT (company_id, day, source) DO UPDATE SET appearances = company_appearances.appearances + EXCLUDED.appearances
      )
      INSERT INTO category_activity (day, category_id, figure, value)
      SELECT day, category_id, source || 'Appearances', sum(appearances) FROM counted GROUP BY 1, 2, 3
      ON CONFLICT (day, category_id, figure) DO UPDATE SET value = category_activity.value + EXCLUDED.value`);
  }
}

export async function addSearches(db: DbOrTx, counts: SearchCount[]): Promise<void> {
  for (const rows of chunks(counts)) {
    await db.execute(sql`
      INSERT INTO search_log (day, words, place, searches, empty_searches)
      SELECT s.day::date, s.words, s.place, s.searches, s.empty
        FROM unnest(${toTextArray(rows.map((r) => r.day))}::text[], ${toTextArray(rows.map((r) => r.words))}::text[],
                    ${toTextArray(rows.map((r) => r.place))}::text[], ${toIntArray(rows.map((r) => r.searches))}::int[],
                    ${toIntArray(rows.map((r) => r.empty))}::int[])
             AS s(day, words, place, searches, empty)
      ON CONFLICT (day, words, place) DO UPDATE SET searches = search_log.searches + EXCLUDED.searches,
                                                    empty_searches = search_log.empty_searches + EXCLUDED.empty_searches`);
  }
}

/** Deletes the searches of days more than `days` days ago (UTC); answers how many rows went. */
export async function deleteSearchesBefore(db: DbOrTx, days: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM search_log WHERE day < (now() AT TIME ZONE 'UTC')::date - ${days}::int`);
  return result.rowCount ?? 0;
}
