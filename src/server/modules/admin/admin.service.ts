/**
 * Administration (001 §2, §7 Admin; issue 7). Every change is made in a transaction that also
 * writes the audit log entry (who, what, before, after). Routes declare `access: 'admin'`, so
 * nobody else reaches these methods.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { categories, categoryCoinCosts, quotes, subcategories } from '@/server/db/schema';
import { notFound } from '@/server/lib/app-error';
import type { AdminQuoteStatus } from '@/shared/schemas/admin';
import type { QuoteStatus } from '@/shared/schemas/quote';
import type { AuditService } from '../audit/audit.service';
import type { ImagesService } from '../images/images.service';
import type { SessionUser } from '../users/users.service';
import { replyCoinCostFixedNow } from '../quotes/quotes.repository';
import { listQuotes, quoteStats, readStats } from './admin.repository';

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

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly images: ImagesService,
    private readonly audit: AuditService,
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
      await this.audit.record(tx, {
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
      await this.audit.record(tx, {
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
      await this.audit.record(tx, {
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
      await this.audit.record(tx, {
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
}
