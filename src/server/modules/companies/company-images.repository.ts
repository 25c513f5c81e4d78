import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { companyImages } from '@/server/db/schema';
import type { CompanyImageRow } from './companies.repository';

export async function countCompanyImages(db: DbOrTx, companyId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM company_images WHERE company_id = ${companyId}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Serializes photo changes of one company (the 10-photo limit holds under concurrent uploads). */
export async function lockCompany(tx: DbOrTx, companyId: number): Promise<boolean> {
  const result = await tx.execute(sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
  return result.rows.length > 0;
}

export async function insertCompanyImage(
  tx: DbOrTx,
  companyId: number,
  objectId: string,
  caption: string | null,
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    INSERT INTO company_images (company_id, object_id, caption, display_order)
    VALUES (${companyId}, ${objectId}, ${caption},
            (SELECT coalesce(max(display_order) + 1, 0) FROM company_images WHERE company_id = ${companyId}))
    RETURNING id`);
  return result.rows[0].id;
}

export async function findCompanyImage(db: DbOrTx, companyId: number, imageId: number): Promise<CompanyImageRow | undefined> {
  const result = await db.execute<CompanyImageRow>(sql`
    SELECT ci.id, ci.object_id, so.thumbnail_id, ci.caption, ci.display_order
      FROM company_images ci LEFT JOIN stored_objects so ON so.id = ci.object_id
     WHERE ci.company_id = ${companyId} AND ci.id = ${imageId}`);
  return result.rows[0];
}

export async function updateCompanyImage(
  db: DbOrTx,
  companyId: number,
  imageId: number,
  values: { caption?: string | null; displayOrder?: number },
): Promise<boolean> {
  const rows = await db
    .update(companyImages)
    .set(values)
    .where(and(eq(companyImages.companyId, companyId), eq(companyImages.id, imageId)))
    .returning({ id: companyImages.id });
  return rows.length > 0;
}

export async function deleteCompanyImage(tx: DbOrTx, companyId: number, imageId: number): Promise<string | undefined> {
  const rows = await tx
    .delete(companyImages)
    .where(and(eq(companyImages.companyId, companyId), eq(companyImages.id, imageId)))
    .returning({ objectId: companyImages.objectId });
  return rows[0]?.objectId;
}
