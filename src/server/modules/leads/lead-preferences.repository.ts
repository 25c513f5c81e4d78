/** Lead preferences of a company and what its first replies cost this week (issue 19). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

/** Monday 00:00 UTC of the current week, as SQL. */
const WEEK_START = sql`(date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

export interface LeadPreferencesRow {
  weeklyCoinCap: number | null;
}

export async function findLeadPreferences(db: DbOrTx, companyId: number): Promise<LeadPreferencesRow | undefined> {
  const result = await db.execute<{ weekly_coin_cap: number | null }>(
    sql`SELECT weekly_coin_cap FROM company_lead_preferences WHERE company_id = ${companyId}`,
  );
  const row = result.rows[0];
  return row && { weeklyCoinCap: row.weekly_coin_cap };
}

/**
 * The company's preferences locked until the transaction ends: a reply's charge checks the weekly
 * cap under this lock, so two replies racing cannot both pass it.
 */
export async function lockLeadPreferences(tx: DbOrTx, companyId: number): Promise<LeadPreferencesRow | undefined> {
  const result = await tx.execute<{ weekly_coin_cap: number | null }>(
    sql`SELECT weekly_coin_cap FROM company_lead_preferences WHERE company_id = ${companyId} FOR UPDATE`,
  );
  const row = result.rows[0];
  return row && { weeklyCoinCap: row.weekly_coin_cap };
}

/** Writes the preferences; answers what they were before (undefined: none were set). */
export async function saveLeadPreferences(
  tx: DbOrTx,
  companyId: number,
  values: LeadPreferencesRow,
): Promise<LeadPreferencesRow | undefined> {
  const before = await lockLeadPreferences(tx, companyId);
  await tx.execute(sql`
    INSERT INTO company_lead_preferences (company_id, weekly_coin_cap, updated_at)
    VALUES (${companyId}, ${values.weeklyCoinCap}, now())
    ON CONFLICT (company_id) DO UPDATE SET weekly_coin_cap = excluded.weekly_coin_cap, updated_at = now()`);
  return before;
}

/**
 * Coins the company's first replies cost since Monday 00:00 UTC, leaving out replies whose coins
 * came back (reference refund:{quote}:{company}), and when the week began.
 */
export async function weeklySpendOf(db: DbOrTx, companyId: number): Promise<{ spend: number; weekStartsAt: Date }> {
  const result = await db.execute<{ spend: number; week_starts_at: Date | string }>(sql`
    SELECT coalesce(sum(-charge.delta), 0)::int AS spend, ${WEEK_START} AS week_starts_at
      FROM coin_ledger charge
     WHERE charge.company_id = ${companyId}
       AND charge.reason = 'reply_charge'
       AND charge.created_at >= ${WEEK_START}
       AND NOT EXISTS (
             SELECT 1 FROM coin_ledger back
              WHERE back.reference = 'refund:' || charge.quote_id || ':' || charge.company_id)`);
  const row = result.rows[0];
  return { spend: row.spend, weekStartsAt: new Date(row.week_starts_at) };
}
