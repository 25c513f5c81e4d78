/**
 * Administration (001 §2, §7 Admin; issue 7). Every change is made in a transaction that also
 * writes the audit log entry (who, what, before, after). Routes declare `access: 'admin'`, so
 * nobody else reaches these methods.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  categories,
  categoryCoinCosts,
  claims,
  companies,
  platformSettings,
  quotes,
  subcategories,
  users,
} from '@/server/db/schema';
import { AppError, badRequest, notFound } from '@/server/lib/app-error';
import { hashPassword } from '@/server/lib/crypto';
import {
  ADMIN_PAGE_SIZES,
  ADMIN_USER_MESSAGES,
  PLATFORM_SETTING_KEYS,
  type AdminCreateUserBody,
  type AdminQuoteStatus,
  type AdminUser,
  type PlatformSettingsBody,
} from '@/shared/schemas/admin';
import type { QuoteStatus } from '@/shared/schemas/quote';
import { listAudit, recordAudit } from '../audit/audit.repository';
import type { AuthService } from '../auth/auth.service';
import type { ImagesService } from '../images/images.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from '../users/users.service';
import { insertUser } from '../users/users.repository';
import { replyCoinCostFixedNow } from '../quotes/quotes.repository';
import {
  listClaims,
  listCompanies,
  listQuotes,
  listRatings,
  listUsers,
  quoteStats,
  readStats,
  type AdminUserRow,
} from './admin.repository';

const USER_LIST_LIMIT = 5000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/**
 * A page's rows carry the list's total (count(*) OVER ()); a page past the end has none, so the
 * total is asked for with the first row of the same list.
 */
async function totalOf(rows: { total: number }[], page: number, firstRow: () => Promise<{ total: number }[]>): Promise<number> {
  if (rows[0]) return rows[0].total;
  return page > 1 ? ((await firstRow())[0]?.total ?? 0) : 0;
}

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  isVerified: row.is_verified,
  isAdmin: row.is_admin,
  createdAt: iso(row.created_at)!,
});

const userSnapshot = (row: typeof users.$inferSelect) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  isVerified: row.isVerified,
  isAdmin: row.isAdmin,
});

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly images: ImagesService,
    private readonly notifications: NotificationsService,
  ) {}

  async stats() {
    const s = await readStats(this.db);
    return {
      usersCount: s.users,
      companiesCount: s.companies,
      ratingsCount: s.ratings,
      quotesCount: s.quotes,
      claimsCount: s.claims,
      categoriesCount: s.categories,
      subcategoriesCount: s.subcategories,
    };
  }

  // ───────────── users ─────────────

  async listUsers(): Promise<AdminUser[]> {
    return (await listUsers(this.db, USER_LIST_LIMIT)).map(toAdminUser);
  }

  /** A new account with a verification mail (001 §7 POST /api/users). */
  async createUser(actor: SessionUser, body: AdminCreateUserBody): Promise<AdminUser> {
    const passwordHash = await hashPassword(body.password);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await insertUser(tx, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        passwordHash,
      });
      if (!inserted) throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.emailTaken);
      await this.auth.queueVerification(tx, inserted);
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'user.create',
        entityType: 'user',
        entityId: inserted.id,
        after: userSnapshot(inserted),
      });
      return inserted;
    });
    this.notifications.flush();
    return toAdminUser({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      is_verified: row.isVerified,
      is_admin: row.isAdmin,
      created_at: row.createdAt,
    });
  }

  /** Grant or revoke admin — never on oneself (001 §4), enforced here. */
  async toggleAdmin(actor: SessionUser, userId: number): Promise<{ message: string; user: AdminUser }> {
    if (userId === actor.id) throw badRequest(ADMIN_USER_MESSAGES.selfAdmin);
    const updated = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('User not found');
      const [after] = await tx
        .update(users)
        .set({ isAdmin: !before.isAdmin, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: after.isAdmin ? 'user.grant_admin' : 'user.revoke_admin',
        entityType: 'user',
        entityId: userId,
        before: { isAdmin: before.isAdmin },
        after: { isAdmin: after.isAdmin },
      });
      return after;
    });
    const name = `${updated.firstName} ${updated.lastName}`.trim();
    return {
      message: updated.isAdmin ? `${name} is now an administrator` : `${name} is no longer an administrator`,
      user: toAdminUser({
        id: updated.id,
        first_name: updated.firstName,
        last_name: updated.lastName,
        email: updated.email,
        is_verified: updated.isVerified,
        is_admin: updated.isAdmin,
        created_at: updated.createdAt,
      }),
    };
  }

  // ───────────── companies ─────────────

  async listCompanies(query: { page: number; limit: number; search?: string }) {
    const rows = await listCompanies(this.db, query.limit, offsetOf(query.page, query.limit), query.search);
    return {
      companies: rows.map((row) => ({
        id: row.id,
        name: row.name,
        category: row.category,
        city: row.city,
        state: row.state,
        phone: row.phone,
        website: row.website,
        email: row.email,
        address: row.address,
        zip: row.zip,
        isActive: row.is_active,
        avgRating: row.average_rating === null ? null : Number(row.average_rating),
        ratingCount: row.ratings_count,
        ownerId: row.owner_id,
      })),
      total: await totalOf(rows, query.page, () => listCompanies(this.db, 1, 0, query.search)),
    };
  }

  async toggleCompanyActive(actor: SessionUser, companyId: number): Promise<{ message: string; isActive: boolean }> {
    const isActive = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ isActive: companies.isActive, name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      if (!before) throw notFound('Company not found');
      await tx.update(companies).set({ isActive: !before.isActive, updatedAt: new Date() }).where(eq(companies.id, companyId));
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: before.isActive ? 'company.deactivate' : 'company.activate',
        entityType: 'company',
        entityId: companyId,
        before: { isActive: before.isActive },
        after: { isActive: !before.isActive },
      });
      return !before.isActive;
    });
    return { message: isActive ? 'Company activated successfully' : 'Company deactivated successfully', isActive };
  }

  // ───────────── ratings ─────────────

  async listRatings(query: { page: number; limit: number; search?: string }) {
    const rows = await listRatings(this.db, query.limit, offsetOf(query.page, query.limit), query.search);
    return {
      ratings: rows.map((row) => ({
        id: row.id,
        rating: Number(row.rating),
        comment: row.comment,
        createdAt: iso(row.created_at)!,
        editedByAdminAt: iso(row.edited_by_admin_at),
        user: { firstName: row.first_name, lastName: row.last_name, email: row.email },
        company: { id: row.company_id, name: row.company_name, category: row.category },
      })),
      total: await totalOf(rows, query.page, () => listRatings(this.db, 1, 0, query.search)),
    };
  }

  // ───────────── quotes ─────────────

  async listQuotes(query: { page: number; limit: number; search?: string; status?: QuoteStatus }) {
    const rows = await listQuotes(this.db, query.limit, offsetOf(query.page, query.limit), query.search, query.status);
    return {
      quotes: rows.map((row) => ({
        id: row.id,
        quoteName: row.quote_name,
        description: row.description,
        status: row.status,
        createdAt: iso(row.created_at)!,
        userFirstName: row.first_name,
        userLastName: row.last_name,
        companyCount: row.company_count,
        messageCount: row.message_count,
      })),
      total: await totalOf(rows, query.page, () => listQuotes(this.db, 1, 0, query.search, query.status)),
    };
  }

  quoteStats() {
    return quoteStats(this.db);
  }

  async setQuoteStatus(actor: SessionUser, quoteId: number, status: AdminQuoteStatus): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId)).for('update');
      if (!before) throw notFound('Quote not found');
      const now = new Date();
      await tx
        .update(quotes)
        .set({
          status,
          updatedAt: now,
          completedAt: status === 'completed' ? now : null,
          // A quote past draft keeps a fixed reply price (set here if an admin moves a draft on).
          replyCoinCost: replyCoinCostFixedNow(),
          // A quote moved back into progress starts its inactivity clock afresh.
          ...(status === 'in_progress' ? { lastActivityAt: now, submittedAt: sql`coalesce(${quotes.submittedAt}, now())` } : {}),
        })
        .where(eq(quotes.id, quoteId));
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'quote.status',
        entityType: 'quote',
        entityId: quoteId,
        before: { status: before.status },
        after: { status },
      });
    });
  }

  /** Deletes the quote with its conversations, images and claims, and the images' bytes. */
  async deleteQuote(actor: SessionUser, quoteId: number): Promise<void> {
    const purges = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
      if (!before) throw notFound('Quote not found');
      const objects = await tx.execute<{ object_id: string }>(sql`
        SELECT object_id FROM quote_images WHERE quote_id = ${quoteId}
        UNION SELECT image_object_id FROM messages WHERE quote_id = ${quoteId} AND image_object_id IS NOT NULL`);
      await tx.delete(quotes).where(eq(quotes.id, quoteId));
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'quote.delete',
        entityType: 'quote',
        entityId: quoteId,
        before: { userId: before.userId, quoteName: before.quoteName, description: before.description, status: before.status },
      });
      const out: (() => Promise<void>)[] = [];
      for (const { object_id } of objects.rows) out.push(await this.images.deleteObject(tx, object_id));
      return out;
    });
    for (const purge of purges) await purge();
  }

  // ───────────── claims ─────────────

  async listClaims(query: { page: number; limit: number; search?: string; status?: 'pending' | 'redeemed' }) {
    const { rows, pending, redeemed, total } = await listClaims(
      this.db,
      query.limit,
      offsetOf(query.page, query.limit),
      query.search,
      query.status,
    );
    return {
      claims: rows.map((row) => ({
        id: row.id,
        companyId: row.company_id,
        quoteId: row.quote_id,
        company:
          row.company_name === null
            ? null
            : { name: row.company_name, category: row.category ?? '', city: row.city ?? '', state: row.state ?? '' },
        quote:
          row.quote_name === null || row.quote_status === null ? null : { quoteName: row.quote_name, status: row.quote_status },
        isMobile: row.is_mobile,
        phoneNumber: row.phone_number,
        emailAddress: row.email_address,
        createdAt: iso(row.created_at)!,
        redeemedAt: iso(row.redeemed_at),
      })),
      total,
      counts: { pending, redeemed, total: pending + redeemed },
    };
  }

  async deleteClaim(actor: SessionUser, claimId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.delete(claims).where(eq(claims.id, claimId)).returning();
      if (!before) throw notFound('Claim not found');
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'claim.delete',
        entityType: 'claim',
        entityId: claimId,
        before: {
          companyId: before.companyId,
          quoteId: before.quoteId,
          emailAddress: before.emailAddress,
          phoneNumber: before.phoneNumber,
          redeemedAt: before.redeemedAt,
        },
      });
    });
  }

  // ───────────── categories ─────────────

  async listCoinCosts(): Promise<{ categoryId: number; cost: number }[]> {
    // Every category answers, with 0 where no cost was ever set.
    const result = await this.db.execute<{ category_id: number; cost: number }>(sql`
      SELECT c.id AS category_id, coalesce(ccc.cost, 0) AS cost
        FROM categories c LEFT JOIN category_coin_costs ccc ON ccc.category_id = c.id ORDER BY c.name`);
    return result.rows.map((row) => ({ categoryId: row.category_id, cost: row.cost }));
  }

  async setCoinCost(actor: SessionUser, categoryId: number, cost: number): Promise<{ categoryId: number; cost: number }> {
    await this.db.transaction(async (tx) => {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
      if (!category) throw notFound('Category not found');
      const [before] = await tx
        .select()
        .from(categoryCoinCosts)
        .where(eq(categoryCoinCosts.categoryId, categoryId))
        .for('update');
      await tx
        .insert(categoryCoinCosts)
        .values({ categoryId, cost })
        .onConflictDoUpdate({ target: categoryCoinCosts.categoryId, set: { cost, updatedAt: new Date() } });
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'category.coin_cost',
        entityType: 'category',
        entityId: categoryId,
        before: { cost: before?.cost ?? null },
        after: { cost },
      });
    });
    return { categoryId, cost };
  }

  async setCategoryImage(actor: SessionUser, id: number, imageUrl: string | null) {
    return this.setImage(actor, 'category', id, imageUrl);
  }

  async setSubcategoryImage(actor: SessionUser, id: number, imageUrl: string | null) {
    return this.setImage(actor, 'subcategory', id, imageUrl);
  }

  private async setImage(actor: SessionUser, kind: 'category' | 'subcategory', id: number, imageUrl: string | null) {
    const table = kind === 'category' ? categories : subcategories;
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ imageUrl: table.imageUrl }).from(table).where(eq(table.id, id)).for('update');
      if (!before) throw notFound(kind === 'category' ? 'Category not found' : 'Subcategory not found');
      await tx.update(table).set({ imageUrl }).where(eq(table.id, id));
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: `${kind}.image`,
        entityType: kind,
        entityId: id,
        before: { imageUrl: before.imageUrl },
        after: { imageUrl },
      });
    });
    return { success: true as const, imageUrl };
  }

  // ───────────── platform settings ─────────────

  async platformSettings() {
    const rows = await this.db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
    const known = new Set<string>(PLATFORM_SETTING_KEYS);
    return { settings: rows.filter((row) => known.has(row.key)).sort((a, b) => a.key.localeCompare(b.key)) };
  }

  async updatePlatformSettings(actor: SessionUser, body: PlatformSettingsBody) {
    const changes = Object.entries(body).filter((entry): entry is [string, boolean | number] => entry[1] !== undefined);
    if (changes.length === 0) throw badRequest('Nothing to update');
    await this.db.transaction(async (tx) => {
      const before = Object.fromEntries(
        (await tx.select().from(platformSettings).for('update')).map((row) => [row.key, row.value]),
      );
      const after: Record<string, string> = {};
      for (const [key, value] of changes) {
        after[key] = String(value);
        await tx
          .insert(platformSettings)
          .values({ key, value: String(value) })
          .onConflictDoUpdate({ target: platformSettings.key, set: { value: String(value), updatedAt: new Date() } });
      }
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'platform_settings.update',
        entityType: 'platform_settings',
        entityId: 'platform',
        before: Object.fromEntries(Object.keys(after).map((key) => [key, before[key] ?? null])),
        after,
      });
    });
    return this.platformSettings();
  }

  // ───────────── audit log ─────────────

  async auditLog(query: { page: number; entityType?: string }) {
    const limit = ADMIN_PAGE_SIZES.audit;
    const rows = await listAudit(this.db, limit, offsetOf(query.page, limit), query.entityType);
    return {
      entries: rows.map((row) => ({
        id: row.id,
        action: row.action,
        entityType: row.entity_type,
        entityId: row.entity_id,
        before: row.before,
        after: row.after,
        createdAt: iso(row.created_at)!,
        actor:
          row.actor_id === null
            ? null
            : { id: row.actor_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email ?? '' },
      })),
      total: rows[0]?.total ?? 0,
    };
  }
}
