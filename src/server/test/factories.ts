/** Factories: each test makes the rows it needs (CONVENTIONS.md 12). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  categories,
  categoryCoinCosts,
  coinBalances,
  companies,
  companySubcategories,
  quoteCompanies,
  quotes,
  subcategories,
  users,
  zipCodes,
} from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { applyMovement } from '../modules/coins/coins.repository';
import type { UserRow } from '../modules/users/users.repository';
import { freshIp, sessionCookieOf } from './harness';

export const DEFAULT_PASSWORD = 'correct-horse-42';

/** A made-up word that only one test's companies carry, so that tests do not see each other. */
export const newTag = () =>
  'zq' +
  Array.from(randomBytes(6))
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join('');

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * One real (production-strength) hash per password per test process: users of a test share a
 * password and a salt, which costs nothing to the proof (logins still verify it through the API)
 * and spares an argon2id hash of about 40 ms for each of the hundreds of users the suite makes.
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export async function createUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'User',
      email: uniqueEmail(),
      passwordHash: await hashOf(password),
      ...values,
    })
    .returning();
  return { ...row, password };
}

/** Signs a user in through the API and answers the Cookie header to send. */
export async function loginAs(
  app: FastifyInstance,
  user: { email: string; password: string },
  rememberMe = false,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: freshIp(),
    payload: { email: user.email, password: user.password, rememberMe },
  });
  return sessionCookieOf(response);
}

let companyCounter = 0;

export interface CompanyOverrides extends Partial<typeof companies.$inferInsert> {
  categorySlug?: string;
  subcategorySlugs?: string[];
}

/** A company with real coordinates from its ZIP (default 78701, Austin) and its subcategories. */
export async function createCompany(db: DbOrTx, overrides: CompanyOverrides = {}): Promise<typeof companies.$inferSelect> {
  const { categorySlug = 'plumbing-services', subcategorySlugs, ...values } = overrides;
  companyCounter += 1;
  const [category] = await db.select().from(categories).where(eq(categories.slug, categorySlug));
  if (!category) throw new Error(`no category ${categorySlug}`);
  const zip = values.zip ?? '78701';
  const [place] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip));
  const [row] = await db
    .insert(companies)
    .values({
      name: `Test Company ${companyCounter} ${randomBytes(3).toString('hex')}`,
      description: 'A reliable local business that does good work at fair prices.',
      categoryId: category.id,
      phone: '(512) 555-0100',
      email: `company${companyCounter}@example.com`,
      address: '100 Main Street',
      city: place?.city ?? 'Austin',
      state: place?.state ?? 'TX',
      zip,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      ...values,
    })
    .returning();
  const subs = subcategorySlugs
    ? await db.select().from(subcategories).where(inArray(subcategories.slug, subcategorySlugs))
    : await db.select().from(subcategories).where(eq(subcategories.categoryId, category.id)).limit(1);
  if (subs.length) await db.insert(companySubcategories).values(subs.map((s) => ({ companyId: row.id, subcategoryId: s.id })));
  return row;
}

/**
 * A quote from `userId` to `companyIds`; `status` defaults to submitted work in progress. As the
 * app does, it is in its first company's category and, past draft, keeps that category's current
 * reply price (unless `replyCoinCost` says otherwise).
 */
export async function createQuote(
  db: DbOrTx,
  values: {
    userId: number;
    companyIds: number[];
    status?: (typeof quotes.$inferInsert)['status'];
    replyCoinCost?: number;
    /** The job's ZIP code and service (none by default). */
    zip?: string | null;
    subcategoryId?: number | null;
  },
): Promise<typeof quotes.$inferSelect> {
  const status = values.status ?? 'in_progress';
  const [first] = values.companyIds.length
    ? await db.select({ categoryId: companies.categoryId }).from(companies).where(eq(companies.id, values.companyIds[0]))
    : [];
  const [price] = first
    ? await db
        .select({ cost: categoryCoinCosts.cost })
        .from(categoryCoinCosts)
        .where(eq(categoryCoinCosts.categoryId, first.categoryId))
    : [];
  const [quote] = await db
    .insert(quotes)
    .values({
      userId: values.userId,
      quoteName: 'Kitchen sink repair',
      description: 'The kitchen sink drains slowly and the tap drips. '.repeat(3),
      status,
      categoryId: first?.categoryId ?? null,
      replyCoinCost: status === 'draft' ? null : (values.replyCoinCost ?? price?.cost ?? 0),
      zip: values.zip ?? null,
      subcategoryId: values.subcategoryId ?? null,
    })
    .returning();
  if (values.companyIds.length) {
    await db.insert(quoteCompanies).values(values.companyIds.map((companyId) => ({ quoteId: quote.id, companyId })));
  }
  return quote;
}

/**
 * Sets a user's balance (premium placement for their companies) through the ledger, as an
 * administrator's adjustment, so that balances still equal the sum of their ledger.
 */
export async function giveCoins(db: DbOrTx, userId: number, balance: number): Promise<void> {
  const [current] = await db.select().from(coinBalances).where(eq(coinBalances.userId, userId));
  const delta = balance - (current?.balance ?? 0);
  if (delta === 0) return;
  await applyMovement(db, {
    userId,
    delta,
    reason: 'admin_adjustment',
    reference: `test:${randomBytes(8).toString('hex')}`,
    note: 'Test coins',
  });
}
