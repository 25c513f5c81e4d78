/** The data model's own guards and the seed, on both databases. */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/factories';
import { openTestDatabase } from '@/server/test/test-database';
import { verifyPassword } from '@/server/lib/crypto';
import type { DatabaseHandle } from './client';
import {
  categories,
  categoryCoinCosts,
  coinBalances,
  coinLedger,
  companies,
  companySubcategories,
  platformSettings,
  ratings,
  subcategories,
  users,
  zipCodes,
} from './schema';
import { CATALOG } from './seed/catalog-data';
import { ensureAdmin, seedCatalog, seedDatabase } from './seed/seed';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

async function countOf(table: Parameters<ReturnType<DatabaseHandle['db']['select']>['from']>[0]) {
  const [row] = await handle.db.select({ value: count() }).from(table);
  return row.value;
}

/**
 * Runs `fn` and answers the database error it raised (SQLSTATE code), or undefined.
 * No transaction here: on PGlite a query from another connection waits for an open transaction.
 */
async function sqlErrorOf(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
    return undefined;
  } catch (error) {
    const cause = error as { cause?: { code?: string }; code?: string };
    return cause.cause?.code ?? cause.code ?? 'unknown';
  }
}

describe('seeded catalogue', () => {
  it('has the 14 categories of the spec, each with 8–20 named subcategories with slugs', async () => {
    const rows = await handle.db.select().from(categories);
    expect(rows.map((r) => r.name).sort()).toEqual(CATALOG.map((c) => c.name).sort());
    for (const category of rows) {
      const subs = await handle.db.select().from(subcategories).where(eq(subcategories.categoryId, category.id));
      expect(subs.length).toBeGreaterThanOrEqual(8);
      expect(subs.length).toBeLessThanOrEqual(20);
      for (const sub of subs) expect(sub.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('has each category’s first-reply coin cost and the platform defaults', async () => {
    const costs = await handle.db
      .select({ name: categories.name, cost: categoryCoinCosts.cost })
      .from(categoryCoinCosts)
      .innerJoin(categories, eq(categories.id, categoryCoinCosts.categoryId));
    const costOf = (name: string) => costs.find((c) => c.name === name)?.cost;
    expect(costOf('Cleaning Services')).toBe(3);
    expect(costOf('Moving Services')).toBe(3);
    expect(costOf('Plumbing Services')).toBe(7);
    expect(costOf('Handyman & Repairs')).toBe(7);
    expect(costOf('Roofing & Gutters')).toBe(10);
    expect(costOf('Construction & Renovation')).toBe(10);
    const settings = Object.fromEntries((await handle.db.select().from(platformSettings)).map((s) => [s.key, s.value]));
    expect(settings).toEqual({
      notifications_email_quotes_enabled: 'true',
      notifications_email_messages_enabled: 'true',
      notifications_sms_quotes_enabled: 'true',
      notifications_sms_messages_enabled: 'true',
      quote_inactivity_timeout_days: '30',
      quote_max_companies: '5',
    });
  });

  it('loads US ZIP centroids', async () => {
    const [austin] = await handle.db.select().from(zipCodes).where(eq(zipCodes.zip, '78701'));
    expect(austin).toMatchObject({ city: 'Austin', state: 'TX' });
    expect(await countOf(zipCodes)).toBeGreaterThan(40_000);
  });

  it('seeds idempotently and keeps what an admin changed', async () => {
    const [plumbing] = await handle.db.select().from(categories).where(eq(categories.slug, 'plumbing-services'));
    await handle.db.update(categoryCoinCosts).set({ cost: 99 }).where(eq(categoryCoinCosts.categoryId, plumbing.id));
    const before = await countOf(subcategories);
    await seedCatalog(handle.db);
    expect(await countOf(subcategories)).toBe(before);
    expect(await countOf(categories)).toBe(14);
    const [cost] = await handle.db.select().from(categoryCoinCosts).where(eq(categoryCoinCosts.categoryId, plumbing.id));
    expect(cost.cost).toBe(99);
  });

  it('loads about 300 demo listings once, unclaimed, over every category, with exact rating counts', async () => {
    await seedDatabase(handle, { demo: true });
    await seedDatabase(handle, { demo: true });
    const rows = await handle.db.select().from(companies);
    expect(rows).toHaveLength(300);
    expect(rows.every((c) => c.ownerId === null && c.isActive && /@[a-z0-9-]+\.example$/.test(c.email))).toBe(true);
    expect(new Set(rows.map((c) => c.categoryId)).size).toBe(14);
    expect(rows.some((c) => c.ratingsCount > 0)).toBe(true);
    const [mismatch] = await handle.db
      .execute<{ n: number }>(
        sql`
      SELECT count(*)::int AS n FROM companies c
      WHERE c.ratings_count <> (SELECT count(*) FROM ratings r WHERE r.company_id = c.id)`,
      )
      .then((r) => r.rows);
    expect(mismatch.n).toBe(0);
    const [zipMismatch] = await handle.db
      .execute<{ n: number }>(
        sql`
      SELECT count(*)::int AS n FROM companies c LEFT JOIN zip_codes z ON z.zip = c.zip
      WHERE z.zip IS NULL OR z.state <> c.state`,
      )
      .then((r) => r.rows);
    expect(zipMismatch.n).toBe(0);
    // The search vector is maintained by trigger, with subcategory names in it.
    const [withSub] = await handle.db
      .select({ id: companySubcategories.companyId, name: subcategories.name })
      .from(companySubcategories)
      .innerJoin(subcategories, eq(subcategories.id, companySubcategories.subcategoryId))
      .limit(1);
    const [match] = await handle.db
      .execute<{ ok: boolean }>(
        sql`
      SELECT search_vector @@ plainto_tsquery('english', ${withSub.name}) AS ok FROM companies WHERE id = ${withSub.id}`,
      )
      .then((r) => r.rows);
    expect(match.ok).toBe(true);
  });

  it('makes sure the configured admin exists, verified, with the configured password', async () => {
    await ensureAdmin(handle.db, { email: 'Boss@Example.com', password: 'first-password' });
    await ensureAdmin(handle.db, { email: 'boss@example.com', password: 'second-password' });
    const rows = await handle.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isAdmin: true, isVerified: true });
    expect(await verifyPassword('second-password', rows[0].passwordHash)).toBe(true);
  });
});

describe('constraints', () => {
  it('keeps ratings between 0.5 and 5 in half steps, one per user and company', async () => {
    const user = await createUser(handle.db);
    const [company] = await handle.db.select({ id: companies.id }).from(companies).limit(1);
    const rate = (rating: number, userId = user.id) =>
      sqlErrorOf(() => handle.db.insert(ratings).values({ userId, companyId: company.id, rating }));
    expect(await rate(0)).toBe('23514');
    expect(await rate(5.5)).toBe('23514');
    expect(await rate(3.7)).toBe('23514');
    expect(await rate(4.5)).toBeUndefined();
    expect(await rate(3)).toBe('23505');
  });

  it('never lets a balance go negative and records each ledger reference once', async () => {
    const user = await createUser(handle.db);
    await handle.db.insert(coinBalances).values({ userId: user.id, balance: 5 });
    expect(
      await sqlErrorOf(() => handle.db.update(coinBalances).set({ balance: -1 }).where(eq(coinBalances.userId, user.id))),
    ).toBe('23514');
    const entry = { userId: user.id, delta: 5, reason: 'launch_credit' as const, reference: `launch:${user.id}` };
    expect(await sqlErrorOf(() => handle.db.insert(coinLedger).values(entry))).toBeUndefined();
    expect(await sqlErrorOf(() => handle.db.insert(coinLedger).values(entry))).toBe('23505');
  });

  it('refuses a company in a category that does not exist, and a duplicate e-mail in another case', async () => {
    expect(
      await sqlErrorOf(() =>
        handle.db.insert(companies).values({
          name: 'X',
          description: 'x',
          categoryId: 999_999,
          phone: '5550100000',
          email: 'x@example.com',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        }),
      ),
    ).toBe('23503');
    expect(await sqlErrorOf(() => createUser(handle.db, { email: 'MiXeD@example.com' }))).toBe('23514');
  });
});
