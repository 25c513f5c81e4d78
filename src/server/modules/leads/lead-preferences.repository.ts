/** Lead preferences of a company and what its first replies cost this week (issue 19). */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

/** Today in UTC whatever the session's time zone (return dates are UTC dates). */
const UTC_TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

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
 * SQL: the company's pause in force today as `{"returns_on": "YYYY-MM-DD" | null}`, or NULL when it
 * takes requests (no row, switched off, or its return date reached). Cards and quotes read it
 * beside their other columns.
 */
export const leadPauseSql = (companyId: SQL) => sql`(
  SELECT json_build_object('returns_on', to_char(lp.paused_until, 'YYYY-MM-DD')) FROM company_lead_preferences lp
   WHERE lp.company_id = ${companyId} AND lp.paused AND (lp.paused_until IS NULL OR lp.paused_until > ${UTC_TODAY}))`;
export type LeadPauseJson = { returns_on: string | null } | null;

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

/**
 * Everything the Leads tab shows, in one statement: the preferences as set (none: the defaults),
 * whether the pause is in force today (the same rule cards and quotes read, `leadPauseSql`), and
 * the week's spend.
 */
export async function readLeadPreferences(
  db: DbOrTx,
  companyId: number,
): Promise<LeadPreferencesRow & { takingRequests: boolean; spend: number; weekStartsAt: Date }> {
  const result = await db.execute<StoredRow & { taking_requests: boolean; spend: number; week_starts_at: Date | string }>(sql`
    SELECT p.weekly_coin_cap, coalesce(p.paused, false) AS paused, to_char(p.paused_until, 'YYYY-MM-DD') AS paused_until,
           ${leadPauseSql(sql`${companyId}::int`)} IS NULL AS taking_requests,
           (${weeklySpendSql(companyId)}) AS spend, ${WEEK_START} AS week_starts_at
      FROM (SELECT 1) one LEFT JOIN company_lead_preferences p ON p.company_id = ${companyId}`);
  const row = result.rows[0];
  return {
    weeklyCoinCap: row.weekly_coin_cap,
    paused: row.paused,
    pausedUntil: row.paused_until,
    takingRequests: row.taking_requests,
    spend: row.spend,
    weekStartsAt: new Date(row.week_starts_at),
  };
}
