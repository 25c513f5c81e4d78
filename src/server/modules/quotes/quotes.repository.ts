import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { companies, quoteCompanies, quotes } from '@/server/db/schema';

export type QuoteRow = typeof quotes.$inferSelect;

export async function findCompaniesForQuote(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: companies.id, categoryId: companies.categoryId, isActive: companies.isActive })
    .from(companies)
    .where(inArray(companies.id, ids));
}

export async function insertQuote(db: DbOrTx, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row!;
}

export async function insertQuoteCompanies(db: DbOrTx, quoteId: number, companyIds: number[]): Promise<void> {
  await db.insert(quoteCompanies).values(companyIds.map((companyId) => ({ quoteId, companyId })));
}

export async function findQuoteCompanies(db: DbOrTx, quoteId: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      logo: companies.logo,
      logoObjectId: companies.logoObjectId,
      city: companies.city,
      state: companies.state,
    })
    .from(quoteCompanies)
    .innerJoin(companies, eq(companies.id, quoteCompanies.companyId))
    .where(eq(quoteCompanies.quoteId, quoteId))
    .orderBy(asc(companies.name));
}
