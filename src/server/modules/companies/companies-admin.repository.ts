/** The admin screen's companies: one page of the list with its total, and the active switch. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { containing } from '@/server/db/like-pattern';
import { companies } from '@/server/db/schema';

export type AdminCompanyDbRow = {
  id: number;
  name: string;
  category: string;
  city: string;
  state: string;
  phone: string;
  website: string | null;
  email: string;
  address: string;
  zip: string;
  is_active: boolean;
  average_rating: string | number | null;
  ratings_count: number;
  owner_id: number | null;
  total: number;
};

/** One statement: the page's rows, each with the list's total (count(*) OVER ()). */
async function pageOfCompanies(db: DbOrTx, limit: number, offset: number, search?: string): Promise<AdminCompanyDbRow[]> {
  // Name (trigram index), e-mail, city, or the id itself.
  const where: SQL = search
    ? sql`WHERE c.name ILIKE ${containing(search)} OR c.email ILIKE ${containing(search)} OR c.city ILIKE ${containing(search)}
          ${/^\d{1,9}$/.test(search) ? sql`OR c.id = ${Number(search)}` : sql``}`
    : sql``;
  const result = await db.execute<AdminCompanyDbRow>(sql`
    SELECT c.id, c.name, cat.name AS category, c.city, c.state, c.phone, c.website, c.email, c.address, c.zip,
           c.is_active, c.average_rating, c.ratings_count, c.owner_id, count(*) OVER ()::int AS total
      FROM companies c JOIN categories cat ON cat.id = c.category_id
     ${where}
     ORDER BY c.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

/** Newest first; a page past the end has no row to carry the total, so the list's first row answers it. */
export async function listCompaniesForAdmin(
  db: DbOrTx,
  limit: number,
  offset: number,
  search?: string,
): Promise<{ rows: AdminCompanyDbRow[]; total: number }> {
  const rows = await pageOfCompanies(db, limit, offset, search);
  if (rows[0]) return { rows, total: rows[0].total };
  return { rows, total: offset > 0 ? ((await pageOfCompanies(db, 1, 0, search))[0]?.total ?? 0) : 0 };
}

/** The company's active flag, its row locked until the transaction ends. */
export async function lockCompanyActive(tx: DbOrTx, id: number): Promise<{ isActive: boolean; name: string } | undefined> {
  const [row] = await tx
    .select({ isActive: companies.isActive, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update');
  return row;
}
