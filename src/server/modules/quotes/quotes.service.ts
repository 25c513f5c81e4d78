/**
 * Quotes (001 §2–§7): the customer's drafts, their list and counts, editing and submitting, and
 * project images. Who may touch a quote is decided here before any body is read: its customer,
 * or — once it is no longer a draft — the owners of its companies.
 */
import type { Db } from '@/server/db/client';
import { AppError, badRequest, notFound } from '@/server/lib/app-error';
import { QUOTE_PAGE_SIZE } from '@/shared/constants';
import {
  QUOTE_FORBIDDEN_MESSAGE,
  QUOTE_NEEDS_COMPANY_MESSAGE,
  QUOTE_NOT_DRAFT_MESSAGE,
  type CreateQuoteBody,
  type Quote,
  type QuoteList,
  type UpdateQuoteBody,
} from '@/shared/schemas/quote';
import { objectUrlOf, QUOTE_IMAGE_TYPES, QUOTE_IMAGE_TYPES_MESSAGE } from '@/shared/schemas/upload';
import type { ClaimsService } from '../claims/claims.service';
import { findQuoteRecipients } from '../claims/claims.repository';
import type { ImagesService } from '../images/images.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { NamedSessionUser, SessionUser } from '../users/users.service';
import {
  completeInactiveQuotes,
  countQuoteImages,
  countQuotesByStatus,
  deleteQuoteImage,
  findCompaniesForQuote,
  customerDisplayName,
  findOwnedCompaniesInQuote,
  findQuoteById,
  findQuoteCompanies,
  insertQuote,
  insertQuoteCompanies,
  insertQuoteImage,
  listQuoteImages,
  listQuotesOfUser,
  lockQuote,
  submitDraftRow,
  updateQuoteRow,
  type QuoteRow,
} from './quotes.repository';

export const MAX_QUOTE_IMAGES = 10;
/** Advisory lock key of the inactivity sweeper (any constant unique to this job). */
const INACTIVITY_SWEEP_LOCK = 4_042_001;

/** How the caller takes part in a quote. */
export interface QuoteParty {
  quote: QuoteRow;
  role: 'customer' | 'vendor';
  /** For a vendor: the quote's companies they own. */
  companyIds: number[];
}

export class QuotesService {
  constructor(
    private readonly db: Db,
    private readonly images: ImagesService,
    private readonly claims: ClaimsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** The caller's part in quote `id`: 404 when there is none, 403 with the spec's text when not theirs. */
  async partyOf(actor: SessionUser, id: number): Promise<QuoteParty> {
    const quote = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await findQuoteById(this.db, id) : undefined;
    if (!quote) throw notFound('Quote not found');
    if (quote.userId === actor.id) return { quote, role: 'customer', companyIds: [] };
    if (quote.status !== 'draft') {
      const companyIds = await findOwnedCompaniesInQuote(this.db, quote.id, actor.id);
      if (companyIds.length) return { quote, role: 'vendor', companyIds };
    }
    throw new AppError('FORBIDDEN', QUOTE_FORBIDDEN_MESSAGE);
  }

  /** Only the quote's customer (editing, submitting, images). */
  async customerOf(actor: SessionUser, id: number): Promise<QuoteRow> {
    const party = await this.partyOf(actor, id);
    if (party.role !== 'customer') throw new AppError('FORBIDDEN', QUOTE_FORBIDDEN_MESSAGE);
    return party.quote;
  }

  /** A draft owned by the caller, to active companies of one category (000 §4 Quote selection). */
  async createDraft(user: SessionUser, body: CreateQuoteBody): Promise<Quote> {
    const ids = [...new Set(body.companyIds)];
    const found = await findCompaniesForQuote(this.db, ids);
    if (found.length !== ids.length || found.some((c) => !c.isActive)) {
      throw badRequest('One of the selected companies is not available');
    }
    // An owner quoting their own business would pay coins to answer themself and count as a lead.
    if (found.some((c) => c.ownerId === user.id)) {
      throw badRequest('You cannot request a quote from your own business');
    }
    if (new Set(found.map((c) => c.categoryId)).size > 1) {
      throw badRequest('All companies in a quote must be in the same category');
    }
    const quote = await this.db.transaction(async (tx) => {
      const row = await insertQuote(tx, {
        userId: user.id,
        quoteName: body.quoteName,
        description: body.description,
        status: 'draft',
        categoryId: found[0]?.categoryId ?? null,
      });
      await insertQuoteCompanies(tx, row.id, ids);
      return row;
    });
    return this.toQuote(quote);
  }

  async list(user: SessionUser, page: number, pageSize: number, status: QuoteRow['status'] | undefined): Promise<QuoteList> {
    const [rows, byStatus] = await Promise.all([
      listQuotesOfUser(this.db, user.id, status, pageSize, (page - 1) * pageSize),
      countQuotesByStatus(this.db, user.id),
    ]);
    const counts = {
      draft: byStatus.draft ?? 0,
      in_progress: (byStatus.in_progress ?? 0) + (byStatus.submitted ?? 0),
      completed: byStatus.completed ?? 0,
      total: 0,
    };
    counts.total = counts.draft + counts.in_progress + counts.completed;
    const total = rows[0]?.total ?? (status ? (status === 'submitted' ? 0 : counts[status]) : counts.total);
    return {
      data: rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        quoteName: row.quote_name,
        description: row.description,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
        companyCount: row.company_count,
        unreadCount: row.unread_count,
      })),
      total,
      totalPages: Math.ceil(total / (pageSize || QUOTE_PAGE_SIZE)),
      counts,
    };
  }

  async get(actor: SessionUser, id: number): Promise<Quote> {
    const { quote } = await this.partyOf(actor, id);
    return this.toQuote(quote);
  }

  async update(actor: SessionUser, id: number, body: UpdateQuoteBody): Promise<Quote> {
    const quote = await this.customerOf(actor, id);
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE);
    const updated = await updateQuoteRow(this.db, id, { quoteName: body.quoteName, description: body.description });
    return this.toQuote(updated);
  }

  /** draft → in_progress (001 §4), with at least one company and a 100-character description. */
  async submit(actor: NamedSessionUser, id: number, body: UpdateQuoteBody): Promise<Quote> {
    const quote = await this.customerOf(actor, id);
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE);
    // The status change, the claims for unowned listings and every notice commit together.
    const updated = await this.db.transaction(async (tx) => {
      const recipients = await findQuoteRecipients(tx, id);
      if (recipients.length === 0) throw badRequest(QUOTE_NEEDS_COMPANY_MESSAGE);
      const now = new Date();
      const row = await submitDraftRow(tx, id, {
        quoteName: body.quoteName,
        description: body.description,
        status: 'in_progress',
        submittedAt: now,
        lastActivityAt: now,
      });
      if (!row) throw badRequest(QUOTE_NOT_DRAFT_MESSAGE);
      const claimIds = await this.claims.createForQuote(tx, id, recipients);
      const customerName = customerDisplayName(actor.firstName, actor.lastName);
      await this.notifications.quoteSubmitted(tx, { id, quoteName: row.quoteName, customerName }, recipients, claimIds);
      return row;
    });
    this.notifications.flush();
    return this.toQuote(updated);
  }

  async addImage(actor: SessionUser, id: number, bytes: Buffer) {
    const quote = await this.customerOf(actor, id);
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE);
    // Cheap early refusal before the image is processed; the transaction below decides.
    const tooManyImages = `A quote can have at most ${MAX_QUOTE_IMAGES} images`;
    if ((await countQuoteImages(this.db, id)) >= MAX_QUOTE_IMAGES) throw badRequest(tooManyImages);
    const prepared = await this.images.prepare(
      bytes,
      { allowed: QUOTE_IMAGE_TYPES, typesMessage: QUOTE_IMAGE_TYPES_MESSAGE },
      'quote_image',
      actor.id,
    );
    try {
      // The limit is checked again where the row is written, under the quote's lock (issue 14,
      // finding 9: fourteen parallel uploads all passed the check above and were all stored).
      const imageId = await this.db.transaction(async (tx) => {
        if ((await lockQuote(tx, id)) !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE);
        if ((await countQuoteImages(tx, id)) >= MAX_QUOTE_IMAGES) throw badRequest(tooManyImages);
        await this.images.record(tx, prepared);
        return insertQuoteImage(tx, id, prepared.answer.objectId);
      });
      return { id: imageId, objectUrl: prepared.answer.objectUrl, thumbnailUrl: prepared.answer.thumbnailUrl, caption: null };
    } catch (error) {
      await this.images.discard(prepared);
      throw error;
    }
  }

  async removeImage(actor: SessionUser, id: number, imageId: number): Promise<void> {
    const quote = await this.customerOf(actor, id);
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE);
    const purge = await this.db.transaction(async (tx) => {
      const objectId = await deleteQuoteImage(tx, id, imageId);
      if (!objectId) throw notFound('Image not found');
      return this.images.deleteObject(tx, objectId);
    });
    await purge();
  }

  /** The inactivity sweeper: answers the quotes it completed (undefined when another node holds the sweep). */
  completeInactive(): Promise<number[] | undefined> {
    return completeInactiveQuotes(this.db, INACTIVITY_SWEEP_LOCK);
  }

  private async toQuote(row: QuoteRow): Promise<Quote> {
    const [quoteCompanies, images] = await Promise.all([findQuoteCompanies(this.db, row.id), listQuoteImages(this.db, row.id)]);
    return {
      id: row.id,
      userId: row.userId,
      quoteName: row.quoteName,
      description: row.description,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      companies: quoteCompanies,
      companyCount: quoteCompanies.length,
      images: images.map((image) => ({
        id: image.id,
        objectUrl: objectUrlOf(image.object_id),
        thumbnailUrl: image.thumbnail_id ? objectUrlOf(image.thumbnail_id) : null,
        caption: image.caption,
      })),
    };
  }
}
