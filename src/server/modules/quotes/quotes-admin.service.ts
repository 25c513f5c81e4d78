/**
 * The administrators' quote screen: every quote with its counts, the status tiles,
 * and deletion. Status changes go through the lifecycle (quote-lifecycle.service.ts); every change
 * is on the audit log.
 */
import type { Db } from '@/server/db/client';
import { notFound } from '@/server/lib/app-error';
import { isOpenQuoteStatus, type QuoteStatus } from '@/shared/schemas/quote';
import type { AuditService } from '../audit/audit.service';
import type { ImagesService } from '../images/images.service';
import type { SessionUser } from '../users/users.service';
import type { HireRecord } from './quote-lifecycle.service';
import { countAllQuotesByStatus, deleteQuoteRow, listAllQuotes } from './quotes.repository';

export class QuotesAdminService {
  constructor(
    private readonly db: Db,
    private readonly images: ImagesService,
    private readonly audit: AuditService,
    private readonly hires: HireRecord,
  ) {}

  async list(query: { page: number; limit: number; search?: string; status?: QuoteStatus }) {
    const rows = await listAllQuotes(this.db, query.limit, (query.page - 1) * query.limit, query.search, query.status);
    // A page past the end has no rows to carry the total: the first row of the same list does.
    const total =
      rows[0]?.total ?? (query.page > 1 ? ((await listAllQuotes(this.db, 1, 0, query.search, query.status))[0]?.total ?? 0) : 0);
    return {
      quotes: rows.map((row) => ({
        id: row.id,
        quoteName: row.quote_name,
        description: row.description,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
        userFirstName: row.first_name,
        userLastName: row.last_name,
        companyCount: row.company_count,
        messageCount: row.message_count,
      })),
      total,
    };
  }

  /** The status tiles: "In Progress" counts the open set. */
  async stats() {
    const rows = await countAllQuotesByStatus(this.db);
    const count = (keep: (status: QuoteStatus) => boolean) =>
      rows.filter((row) => keep(row.status)).reduce((sum, row) => sum + row.n, 0);
    return {
      total: count(() => true),
      draft: count((status) => status === 'draft'),
      inProgress: count(isOpenQuoteStatus),
      completed: count((status) => status === 'completed'),
    };
  }

  /** Deletes the quote with its conversations, images and claims, and the images' bytes. */
  async delete(actor: SessionUser, quoteId: number): Promise<void> {
    const purges = await this.db.transaction(async (tx) => {
      // A deleted request that was a hire no longer counts on the company's profile.
      await this.hires.forgetHire(tx, quoteId);
      const deleted = await deleteQuoteRow(tx, quoteId);
      if (!deleted) throw notFound('Quote not found');
      const { quote } = deleted;
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'quote.delete',
        entityType: 'quote',
        entityId: quoteId,
        before: { userId: quote.userId, quoteName: quote.quoteName, description: quote.description, status: quote.status },
      });
      const out: (() => Promise<void>)[] = [];
      for (const objectId of deleted.objectIds) out.push(await this.images.deleteObject(tx, objectId));
      return out;
    });
    for (const purge of purges) await purge();
  }
}
