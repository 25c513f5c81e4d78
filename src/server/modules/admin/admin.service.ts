/**
 * The admin screen's quote actions (001 §7), on their way to the quotes module; every other admin
 * call lives in its own module, and the dashboard in AdminDashboardService. Every change is made
 * in a transaction that also writes the audit log entry (who, what, before, after).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { quotes } from '@/server/db/schema';
import { notFound } from '@/server/lib/app-error';
import type { AdminQuoteStatus } from '@/shared/schemas/admin';
import type { QuoteStatus } from '@/shared/schemas/quote';
import type { AuditService } from '../audit/audit.service';
import type { ImagesService } from '../images/images.service';
import type { SessionUser } from '../users/users.service';
import { replyCoinCostFixedNow } from '../quotes/quotes.repository';
import { listQuotes, quoteStats } from './admin.repository';

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
}
