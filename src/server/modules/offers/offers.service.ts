/**
 * Priced offers. An offer is a message of its conversation that carries a price: the company's
 * first offer may be its first reply (paid like any first reply, once, by the message's own
 * charge), and every later version or withdrawal is another message, so the thread is the
 * offer's history and nothing about an offer is ever charged twice. Only the company's side makes
 * offers; they change until the customer hires or closes the request (the request's row is taken
 * before each version is written, and a hire takes it first).
 */
import type { ConversationParty } from '@/server/access/quote.policy';
import type { DbOrTx } from '@/server/db/client';
import { AppError, badRequest, forbidden } from '@/server/lib/app-error';
import type { EventBus } from '@/server/platform/events/event-bus';
import {
  NO_OFFER_MESSAGE,
  OFFER_AFTER_HIRE_MESSAGE,
  OFFER_CURRENCY_MESSAGE,
  offerDecimalsMessage,
  toMinorUnits,
  type Offer,
  type OfferBody,
  type OfferHistory,
} from '@/shared/schemas/offers';
import type { Message } from '@/shared/schemas/quote';
import type { MessagesService } from '../messages/messages.service';
import type { NamedSessionUser } from '../users/users.service';
import { toOffer, type OfferRow } from '@/server/db/offer-sql';
import {
  insertOfferVersion,
  latestOfferVersion,
  listOfferVersions,
  lockQuoteForOffer,
  markOfferWithdrawn,
} from './offers.repository';

const decided = () => new AppError('OFFER_AFTER_DECISION', OFFER_AFTER_HIRE_MESSAGE);

export class OffersService {
  constructor(
    private readonly messages: MessagesService,
    private readonly events: EventBus,
    private readonly db: DbOrTx,
    /** The product's currency (CURRENCY): offers are made in it only. */
    private readonly currency: string,
  ) {}

  /** Every version of the conversation's offer, newest first, and the one standing. */
  async history(party: ConversationParty): Promise<OfferHistory> {
    const versions = (await listOfferVersions(this.db, party.quote.id, party.company.id)).map((row) => toOffer(row));
    const latest = versions[0];
    return { current: latest && latest.withdrawnAt === null ? latest : null, versions };
  }

  /** A new offer, or the next version of the standing one. */
  async make(
    actor: NamedSessionUser,
    party: ConversationParty,
    body: OfferBody,
  ): Promise<{ offer: Offer; message: Message; coinInfo?: { deducted: boolean; coinCost: number; newBalance: number } }> {
    this.assertCompanySide(party);
    if (body.currency !== this.currency) throw badRequest(OFFER_CURRENCY_MESSAGE(this.currency), 'OFFER_CURRENCY', 'currency');
    const prices = {
      amountMinor: this.minor(body.amount, 'amount'),
      lowMinor: this.minor(body.low, 'low'),
      highMinor: this.minor(body.high, 'high'),
    };
    let made: OfferRow | undefined;
    const answer = await this.messages.post(actor, party, body.message || null, undefined, body.coinCost, async (tx) => {
      await this.assertStillOpen(tx, party.quote.id);
      const latest = await latestOfferVersion(tx, party.quote.id, party.company.id);
      made = await insertOfferVersion(tx, {
        quoteId: party.quote.id,
        companyId: party.company.id,
        version: (latest?.version ?? 0) + 1,
        kind: body.kind,
        ...prices,
        currency: this.currency,
        includes: body.includes,
        validDays: body.validDays,
        createdBy: actor.id,
      });
      return { event: latest && latest.withdrawn_at === null ? 'offer_revised' : 'offer_made', offerId: made.id };
    });
    await this.announce(party, made!.id);
    return { offer: toOffer(made!), ...answer };
  }

  /** Withdraws the standing offer (a message says so); the customer can no longer hire on it. */
  async withdraw(actor: NamedSessionUser, party: ConversationParty): Promise<{ offer: Offer; message: Message }> {
    this.assertCompanySide(party);
    // Checked before the message's own checks, so that "no offer" is not answered as an unpaid reply.
    const standing = await latestOfferVersion(this.db, party.quote.id, party.company.id);
    if (!standing || standing.withdrawn_at !== null) throw badRequest(NO_OFFER_MESSAGE, 'NO_OFFER');
    let withdrawn: OfferRow | undefined;
    const { message } = await this.messages.post(actor, party, null, undefined, undefined, async (tx) => {
      await this.assertStillOpen(tx, party.quote.id);
      const latest = await latestOfferVersion(tx, party.quote.id, party.company.id);
      if (!latest || latest.withdrawn_at !== null) throw badRequest(NO_OFFER_MESSAGE, 'NO_OFFER');
      withdrawn = await markOfferWithdrawn(tx, latest.id);
      return { event: 'offer_withdrawn', offerId: latest.id };
    });
    await this.announce(party, null);
    return { offer: toOffer(withdrawn!), message };
  }

  private assertCompanySide(party: ConversationParty): void {
    if (party.side !== 'company') throw forbidden('Only the company can make or change an offer');
    if (party.quote.status === 'completed') throw decided();
  }

  /** Under the request's row: a hire or close that committed first wins. */
  private async assertStillOpen(tx: DbOrTx, quoteId: number): Promise<void> {
    const quote = await lockQuoteForOffer(tx, quoteId);
    if (!quote || quote.status === 'completed' || quote.outcome !== null) throw decided();
  }

  private minor(amount: number | undefined, field: 'amount' | 'low' | 'high'): number | null {
    if (amount === undefined) return null;
    const minor = toMinorUnits(amount, this.currency);
    if (minor === undefined) throw badRequest(offerDecimalsMessage(this.currency), 'OFFER_PRICE_DECIMALS', field);
    return minor;
  }

  /** Both sides' open pages refresh the offer (the message itself went out as `new_message`). */
  private async announce(party: ConversationParty, offerId: number | null): Promise<void> {
    const everyone = [party.quote.userId, ...(party.company.ownerId ? [party.company.ownerId] : [])];
    await this.events.publish(everyone, 'offer_update', { quoteId: party.quote.id, companyId: party.company.id, offerId });
  }
}
