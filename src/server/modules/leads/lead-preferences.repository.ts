/** Lead preferences of a company and what its first replies cost this week. */
import { sql } from 'drizzle-orm';
import { toIntArray, toTextArray } from '@/server/db/array-literals';
import type { DbOrTx } from '@/server/db/client';
import {
  leadPauseSql,
  outsideServiceAreaSql,
  outsideServicesSql,
  takesInSql,
  type ServedPlace,
} from '@/server/db/lead-preferences-sql';

/** Monday 00:00 UTC of the current week, as SQL. */
const WEEK_START = sql`(date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

export interface LeadPreferencesRow {
  weeklyCoinCap: number | null;
  paused: boolean;
  /** YYYY-MM-DD (UTC): taking requests again from this day. */
  pausedUntil: string | null;
}

type StoredRow = { weekly_coin_cap: number | null; paused: boolean; paused_until: string | null };
const COLUMNS = sql`weekly_coin_cap, paused, to_char(paused_until, 'YYYY-MM-DD') AS paused_until`;
const toRow = (row: StoredRow | undefined): LeadPreferencesRow | undefined =>
  row && { weeklyCoinCap: row.weekly_coin_cap, paused: row.paused, pausedUntil: row.paused_until };

/**
 * The company's preferences locked until the transaction ends: a reply's charge checks the weekly
 * cap under this lock, so two replies racing cannot both pass it.
 */
export async function lockLeadPreferences(tx: DbOrTx, companyId: number): Promise<LeadPreferencesRow | undefined> {
  const result = await tx.execute<StoredRow>(
    sql`SELECT ${COLUMNS} FROM company_lead_preferences WHERE company_id = ${companyId} FOR UPDATE`,
  );
  return toRow(result.rows[0]);
}

/** Writes the preferences whole (the caller merged the change into what it locked). */
export async function saveLeadPreferences(tx: DbOrTx, companyId: number, values: LeadPreferencesRow): Promise<void> {
  await tx.execute(sql`
    INSERT INTO company_lead_preferences (company_id, weekly_coin_cap, paused, paused_until, updated_at)
    VALUES (${companyId}, ${values.weeklyCoinCap}, ${values.paused}, ${values.pausedUntil}, now())
    ON CONFLICT (company_id) DO UPDATE
      SET weekly_coin_cap = excluded.weekly_coin_cap, paused = excluded.paused,
          paused_until = excluded.paused_until, updated_at = now()`);
}

/** The weekly cap and the week's spend in one statement (the vendor's cost notice). */
export async function weeklyStatusOf(
  db: DbOrTx,
  companyId: number,
): Promise<{ weeklyCoinCap: number | null; weeklySpend: number }> {
  const result = await db.execute<{ weekly_coin_cap: number | null; spend: number }>(sql`
    SELECT (SELECT weekly_coin_cap FROM company_lead_preferences WHERE company_id = ${companyId}) AS weekly_coin_cap,
           (${weeklySpendSql(companyId)}) AS spend`);
  const row = result.rows[0];
  return { weeklyCoinCap: row.weekly_coin_cap, weeklySpend: row.spend };
}

/** The statement of `weeklySpendOf`, as a scalar subquery. */
const weeklySpendSql = (companyId: number) => sql`
  SELECT coalesce(sum(-charge.delta), 0)::int
    FROM coin_ledger charge
   WHERE charge.company_id = ${companyId}
     AND charge.reason = 'reply_charge'
     AND charge.created_at >= ${WEEK_START}
     AND NOT EXISTS (
           SELECT 1 FROM coin_ledger back
            WHERE back.reference = 'refund:' || charge.quote_id || ':' || charge.company_id)`;

/**
 * Coins the company's first replies cost since Monday 00:00 UTC, leaving out replies whose coins
 * came back (reference refund:{quote}:{company}), and when the week began.
 */
export async function weeklySpendOf(db: DbOrTx, companyId: number): Promise<{ spend: number; weekStartsAt: Date }> {
  const result = await db.execute<{ spend: number; week_starts_at: Date | string }>(
    sql`SELECT (${weeklySpendSql(companyId)}) AS spend, ${WEEK_START} AS week_starts_at`,
  );
  const row = result.rows[0];
  return { spend: row.spend, weekStartsAt: new Date(row.week_starts_at) };
}

/** A company's service area and the subcategories it takes requests for, as stored. */
export interface LeadScope {
  serviceRadiusMiles: number | null;
  serviceZips: string[];
  subcategoryIds: number[];
}

const SCOPE_COLUMNS = (companyId: number) => sql`
  (SELECT coalesce(array_agg(zip ORDER BY zip), '{}') FROM company_service_zips WHERE company_id = ${companyId}) AS service_zips,
  (SELECT coalesce(array_agg(subcategory_id ORDER BY subcategory_id), '{}') FROM company_lead_subcategories WHERE company_id = ${companyId}) AS subcategory_ids`;

/**
 * Everything the Leads tab shows, in one statement: the preferences as set (none: the defaults),
 * whether the pause is in force today (the same rule cards and quotes read, `leadPauseSql`), the
 * week's spend, and the service area and services.
 */
export async function readLeadPreferences(
  db: DbOrTx,
  companyId: number,
): Promise<LeadPreferencesRow & LeadScope & { takingRequests: boolean; spend: number; weekStartsAt: Date }> {
  const result = await db.execute<
    StoredRow & {
      taking_requests: boolean;
      spend: number;
      week_starts_at: Date | string;
      service_radius_miles: number | null;
      service_zips: string[];
      subcategory_ids: number[];
    }
  >(sql`
    SELECT p.weekly_coin_cap, coalesce(p.paused, false) AS paused, to_char(p.paused_until, 'YYYY-MM-DD') AS paused_until,
           ${leadPauseSql(sql`${companyId}::int`)} IS NULL AS taking_requests,
           (${weeklySpendSql(companyId)}) AS spend, ${WEEK_START} AS week_starts_at,
           p.service_radius_miles, ${SCOPE_COLUMNS(companyId)}
      FROM (SELECT 1) one LEFT JOIN company_lead_preferences p ON p.company_id = ${companyId}`);
  const row = result.rows[0];
  return {
    weeklyCoinCap: row.weekly_coin_cap,
    paused: row.paused,
    pausedUntil: row.paused_until,
    takingRequests: row.taking_requests,
    spend: row.spend,
    weekStartsAt: new Date(row.week_starts_at),
    serviceRadiusMiles: row.service_radius_miles,
    serviceZips: row.service_zips,
    subcategoryIds: row.subcategory_ids,
  };
}

/** The service area and services as they stand (inside the update's transaction, for its audit). */
export async function readLeadScope(db: DbOrTx, companyId: number): Promise<LeadScope> {
  const result = await db.execute<{ service_radius_miles: number | null; service_zips: string[]; subcategory_ids: number[] }>(sql`
    SELECT (SELECT service_radius_miles FROM company_lead_preferences WHERE company_id = ${companyId}) AS service_radius_miles,
           ${SCOPE_COLUMNS(companyId)}`);
  const row = result.rows[0];
  return { serviceRadiusMiles: row.service_radius_miles, serviceZips: row.service_zips, subcategoryIds: row.subcategory_ids };
}

/**
 * Writes the service area and services whole (the row of company_lead_preferences exists: the
 * caller saved it first). A radius and ZIP codes never stand together.
 */
export async function saveLeadScope(tx: DbOrTx, companyId: number, scope: LeadScope): Promise<void> {
  await tx.execute(sql`
    UPDATE company_lead_preferences SET service_radius_miles = ${scope.serviceRadiusMiles} WHERE company_id = ${companyId}`);
  const scoped = scope.serviceRadiusMiles !== null || scope.serviceZips.length > 0 || scope.subcategoryIds.length > 0;
  await tx.execute(sql`
    UPDATE companies SET has_lead_scope = ${scoped} WHERE id = ${companyId} AND has_lead_scope <> ${scoped}`);
  await tx.execute(sql`DELETE FROM company_service_zips WHERE company_id = ${companyId}`);
  if (scope.serviceZips.length) {
    await tx.execute(sql`
      INSERT INTO company_service_zips (company_id, zip)
      SELECT ${companyId}, zip FROM unnest(${toTextArray(scope.serviceZips)}::text[]) AS zip`);
  }
  await tx.execute(sql`DELETE FROM company_lead_subcategories WHERE company_id = ${companyId}`);
  if (scope.subcategoryIds.length) {
    await tx.execute(sql`
      INSERT INTO company_lead_subcategories (company_id, subcategory_id)
      SELECT ${companyId}, id FROM unnest(${toIntArray(scope.subcategoryIds)}::int[]) AS id`);
  }
}

/** Of these ZIP codes, the ones the ZIP table does not know. */
export async function unknownZips(db: DbOrTx, zips: string[]): Promise<string[]> {
  if (zips.length === 0) return [];
  const result = await db.execute<{ zip: string }>(sql`
    SELECT given.zip FROM unnest(${toTextArray(zips)}::text[]) AS given(zip)
     WHERE NOT EXISTS (SELECT 1 FROM zip_codes z WHERE z.zip = given.zip) ORDER BY given.zip`);
  return result.rows.map((row) => row.zip);
}

/** Of these subcategories, the ones the company does not list. */
export async function unlistedSubcategories(db: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    SELECT given.id FROM unnest(${toIntArray(ids)}::int[]) AS given(id)
     WHERE NOT EXISTS (SELECT 1 FROM company_subcategories cs WHERE cs.company_id = ${companyId} AND cs.subcategory_id = given.id)`);
  return result.rows.map((row) => row.id);
}

/** Whether company `companyId`'s preferences take in `place` (the owner's placement says why not). */
export async function takesIn(db: DbOrTx, companyId: number, place: ServedPlace): Promise<boolean> {
  const result = await db.execute<{ takes: boolean }>(
    sql`SELECT ${takesInSql({ place })} AS takes FROM companies c WHERE c.id = ${companyId}`,
  );
  return result.rows[0]?.takes ?? true;
}

/**
 * Records on each company of a quote being sent whether its preferences, as they stand now, leave
 * the request out: a service area that does not cover the job's ZIP code, services that do not
 * include the one asked for (null where the request does not say, or names a ZIP code not known).
 * A report of the lead is judged by these, whatever the company changes later. A radius is
 * measured from the centre of the company's ZIP code (its map position when that is not known).
 */
export async function recordLeadScopeAtSend(tx: DbOrTx, quoteId: number): Promise<void> {
  // The listings' own rule (company_takes_in, migration 0026), asked of the job's place and of
  // its service apart; driven by the quote's own rows (the primary key's prefix).
  await tx.execute(sql`
    UPDATE quote_companies qc
       SET outside_service_area = judged.outside_area, outside_services = judged.outside_services
      FROM (
        SELECT sent.company_id, ${outsideServiceAreaSql} AS outside_area, ${outsideServicesSql} AS outside_services
          FROM quote_companies sent
          JOIN quotes q ON q.id = sent.quote_id
          JOIN companies c ON c.id = sent.company_id
          LEFT JOIN zip_codes jz ON jz.zip = q.zip
         WHERE sent.quote_id = ${quoteId}) judged
     WHERE qc.quote_id = ${quoteId} AND qc.company_id = judged.company_id`);
}
