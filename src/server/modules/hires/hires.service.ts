/**
 * How a request ends. The customer compares the companies that replied and hires one (with the
 * offer it accepts, if any) or closes the request with a reason. Either completes the request,
 * once: the request's row is taken for update first, so of two hires in parallel one lands and
 * the other reads it completed; offers take the same row, so none changes under a hire. A hire
 * counts on the company (hire_count, in the same transaction); every company that replied is
 * told in its conversation and by e-mail, the hired one with what the customer chose to share.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError, badRequest } from '@/server/lib/app-error';
import type { EventBus } from '@/server/platform/events/event-bus';
import {
  CLOSE_REASON_LABELS,
  HIRE_COMPANY_UNAVAILABLE_MESSAGE,
  HIRE_NEEDS_REPLY_MESSAGE,
  HIRE_NOT_OPEN_MESSAGE,
  OFFER_CHANGED_MESSAGE,
  QUOTE_DECIDED_MESSAGE,
  type CloseBody,
  type Comparison,
  type HireBody,
  type QuoteOutcome,
} from '@/shared/schemas/hires';
import { offerPriceText } from '@/shared/schemas/offers';
import type { QuoteRow } from '../quotes/quotes.service';
import { MIN_REPLY_SAMPLE } from '../companies/companies.service';
import type { MessagesService } from '../messages/messages.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { toOffer } from '@/server/db/offer-sql';
import { customerDisplayName } from '../users/users.service';
import {
  findCustomerContact,
  findOutcome,
  forgetHireOf,
  listComparison,
  listDecisionCompanies,
  lockQuoteForDecision,
  recordClose,
  recordHire,
  type DecisionCompanyRow,
  type DecisionQuoteRow,
  type OutcomeRow,
} from './hires.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

function toOutcome(row: OutcomeRow): QuoteOutcome {
  return {
    outcome: row.outcome,
    decidedAt: iso(row.decided_at),
    hiredCompany:
      row.hired_company_id !== null && row.hired_company_name !== null
        ? { id: row.hired_company_id, name: row.hired_company_name }
        : null,
    acceptedOffer: row.accepted_offer ? toOffer(row.accepted_offer) : null,
    closeReason: row.close_reason,
    closeNote: row.close_note,
  };
}

export class HiresService {
  constructor(
    private readonly db: Db,
    private readonly messages: MessagesService,
    private readonly notifications: NotificationsService,
    private readonly events: EventBus,
    /** LOCALE, for prices written into notes and e-mails. */
    private readonly locale: string,
  ) {}

  /** The customer's comparison of the companies the request went to, and how it ended. */
  async comparison(quote: QuoteRow): Promise<Comparison> {
    const [rows, found] = await Promise.all([listComparison(this.db, quote.id), findOutcome(this.db, quote.id)]);
    const open = quote.status === 'in_progress' || quote.status === 'submitted';
    return {
      outcome: found ? toOutcome(found) : null,
      reviewInvite:
        found?.review_pending && found.hired_company_id !== null && found.hired_company_name !== null
          ? { companyId: found.hired_company_id, companyName: found.hired_company_name }
          : null,
      rows: rows.map((row) => ({
        company: { id: row.company_id, name: row.name, logo: row.logo, logoObjectId: row.logo_object_id },
        averageRating: row.average_rating,
        ratingsCount: row.ratings_count,
        hireCount: row.hire_count,
        replyMedianMinutes: row.reply_sample_size >= MIN_REPLY_SAMPLE ? row.reply_median_minutes : null,
        firstReplyMinutes: row.first_reply_minutes,
        response: row.response,
        offer: row.offer ? toOffer(row.offer) : null,
        offerVersions: row.offer_versions,
        canHire: open && row.response === 'replied' && row.is_active,
      })),
    };
  }

  /** How the request ended, or null while it is open (or when it was completed otherwise). */
  async outcome(quoteId: number): Promise<QuoteOutcome | null> {
    const row = await findOutcome(this.db, quoteId);
    return row ? toOutcome(row) : null;
  }

  /** The customer hires one company that replied; `quote` is the customer's (the policy said so). */
  async hire(quote: QuoteRow, body: HireBody): Promise<QuoteOutcome> {
    const decided = await this.db.transaction(async (tx) => {
      const locked = await this.lockOpen(tx, quote.id);
      const companies = await listDecisionCompanies(tx, quote.id);
      const chosen = companies.find((company) => company.company_id === body.companyId);
      if (!chosen) throw badRequest(HIRE_COMPANY_UNAVAILABLE_MESSAGE, 'HIRE_COMPANY_UNAVAILABLE', 'companyId');
      if (chosen.declined_at !== null || chosen.closed_at !== null || !chosen.is_active) {
        throw badRequest(HIRE_COMPANY_UNAVAILABLE_MESSAGE, 'HIRE_COMPANY_UNAVAILABLE', 'companyId');
      }
      if (!chosen.replied) throw badRequest(HIRE_NEEDS_REPLY_MESSAGE, 'HIRE_NEEDS_REPLY', 'companyId');
      // The offer accepted must be the one standing now: not revised or withdrawn since the customer read it.
      const offerId = body.offerId ?? null;
      if (offerId !== null && chosen.offer?.id !== offerId)
        throw new AppError('OFFER_CHANGED', OFFER_CHANGED_MESSAGE, { field: 'offerId' });
      await recordHire(tx, quote.id, chosen.company_id, offerId);

      const customer = await findCustomerContact(tx, locked.user_id);
      const customerName = customer ? customerDisplayName(customer.first_name, customer.last_name) : 'The customer';
      const shared = {
        email: body.shareEmail && customer ? customer.email : null,
        phone: body.sharePhone && customer?.phone_number ? customer.phone_number : null,
      };
      const offerText = offerId !== null && chosen.offer ? offerPriceText(toOffer(chosen.offer), this.locale) : null;
      const contactLine = [shared.email && `e-mail ${shared.email}`, shared.phone && `phone ${shared.phone}`]
        .filter(Boolean)
        .join(', ');
      await this.messages.addNote(tx, {
        quoteId: quote.id,
        companyId: chosen.company_id,
        event: 'hired',
        text:
          `${customerName} hired ${chosen.name} for this job${offerText ? ` on the offer of ${offerText}` : ''}. ` +
          (contactLine ? `They shared their contact details: ${contactLine}.` : 'They did not share contact details.'),
      });
      const others = this.repliedExcept(companies, chosen.company_id);
      for (const company of others) {
        await this.messages.addNote(tx, {
          quoteId: quote.id,
          companyId: company.company_id,
          event: 'not_chosen',
          text: 'The customer hired another company for this job. Thank you for your reply.',
        });
      }
      await this.notifications.requestDecided(tx, {
        quoteId: quote.id,
        quoteName: locked.quote_name,
        customerName,
        customerId: locked.user_id,
        hired: { companyId: chosen.company_id, companyName: chosen.name, ownerId: chosen.owner_id, ...shared, offer: offerText },
        closed: null,
        notChosen: others.map((company) => ({
          companyId: company.company_id,
          companyName: company.name,
          ownerId: company.owner_id,
        })),
      });
      return { locked, companies, hiredCompanyId: chosen.company_id };
    });
    await this.announce(decided.locked, decided.companies, 'hired', decided.hiredCompanyId);
    return (await this.outcome(quote.id))!;
  }

  /** The customer closes the request without hiring, saying why. */
  async close(quote: QuoteRow, body: CloseBody): Promise<QuoteOutcome> {
    const decided = await this.db.transaction(async (tx) => {
      const locked = await this.lockOpen(tx, quote.id);
      const companies = await listDecisionCompanies(tx, quote.id);
      await recordClose(tx, quote.id, body.reason, body.note);
      const reason = CLOSE_REASON_LABELS[body.reason];
      const others = this.repliedExcept(companies, null);
      for (const company of others) {
        await this.messages.addNote(tx, {
          quoteId: quote.id,
          companyId: company.company_id,
          event: 'request_closed',
          text: `The customer closed this request without hiring (${reason.toLowerCase()}). Thank you for your reply.`,
        });
      }
      const customer = await findCustomerContact(tx, locked.user_id);
      await this.notifications.requestDecided(tx, {
        quoteId: quote.id,
        quoteName: locked.quote_name,
        customerName: customer ? customerDisplayName(customer.first_name, customer.last_name) : 'The customer',
        customerId: locked.user_id,
        hired: null,
        closed: reason.toLowerCase(),
        notChosen: others.map((company) => ({
          companyId: company.company_id,
          companyName: company.name,
          ownerId: company.owner_id,
        })),
      });
      return { locked, companies };
    });
    await this.announce(decided.locked, decided.companies, 'closed', null);
    return (await this.outcome(quote.id))!;
  }

  /**
   * For an administrator's change of status or deletion of a request, inside its transaction: a
   * request that stops being completed, or goes away, is no longer a hire, and its count goes down.
   */
  forgetHire(tx: DbOrTx, quoteId: number): Promise<void> {
    return forgetHireOf(tx, quoteId);
  }

  private async lockOpen(tx: DbOrTx, quoteId: number): Promise<DecisionQuoteRow> {
    const locked = await lockQuoteForDecision(tx, quoteId);
    if (!locked || locked.status === 'completed' || locked.outcome !== null)
      throw new AppError('QUOTE_ALREADY_DECIDED', QUOTE_DECIDED_MESSAGE);
    if (locked.status === 'draft') throw badRequest(HIRE_NOT_OPEN_MESSAGE, 'QUOTE_NOT_OPEN');
    return locked;
  }

  /** The companies told how the request ended: those that replied, in a conversation still open. */
  private repliedExcept(companies: DecisionCompanyRow[], hiredId: number | null): DecisionCompanyRow[] {
    return companies.filter(
      (company) =>
        company.company_id !== hiredId && company.replied && company.declined_at === null && company.closed_at === null,
    );
  }

  private async announce(
    quote: DecisionQuoteRow,
    companies: DecisionCompanyRow[],
    outcome: 'hired' | 'closed',
    companyId: number | null,
  ) {
    this.notifications.flush();
    const owners = companies.flatMap((company) => (company.owner_id ? [company.owner_id] : []));
    await this.events.publish([...new Set([quote.user_id, ...owners])], 'quote_outcome', {
      quoteId: quote.id,
      outcome,
      companyId,
    });
  }
}
