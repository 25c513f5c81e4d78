/** A company's opening hours: one row a company, written whole. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { DayHours } from '@/shared/schemas/opening-hours';

export type CompanyHoursRow = {
  time_zone: string;
  week: (DayHours | null)[] | null;
  note: string | null;
  open_now: boolean | null;
};

/** The company's zone and hours (nulls when it gave none); undefined for no such company. */
export async function findCompanyHours(db: DbOrTx, companyId: number): Promise<CompanyHoursRow | undefined> {
  const result = await db.execute<CompanyHoursRow>(sql`
    SELECT c.time_zone, h.week, h.note,
           CASE WHEN h.company_id IS NULL THEN NULL ELSE opening_hours_open_at(h.week, c.time_zone, now()) END AS open_now
      FROM companies c LEFT JOIN company_opening_hours h ON h.company_id = c.id
     WHERE c.id = ${companyId}`);
  return result.rows[0];
}

export async function upsertCompanyHours(
  tx: DbOrTx,
  companyId: number,
  week: (DayHours | null)[],
  note: string | null,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO company_opening_hours (company_id, week, note) VALUES (${companyId}, ${JSON.stringify(week)}::jsonb, ${note})
    ON CONFLICT (company_id) DO UPDATE SET week = EXCLUDED.week, note = EXCLUDED.note, updated_at = now()`);
}

export async function deleteCompanyHours(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM company_opening_hours WHERE company_id = ${companyId}`);
}
