/**
 * A company's lead preferences as SQL fragments, for queries of other modules (cards, listings,
 * quotes) that read them beside their own columns in one statement. The leads module owns the
 * preferences and their writes (leads/lead-preferences.repository.ts); this is where the reads
 * that several repositories embed live, so no repository borrows them from a service.
 */
import { sql, type SQL } from 'drizzle-orm';
import { toTextArray } from './array-literals';

/** Today in UTC whatever the session's time zone (return dates are UTC dates). */
const UTC_TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * The company's pause in force today as `{"returns_on": "YYYY-MM-DD" | null}`, or NULL when it
 * takes requests (no row, switched off, or its return date reached).
 */
export const leadPauseSql = (companyId: SQL) => sql`(
  SELECT json_build_object('returns_on', to_char(lp.paused_until, 'YYYY-MM-DD')) FROM company_lead_preferences lp
   WHERE lp.company_id = ${companyId} AND lp.paused AND (lp.paused_until IS NULL OR lp.paused_until > ${UTC_TODAY}))`;
export type LeadPauseJson = { returns_on: string | null } | null;

/**
 * Where the company works, for its page: `{"radius": miles | null, "zips": [...] | null,
 * "takes": [subcategory ids] | null}` (nulls: not set).
 */
export const workAreaSql = (companyId: SQL) => sql`json_build_object(
  'radius', (SELECT lp.service_radius_miles FROM company_lead_preferences lp WHERE lp.company_id = ${companyId}),
  'zips', (SELECT json_agg(sz.zip ORDER BY sz.zip) FROM company_service_zips sz WHERE sz.company_id = ${companyId}),
  'takes', (SELECT json_agg(ls.subcategory_id ORDER BY ls.subcategory_id) FROM company_lead_subcategories ls WHERE ls.company_id = ${companyId}))`;
export type WorkAreaJson = { radius: number | null; zips: string[] | null; takes: number[] | null };

/** A place a listing or a request is about: its point, and the ZIP codes it stands for. */
export interface ServedPlace {
  latitude: number;
  longitude: number;
  /** The searched ZIP code, or a city's ZIP codes: a ZIP-code service area covers the place when it holds one. */
  zips: string[];
}

/**
 * On a listing's row `c`: whether the company takes in `place` and/or `subcategoryId` — true
 * without the flag `has_lead_scope` (one boolean for every company that set nothing); otherwise
 * `company_takes_in` (migration 0026) asks its preferences: its service area must cover the place
 * (a radius from its ZIP code's centre, or one of its ZIP codes among the place's) and its
 * services, when narrowed, must include the subcategory. Only rows the listing reads are tested,
 * so the cost follows the companies in the listing that set preferences, not the catalogue.
 */
export function takesInSql({ place, subcategoryId }: { place?: ServedPlace; subcategoryId?: number }): SQL {
  if (!place && subcategoryId === undefined) return sql`true`;
  return sql`(NOT c.has_lead_scope OR company_takes_in(c.id, c.zip, c.latitude, c.longitude,
    ${place ? sql`${place.latitude}::float8` : sql`NULL`}, ${place ? sql`${place.longitude}::float8` : sql`NULL`},
    ${place ? sql`${toTextArray(place.zips)}::text[]` : sql`NULL`}, ${subcategoryId === undefined ? sql`NULL` : sql`${subcategoryId}::int`}))`;
}

/**
 * On a quote `q`, one of its companies `c` and the job's ZIP code row `jz` (zip_codes joined on
 * q.zip): whether the company's preferences, as they stand now, leave the job's place out of its
 * service area (null when the request names no known ZIP code), and its service out of the
 * services it takes (null when the request names none). The listings' own rule (company_takes_in);
 * a service area listing the job's area (a British outward code) covers the job's whole code.
 */
export const outsideServiceAreaSql = sql`CASE WHEN jz.zip IS NULL THEN NULL
  ELSE NOT company_takes_in(c.id, c.zip, c.latitude, c.longitude, jz.latitude, jz.longitude, array_remove(ARRAY[jz.zip, jz.area], NULL), NULL) END`;
export const outsideServicesSql = sql`CASE WHEN q.subcategory_id IS NULL THEN NULL
  ELSE NOT company_takes_in(c.id, c.zip, c.latitude, c.longitude, NULL, NULL, NULL, q.subcategory_id) END`;
