/**
 * Quotes. This issue creates drafts (the "Start Quote" of discovery); the quote loop issue adds
 * the list, editing, submitting and messaging.
 */
import type { Db } from '@/server/db/client';
import { badRequest } from '@/server/lib/app-error';
import type { CreateQuoteBody, Quote } from '@/shared/schemas/quote';
import type { SessionUser } from '../users/users.service';
import { findCompaniesForQuote, findQuoteCompanies, insertQuote, insertQuoteCompanies, type QuoteRow } from './quotes.repository';

export class QuotesService {
  constructor(private readonly db: Db) {}

  /** A draft owned by the caller, to active companies of one category (000 §4 Quote selection). */
  async createDraft(user: SessionUser, body: CreateQuoteBody): Promise<Quote> {
    const ids = [...new Set(body.companyIds)];
    const found = await findCompaniesForQuote(this.db, ids);
    if (found.length !== ids.length || found.some((c) => !c.isActive)) {
      throw badRequest('One of the selected companies is not available');
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
      });
      await insertQuoteCompanies(tx, row.id, ids);
      return row;
    });
    return this.toQuote(quote);
  }

  private async toQuote(row: QuoteRow): Promise<Quote> {
    const quoteCompanies = await findQuoteCompanies(this.db, row.id);
    return {
      id: row.id,
      userId: row.userId,
      quoteName: row.quoteName,
      description: row.description,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      companies: quoteCompanies,
      companyCount: quoteCompanies.length,
    };
  }
}
