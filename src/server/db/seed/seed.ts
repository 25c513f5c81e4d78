/**
 * Idempotent seeding, run at every start under the migration lock: the catalogue (categories,
 * subcategories, coin costs, and each category's default questions once), platform-settings
 * defaults and ZIP centroids always; demo listings only into an empty database when SEED_DEMO is
 * on; the admin account when configured. Rows an admin may have edited (coin costs, settings,
 * images, questions) are never overwritten.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import type { Db, DatabaseHandle, Tx } from '../client';
import {
  categories,
  categoryCoinCosts,
  categoryQuestions,
  companies,
  companySubcategories,
  platformSettings,
  ratings,
  subcategories,
  users,
  zipCodes,
} from '../schema';
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from '@/server/lib/crypto';
import { DEFAULT_MAX_COMPANIES_PER_QUOTE } from '@/shared/constants';
import { CATALOG } from './catalog-data';
import { DEMO_REVIEWERS, generateDemoCompanies } from './demo-companies';
import { QUESTION_DEFAULTS } from './question-defaults';

export const DEFAULT_PLATFORM_SETTINGS: Record<string, string> = {
  notifications_email_quotes_enabled: 'true',
  notifications_email_messages_enabled: 'true',
  notifications_sms_quotes_enabled: 'true',
  notifications_sms_messages_enabled: 'true',
  quote_inactivity_timeout_days: '30',
  quote_max_companies: String(DEFAULT_MAX_COMPANIES_PER_QUOTE),
};

const SEED_LOCK_KEY = 727_002;
const DEMO_COMPANY_COUNT = 300;

export async function seedCatalog(db: Db | Tx): Promise<void> {
  for (const category of CATALOG) {
    const [row] = await db
      .insert(categories)
      .values({ name: category.name, slug: category.slug, icon: category.icon, description: category.description })
      .onConflictDoUpdate({
        target: categories.slug,
        set: { name: category.name, icon: category.icon, description: category.description },
      })
      .returning({ id: categories.id });
    const categoryId = row.id;
    await db
      .insert(subcategories)
      .values(category.subcategories.map((s) => ({ categoryId, name: s.name, slug: s.slug })))
      .onConflictDoNothing();
    await db.insert(categoryCoinCosts).values({ categoryId, cost: category.coinCost }).onConflictDoNothing();
    await seedQuestionsOnce(db, categoryId, category.slug);
  }
  await db
    .insert(platformSettings)
    .values(Object.entries(DEFAULT_PLATFORM_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

/**
 * A category's default questions, given once: the flag is claimed first, in the same transaction,
 * so a later start finds it set and adds nothing, even after an admin deleted every question.
 */
async function seedQuestionsOnce(db: Db | Tx, categoryId: number, slug: string): Promise<void> {
  const claimed = await db
    .update(categories)
    .set({ questionsSeeded: true })
    .where(and(eq(categories.id, categoryId), eq(categories.questionsSeeded, false)))
    .returning({ id: categories.id });
  const defaults = QUESTION_DEFAULTS[slug] ?? [];
  if (claimed.length === 0 || defaults.length === 0) return;
  await db.insert(categoryQuestions).values(
    defaults.map((question, position) => ({
      categoryId,
      position,
      kind: question.kind,
      label: question.label,
      helpText: question.helpText ?? null,
      required: question.required,
      options: question.options ?? [],
      unit: question.unit ?? null,
    })),
  );
}

export async function seedZipCodes(db: Db | Tx): Promise<number> {
  const [{ value: existing }] = (await db.select({ value: count() }).from(zipCodes)) as [{ value: number }];
  if (existing > 0) return 0;
  const rows = Object.values(zipcodes.codes)
    .filter((z) => z.country === 'US' && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))
    .map((z) => ({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude }));
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insert(zipCodes)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing();
  }
  return rows.length;
}

export async function seedDemoCompanies(db: Db | Tx): Promise<number> {
  const [{ value: existing }] = (await db.select({ value: count() }).from(companies)) as [{ value: number }];
  if (existing > 0) return 0;

  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]),
  );
  const subcategoryRows = await db
    .select({ id: subcategories.id, slug: subcategories.slug, name: subcategories.name })
    .from(subcategories);
  const subcategoryBySlug = new Map(subcategoryRows.map((s) => [s.slug, s]));

  const reviewerIds: number[] = [];
  for (const reviewer of DEMO_REVIEWERS) {
    const [row] = await db
      .insert(users)
      .values({ ...reviewer, email: reviewer.email.toLowerCase(), passwordHash: UNUSABLE_PASSWORD_HASH, isVerified: true })
      .onConflictDoUpdate({ target: users.email, set: { firstName: reviewer.firstName } })
      .returning({ id: users.id });
    reviewerIds.push(row.id);
  }

  const demo = generateDemoCompanies(DEMO_COMPANY_COUNT);
  for (const company of demo) {
    const subs = company.subcategorySlugs.map((slug) => subcategoryBySlug.get(slug)).filter((s) => s !== undefined);
    const [row] = await db
      .insert(companies)
      .values({
        name: company.name,
        description: company.description,
        categoryId: categoryIds.get(company.categorySlug)!,
        subcategory: subs[0]?.name ?? null,
        phone: company.phone,
        isMobilePhone: company.isMobilePhone,
        email: company.email,
        website: company.website,
        address: company.address,
        city: company.city,
        state: company.state,
        zip: company.zip,
        latitude: company.latitude,
        longitude: company.longitude,
      })
      .returning({ id: companies.id });
    const companyId = row.id;
    if (subs.length > 0) {
      await db.insert(companySubcategories).values(subs.map((s) => ({ companyId, subcategoryId: s.id })));
    }
    if (company.reviews.length > 0) {
      await db.insert(ratings).values(
        company.reviews.map((r) => ({
          companyId,
          userId: reviewerIds[r.reviewerIndex],
          rating: r.rating,
          comment: r.comment,
        })),
      );
    }
  }
  // Averages and counts are kept by the ratings service afterwards; set them once here.
  await db.execute(sql`
    UPDATE companies c SET
      average_rating = s.avg, ratings_count = s.n
    FROM (SELECT company_id, round(avg(rating), 2) AS avg, count(*)::int AS n FROM ratings GROUP BY company_id) s
    WHERE s.company_id = c.id`);
  return demo.length;
}

/** Makes sure a verified admin with these credentials exists (ADMIN_EMAIL and ADMIN_PASSWORD both set). */
export async function ensureAdmin(db: Db | Tx, admin: { email: string; password: string }): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    await db.insert(users).values({
      firstName: 'Admin',
      lastName: 'User',
      email,
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
      isVerified: true,
      verifiedAt: new Date(),
    });
    return;
  }
  const passwordMatches = await verifyPassword(admin.password, existing.passwordHash);
  await db
    .update(users)
    .set({
      isAdmin: true,
      isVerified: true,
      verifiedAt: existing.verifiedAt ?? new Date(),
      ...(passwordMatches ? {} : { passwordHash: await hashPassword(admin.password) }),
    })
    .where(eq(users.id, existing.id));
}

export interface SeedOptions {
  demo: boolean;
  /** The operator's country: the bundled ZIP codes and the demo companies are the US's alone. */
  country?: string;
  admin?: { email: string; password: string };
  log?: (message: string) => void;
}

export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    let loaded = 0;
    await handle.db.transaction(async (tx) => {
      await seedCatalog(tx);
      const american = (options.country ?? 'US') === 'US';
      // Another country's postal codes come from `npm run geo:import`; the demo companies are American.
      if (american) loaded += await seedZipCodes(tx);
      if (options.demo && american) {
        const demo = await seedDemoCompanies(tx);
        if (demo > 0) options.log?.(`seeded ${demo} demo companies`);
        loaded += demo;
      }
      if (options.admin) await ensureAdmin(tx, options.admin);
    });
    // PGlite never autovacuums: without fresh statistics the planner ignores the GIN indexes.
    if (loaded > 0) await handle.pool.query('VACUUM ANALYZE');
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
