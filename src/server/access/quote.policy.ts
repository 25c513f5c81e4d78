/**
 * Who may do what with a quote and its conversations:
 * - its customer may read it, edit and submit it while a draft, and talk with each of its companies;
 * - the owner of one of its companies may read it once submitted (never a draft) and talk in that
 *   company's conversation only;
 * - anyone else gets 403 with the spec's text, and an id that names no quote gets 404.
 * Each policy reads the quote with what the rule needs in one query and hands it on.
 */
import { AppError, forbidden, notFound } from '@/server/lib/app-error';
import type { QuoteRow } from '@/server/modules/quotes/quotes.service';
import { QUOTE_FORBIDDEN_MESSAGE } from '@/shared/schemas/quote';
import { definePolicy } from './policy';

/** The caller's part in a quote. */
export interface QuoteParty {
  quote: QuoteRow;
  role: 'customer' | 'vendor';
  /** For a vendor: the quote's companies they own. */
  companyIds: number[];
}

/** The caller's part in one conversation of a quote: the customer ('user') or that company's owner. */
export interface ConversationParty extends QuoteParty {
  side: 'user' | 'company';
  company: { id: number; ownerId: number | null; name: string };
}

const QUOTE_NOT_FOUND = 'Quote not found';
const notTheirs = () => new AppError('QUOTE_FORBIDDEN', QUOTE_FORBIDDEN_MESSAGE);

/** The rule itself, on what was read: undefined when the caller takes no part in the quote. */
export function quotePartyOf(actorId: number, quote: QuoteRow, ownedCompanyIds: number[]): QuoteParty | undefined {
  if (quote.userId === actorId) return { quote, role: 'customer', companyIds: [] };
  if (quote.status !== 'draft' && ownedCompanyIds.length > 0) return { quote, role: 'vendor', companyIds: ownedCompanyIds };
  return undefined;
}

/** The two reads the policies make, one query each. QuotesService answers them. */
export interface QuoteAccessReader {
  findForUser(quoteId: number, userId: number): Promise<{ quote: QuoteRow; ownedCompanyIds: number[] } | undefined>;
  findConversationForUser(
    quoteId: number,
    companyId: number,
    userId: number,
  ): Promise<{ quote: QuoteRow; ownedCompanyIds: number[]; company: ConversationParty['company'] | null } | undefined>;
}

export function quotePolicies(quotes: QuoteAccessReader) {
  /** The customer or a vendor of the quote (reading it, its conversations, its unread count). */
  const party = definePolicy<{ id: number }, QuoteParty>({
    name: 'quote.party',
    notFoundMessage: QUOTE_NOT_FOUND,
    async resolve(actor, { id }) {
      const found = await quotes.findForUser(id, actor.id);
      if (!found) throw notFound(QUOTE_NOT_FOUND);
      const part = quotePartyOf(actor.id, found.quote, found.ownedCompanyIds);
      if (!part) throw notTheirs();
      return part;
    },
  });

  /** Only the quote's customer (editing, submitting, images). */
  const customer = definePolicy<{ id: number }, QuoteRow>({
    name: 'quote.customer',
    notFoundMessage: QUOTE_NOT_FOUND,
    async resolve(actor, params) {
      const part = await party.resolve(actor, params);
      if (part.role !== 'customer') throw notTheirs();
      return part.quote;
    },
  });

  /** The customer, or the owner of company `companyId`, in that company's conversation on the quote. */
  const conversation = definePolicy<{ id?: number; quoteId?: number; companyId: number }, ConversationParty>({
    name: 'quote.conversation',
    notFoundMessage: QUOTE_NOT_FOUND,
    resourceParams: ['id', 'quoteId', 'companyId'],
    async resolve(actor, params) {
      const quoteId = params.id ?? params.quoteId ?? 0;
      const found = await quotes.findConversationForUser(quoteId, params.companyId, actor.id);
      if (!found) throw notFound(QUOTE_NOT_FOUND);
      const part = quotePartyOf(actor.id, found.quote, found.ownedCompanyIds);
      if (!part) throw notTheirs();
      if (part.role === 'customer') {
        if (!found.company) throw forbidden('This company is not part of the quote', 'COMPANY_NOT_IN_QUOTE');
        return { ...part, side: 'user', company: found.company };
      }
      if (!found.company || !part.companyIds.includes(params.companyId)) throw notTheirs();
      return { ...part, side: 'company', company: found.company };
    },
  });

  return { party, customer, conversation };
}

export type QuotePolicies = ReturnType<typeof quotePolicies>;
