/** Queries behind the owners' calls: writing companies, their logos, activity and lead log. */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categories, companies, companySubcategories, subcategories } from '@/server/db/schema';

export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'searchVector' | 'createdAt' | 'updatedAt'>;

export async function findCompanyOwner(db: DbOrTx, id: number): Promise<{ ownerId: number | null } | undefined> {
  const [row] = await db.select({ ownerId: companies.ownerId }).from(companies).where(eq(companies.id, id));
  return row;
}

/** A category named by slug or name (case-insensitive). */
export async function findCategoryByText(db: DbOrTx, text: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`${categories.slug} = ${text.toLowerCase()} OR lower(${categories.name}) = ${text.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findCategoryName(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, id));
  return row;
}

export async function listSubcategoriesOf(db: DbOrTx, categoryId: number) {
  return db
    .select({ id: subcategories.id, name: subcategories.name, slug: subcategories.slug })
    .from(subcategories)
    .where(eq(subcategories.categoryId, categoryId));
}

/**
 * The centre of a postal code (radius search needs coordinates on every listing): the row that
 * stands for it (postal_place, migration 0050: its own, a ZIP+4's five digits, else its area).
 */
export async function findPostalCodeCentre(db: DbOrTx, zip: string) {
  const result = await db.execute<{ latitude: number; longitude: number }>(
    sql`SELECT latitude, longitude FROM postal_place(${zip}) WHERE zip IS NOT NULL`,
  );
  return result.rows[0];
}

export async function insertCompany(tx: DbOrTx, values: CompanyValues): Promise<number> {
  const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
  return row.id;
}

export async function updateCompanyRow(tx: DbOrTx, id: number, values: Partial<CompanyValues>) {
  const [row] = await tx
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning({ id: companies.id, logoObjectId: companies.logoObjectId });
  return row;
}

/**
 * Only the subcategories dropped are deleted: the ones the company keeps keep their rows, and with
 * them the lead preferences that name them (company_lead_subcategories cascades from these rows).
 */
export async function replaceCompanySubcategories(tx: DbOrTx, companyId: number, subcategoryIds: number[]) {
  await tx
    .delete(companySubcategories)
    .where(
      subcategoryIds.length
        ? and(eq(companySubcategories.companyId, companyId), notInArray(companySubcategories.subcategoryId, subcategoryIds))
        : eq(companySubcategories.companyId, companyId),
    );
  if (subcategoryIds.length) {
    await tx
      .insert(companySubcategories)
      .values(subcategoryIds.map((subcategoryId) => ({ companyId, subcategoryId })))
      .onConflictDoNothing();
  }
}

export async function findLogoObjectId(db: DbOrTx, companyId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ logoObjectId: companies.logoObjectId }).from(companies).where(eq(companies.id, companyId));
  return row?.logoObjectId;
}

/** The fields an edit can change, as the audit log records them. */
export async function findEditableFields(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({
      name: companies.name,
      description: companies.description,
      categoryId: companies.categoryId,
      phone: companies.phone,
      isMobilePhone: companies.isMobilePhone,
      email: companies.email,
      website: companies.website,
      address: companies.address,
      city: companies.city,
      state: companies.state,
      zip: companies.zip,
      logoObjectId: companies.logoObjectId,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** Whether any company (or photo) still shows this object. */
export const objectInUseQuery = (objectId: string) => sql`
  SELECT EXISTS (SELECT 1 FROM companies WHERE logo_object_id = ${objectId})
      OR EXISTS (SELECT 1 FROM company_images WHERE object_id = ${objectId}) AS used`;

export async function isObjectInUse(db: DbOrTx, objectId: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(objectInUseQuery(objectId));
  return result.rows[0]?.used ?? false;
}

export async function countCompaniesOfOwner(db: DbOrTx, ownerId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies WHERE owner_id = ${ownerId}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * One more view of the company's page today (UTC), and of its category's pages in the same
 * statement (the operator's figures read a day's views per category from there).
 */
export async function recordPageView(db: DbOrTx, companyId: number, day: string): Promise<void> {
  await db.execute(sql`
    WITH per_company AS (
      INSERT INTO company_page_views (company_id, day, views) VALUES (${companyId}, ${day}, 1)
      ON CONFLICT (company_id, day) DO UPDATE SET views = company_page_views.views + 1
    )
    INSERT INTO category_activity (day, category_id, figure, value)
    SELECT ${day}::date, category_id, 'pageViews', 1 FROM companies WHERE id = ${companyId}
    ON CONFLICT (day, category_id, figure) DO UPDATE SET value = category_activity.value + 1`);
}

export type LeadLogRow = {
  day: string;
  page_views: number;
  quote_requests: number;
  replies_sent: number;
  coins_spent: number;
  hires: number;
};

/**
 * The last `days` days (UTC) of one company: page views, quote requests received (submitted
 * quotes naming it), replies sent, coins spent on replies net of refunds, and hires (by the day the
 * customer hired it). Each source is read
 * through its company index and grouped once; the calendar joins them.
 */
export async function leadLogOf(db: DbOrTx, companyId: number, days: number): Promise<LeadLogRow[]> {
  const result = await db.execute<LeadLogRow>(sql`
    WITH calendar AS (
      SELECT to_char(d, 'YYYY-MM-DD') AS day
        FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
    ), since AS (SELECT (now() AT TIME ZONE 'UTC')::date - ${days - 1}::int AS day),
    views AS (
      SELECT day, views FROM company_page_views
       WHERE company_id = ${companyId} AND day >= (SELECT to_char(day, 'YYYY-MM-DD') FROM since)
    ), requests AS (
      SELECT to_char(q.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM quote_companies qc JOIN quotes q ON q.id = qc.quote_id
       WHERE qc.company_id = ${companyId} AND q.status <> 'draft'
         AND q.submitted_at >= (SELECT day FROM since)::timestamp AT TIME ZONE 'UTC'
       GROUP BY 1
    ), replies AS (
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM messages
       WHERE company_id = ${companyId} AND sender_type = 'company'
         AND created_at >= (SELECT day FROM since)::timestamp AT TIME ZONE 'UTC'
       GROUP BY 1
    ), hires AS (
      SELECT to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM quotes
       WHERE hired_company_id = ${companyId} AND outcome = 'hired'
         AND decided_at >= (SELECT day FROM since)::timestamp AT TIME ZONE 'UTC'
       GROUP BY 1
    ), coins AS (
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(-delta)::int AS n
        FROM coin_ledger
       WHERE company_id = ${companyId} AND reason IN ('reply_charge', 'refund')
         AND created_at >= (SELECT day FROM since)::timestamp AT TIME ZONE 'UTC'
       GROUP BY 1
    )
    SELECT calendar.day,
           coalesce(views.views, 0)::int AS page_views,
           coalesce(requests.n, 0)::int AS quote_requests,
           coalesce(replies.n, 0)::int AS replies_sent,
           coalesce(coins.n, 0)::int AS coins_spent,
           coalesce(hires.n, 0)::int AS hires
      FROM calendar
      LEFT JOIN views USING (day)
      LEFT JOIN requests USING (day)
      LEFT JOIN replies USING (day)
      LEFT JOIN coins USING (day)
      LEFT JOIN hires USING (day)
     ORDER BY calendar.day`);
  return result.rows;
}
