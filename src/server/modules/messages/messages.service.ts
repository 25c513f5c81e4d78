/**
 * Messaging on a quote: each company of a submitted quote has one conversation with
 * the customer. A company's first reply costs the quote's reply price (its category's cost when it
 * was submitted, fixed since), charged in the same transaction as the message with the unique
 * ledger reference reply:{quote}:{company}, so twenty racing first replies charge once and a reply
 * the balance cannot pay stores nothing. A paid reply must carry the price the vendor was shown
 * (`coinCost`), so nothing is charged through a screen that did not show it.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import type { ConversationParty, QuoteParty } from '@/server/access/quote.policy';
import { AppError, badRequest, forbidden, notFound } from '@/server/lib/app-error';
import { isCheckViolation } from '@/server/lib/pg-errors';
import type { EventBus } from '@/server/platform/events/event-bus';
import {
  closedConversationMessage,
  DECLINE_AFTER_REPLY_MESSAGE,
  declinedMessage,
  MESSAGE_EMPTY_MESSAGE,
  type Message,
  type MessageEventKind,
} from '@/shared/schemas/quote';
import { objectUrlOf, QUOTE_IMAGE_TYPES } from '@/shared/schemas/upload';
import { HIDDEN_MESSAGE_PLACEHOLDER } from '@/shared/schemas/moderation';
import type { LeadPreferencesService } from '../leads/lead-preferences.service';
import type { CoinsService } from '../coins/coins.service';
import type { ImagesService } from '../images/images.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { toOffer } from '@/server/db/offer-sql';
import type { QuoteRow } from '../quotes/quotes.service';
import { customerDisplayName, type NamedSessionUser, type SessionUser } from '../users/users.service';
import {
  countUnreadForCustomer,
  countUnreadForVendor,
  findCompetition,
  hasCompanyReplied,
  insertMessage,
  listConversations,
  listThread,
  listVendorQuotes,
  lockConversation,
  markClosed,
  markDeclined,
  markThreadRead,
  type MessageRow,
} from './messages.repository';

/** Both sides send the same image types; only the size limit differs (the route's). */
export const MESSAGE_IMAGE_RULES = { allowed: QUOTE_IMAGE_TYPES, typesMessage: 'Please select an image file.' };

/**
 * A message as `viewerSide` reads it: a message a moderator hid reads as a placeholder, without
 * its words or image, to everyone but its own side (undefined: nobody's side, so the placeholder).
 */
export function toMessage(row: MessageRow, viewerSide?: 'user' | 'company'): Message {
  const masked = row.moderation_state === 'hidden' && row.sender_type !== viewerSide;
  const imageObjectId = masked ? null : row.image_object_id;
  return {
    id: row.id,
    quoteId: row.quote_id,
    companyId: row.company_id,
    senderId: row.sender_id,
    senderType: row.sender_type,
    message: masked ? HIDDEN_MESSAGE_PLACEHOLDER : row.message,
    imageObjectId,
    imageUrl: imageObjectId ? objectUrlOf(imageObjectId) : null,
    moderationState: row.moderation_state ?? null,
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
    event: row.event,
    offer: row.offer ? toOffer(row.offer) : null,
  };
}

/** The coins a company's first reply to this quote costs (fixed when it was submitted). */
const replyPriceOf = (quote: QuoteRow): number => quote.replyCoinCost ?? 0;

export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly images: ImagesService,
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
    private readonly coins: CoinsService,
    private readonly leadPreferences: LeadPreferencesService,
  ) {}

  /** The conversations of a quote the caller takes part in (the quote policy's party). */
  async conversations(party: QuoteParty) {
    const quoteId = party.quote.id;
    const rows =
      party.role === 'customer'
        ? await listConversations(this.db, quoteId, 'company')
        : await listConversations(this.db, quoteId, 'user', party.companyIds);
    return rows.map((row) => ({
      companyId: row.company_id,
      company: { id: row.company_id, name: row.name, logo: row.logo, logoObjectId: row.logo_object_id },
      lastMessage: row.last_message ? toMessage(row.last_message, party.role === 'customer' ? 'user' : 'company') : null,
      unreadCount: row.unread_count,
      declinedAt: row.declined_at === null ? null : new Date(row.declined_at).toISOString(),
      closedAt: row.closed_at === null ? null : new Date(row.closed_at).toISOString(),
      offer: row.offer ? toOffer(row.offer) : null,
      outcome: row.outcome,
    }));
  }

  /**
   * "Not interested": the company declines the request for free, before any reply; the
   * customer sees it in that conversation, which takes no more messages. Declining again answers
   * the first decline. Under the conversation's lock, so a racing first reply and a decline cannot
   * both land.
   */
  async decline(party: ConversationParty): Promise<{ declinedAt: string }> {
    const [quoteId, companyId] = [party.quote.id, party.company.id];
    if (party.side !== 'company') throw forbidden('Only the company can decline a request');
    if (party.quote.status === 'draft') throw badRequest('Submit the quote before sending messages', 'QUOTE_NOT_SUBMITTED');
    const declinedAt = await this.db.transaction(async (tx) => {
      const locked = await lockConversation(tx, quoteId, companyId);
      if (!locked) throw notFound('Conversation not found');
      if (locked.declinedAt) return locked.declinedAt;
      if (await hasCompanyReplied(tx, quoteId, companyId)) {
        throw new AppError('REQUEST_ALREADY_ANSWERED', DECLINE_AFTER_REPLY_MESSAGE);
      }
      return markDeclined(tx, quoteId, companyId);
    });
    return { declinedAt: declinedAt.toISOString() };
  }

  /**
   * Inside the transaction that credits a reported lead: its conversation takes no more messages
   * from either side. The row's lock orders it against a message being sent.
   */
  async closeCreditedLead(tx: DbOrTx, quoteId: number, companyId: number): Promise<void> {
    await markClosed(tx, quoteId, companyId);
  }

  /**
   * The product's own note in a conversation (how the request ended for that company), inside the
   * caller's transaction: stored read, so it changes no one's unread count.
   */
  async addNote(
    tx: DbOrTx,
    note: { quoteId: number; companyId: number; event: 'hired' | 'not_chosen' | 'request_closed'; text: string },
  ): Promise<void> {
    await insertMessage(tx, {
      quoteId: note.quoteId,
      companyId: note.companyId,
      senderId: null,
      senderType: 'system',
      message: note.text,
      imageObjectId: null,
      event: note.event,
    });
  }

  async thread(party: ConversationParty): Promise<Message[]> {
    return (await listThread(this.db, party.quote.id, party.company.id)).map((row) => toMessage(row, party.side));
  }

  /**
   * What the company's first reply costs: the quote's fixed price (hasReplied: already paid), and
   * the competition it would pay to join (how many companies got the request, how many replied).
   */
  async coinCost(actor: SessionUser, party: ConversationParty) {
    const cost = replyPriceOf(party.quote);
    const [balance, competition, week] = await Promise.all([
      this.coins.getBalance(actor.id),
      findCompetition(this.db, party.quote.id, party.company.id),
      // The company's spend and cap are its own business, not the customer's.
      party.side === 'company' ? this.leadPreferences.weeklyStatus(party.company.id) : { weeklySpend: 0, weeklyCoinCap: null },
    ]);
    const { hasReplied } = competition;
    // Whether the company's own preferences left the job out is the company's business too.
    const scope =
      party.side === 'company'
        ? { outsideServiceArea: competition.outsideServiceArea, outsideServices: competition.outsideServices }
        : { outsideServiceArea: null, outsideServices: null };
    return { coinCost: cost, userBalance: balance, canAfford: hasReplied || balance >= cost, ...competition, ...week, ...scope };
  }

  /**
   * `party` is the conversation the route's policy resolved before the body was read;
   * `acceptedCoinCost` is the price the vendor's screen showed (required for a paid first reply).
   * `attach` writes what the message records (an offer) inside the message's transaction, after
   * the conversation is locked and the reply paid for, and names it; such a message may have no words.
   */
  async post(
    actor: NamedSessionUser,
    party: ConversationParty,
    text: string | null,
    image: Buffer | undefined,
    acceptedCoinCost?: number,
    attach?: (tx: DbOrTx) => Promise<{ event: MessageEventKind; offerId: number }>,
  ) {
    const quoteId = party.quote.id;
    const companyId = party.company.id;
    if (party.quote.status === 'draft') throw badRequest('Submit the quote before sending messages', 'QUOTE_NOT_SUBMITTED');
    if (party.quote.status === 'completed')
      throw badRequest('This quote is completed and no longer takes messages', 'QUOTE_COMPLETED');
    if (!text && !image && !attach) throw badRequest(MESSAGE_EMPTY_MESSAGE, 'MESSAGE_EMPTY');

    const side = party.side;
    const cost = side === 'company' ? replyPriceOf(party.quote) : 0;
    // A company message exists only beside its paid charge (one transaction), so a company that has
    // replied before owes nothing: its later replies skip the confirmation, the cap and the charge.
    const repliedBefore = cost > 0 && acceptedCoinCost !== cost && (await hasCompanyReplied(this.db, quoteId, companyId));
    if (cost > 0 && acceptedCoinCost !== cost && !repliedBefore) {
      throw new AppError(
        'REPLY_COST_UNCONFIRMED',
        `Replying to this quote costs ${cost} coins: confirm the cost to send your reply.`,
        {
          coinCost: cost,
          userBalance: await this.coins.getBalance(actor.id),
        },
      );
    }
    const prepared = image ? await this.images.prepare(image, MESSAGE_IMAGE_RULES, 'message_image', actor.id) : undefined;
    const { ownerId, name: companyName } = party.company;
    const recipientId = side === 'user' ? ownerId : party.quote.userId;
    let charged = false;
    let newBalance: number | undefined;
    let row: MessageRow;
    try {
      row = await this.db.transaction(async (tx) => {
        // A declined conversation takes no more messages, from either side; the lock
        // orders this message after (or before) a racing decline.
        const conversation = await lockConversation(tx, quoteId, companyId);
        if (conversation?.declinedAt) throw badRequest(declinedMessage(party.company.name), 'REQUEST_DECLINED');
        // A lead whose coins came back on the company's report is over for both sides.
        if (conversation?.closedAt) {
          throw badRequest(closedConversationMessage(side, party.company.name), 'CONVERSATION_CLOSED');
        }
        if (side === 'company' && cost > 0 && !repliedBefore) {
          // A first reply that would pass the company's weekly cap is refused before
          // the charge (a reply already paid for is not charged again, so not checked).
          await this.leadPreferences.assertWithinWeeklyCap(tx, party.company, cost, () =>
            hasCompanyReplied(tx, quoteId, companyId),
          );
          // The unique reference makes the first reply's charge happen once, whoever races.
          const balance = await this.coins.charge(tx, {
            userId: actor.id,
            coins: cost,
            reference: `reply:${quoteId}:${companyId}`,
            quoteId,
            companyId,
            note: party.quote.quoteName,
          });
          charged = balance !== undefined;
          newBalance = balance;
        }
        if (prepared) await this.images.record(tx, prepared);
        const attached = attach ? await attach(tx) : undefined;
        const inserted = await insertMessage(tx, {
          quoteId,
          companyId,
          senderId: actor.id,
          senderType: side,
          message: text,
          imageObjectId: prepared?.answer.objectId ?? null,
          event: attached?.event,
          offerId: attached?.offerId,
        });
        if (recipientId) {
          await this.notifications.messagePosted(tx, {
            quoteId,
            companyId,
            quoteName: party.quote.quoteName,
            senderName: side === 'company' ? companyName : customerDisplayName(actor.firstName, actor.lastName),
            recipientId,
            recipientSide: side === 'user' ? 'vendor' : 'customer',
            text,
            hasImage: prepared !== undefined,
          });
        }
        return inserted;
      });
      this.notifications.flush();
    } catch (error) {
      if (prepared) await this.images.discard(prepared);
      if (isCheckViolation(error)) {
        const userBalance = await this.coins.getBalance(actor.id);
        throw new AppError('INSUFFICIENT_COINS', `Insufficient coins: replying costs ${cost} coins`, {
          coinCost: cost,
          userBalance,
        });
      }
      throw error;
    }

    const message = toMessage(row);
    const [, balanceNow] = await Promise.all([
      this.announce(party, ownerId, companyId, message, charged ? newBalance : undefined),
      newBalance ?? (side === 'company' ? this.coins.getBalance(actor.id) : undefined),
    ]);
    return {
      message,
      ...(side === 'company'
        ? { coinInfo: { deducted: charged, coinCost: charged ? cost : 0, newBalance: balanceNow ?? 0 } }
        : {}),
    };
  }

  /** Tells both sides: the new message, the recipients' unread totals, the payer's balance. */
  private async announce(
    party: QuoteParty,
    ownerId: number | null,
    companyId: number,
    message: Message,
    newBalance: number | undefined,
  ) {
    const customerId = party.quote.userId;
    const everyone = [customerId, ...(ownerId ? [ownerId] : [])];
    const recipient = message.senderType === 'user' ? ownerId : customerId;
    // The recipient's count is read while the first event goes out; the events keep their order.
    const [unread] = await Promise.all([
      recipient ? this.totalUnread(recipient) : undefined,
      this.events.publish(everyone, 'new_message', {
        quoteId: message.quoteId,
        companyId,
        messageId: message.id,
        senderType: message.senderType,
      }),
    ]);
    if (recipient && unread !== undefined) await this.events.publish([recipient], 'unread_count_update', { count: unread });
    if (newBalance !== undefined && message.senderId) {
      await this.events.publish([message.senderId], 'coin_balance_update', { newBalance });
    }
  }

  async markRead(actor: SessionUser, party: ConversationParty): Promise<number> {
    const quoteId = party.quote.id;
    const companyId = party.company.id;
    const from = party.side === 'user' ? 'company' : 'user';
    const changed = await markThreadRead(this.db, quoteId, companyId, from);
    if (changed > 0) {
      const ownerId = party.company.ownerId;
      const other = party.side === 'user' ? ownerId : party.quote.userId;
      if (other) await this.events.publish([other], 'message_read', { quoteId, companyId, readerType: party.side });
      await this.events.publish([actor.id], 'unread_count_update', { count: await this.totalUnread(actor.id) });
    }
    return changed;
  }

  /** Everything unread for a user, as customer and as vendor. */
  async totalUnread(userId: number): Promise<number> {
    const [asCustomer, asVendor] = await Promise.all([
      countUnreadForCustomer(this.db, userId),
      countUnreadForVendor(this.db, userId),
    ]);
    return asCustomer + asVendor;
  }

  async unreadOfQuote(actor: SessionUser, party: QuoteParty): Promise<number> {
    const quoteId = party.quote.id;
    return party.role === 'customer'
      ? countUnreadForCustomer(this.db, actor.id, quoteId)
      : countUnreadForVendor(this.db, actor.id, quoteId);
  }

  async unreadOfConversation(actor: SessionUser, party: ConversationParty): Promise<number> {
    const [quoteId, companyId] = [party.quote.id, party.company.id];
    return party.side === 'user'
      ? countUnreadForCustomer(this.db, actor.id, quoteId, companyId)
      : countUnreadForVendor(this.db, actor.id, quoteId, companyId);
  }

  unreadAsCustomer(actor: SessionUser): Promise<number> {
    return countUnreadForCustomer(this.db, actor.id);
  }

  unreadAsVendor(actor: SessionUser): Promise<number> {
    return countUnreadForVendor(this.db, actor.id);
  }

  async vendorQuotes(actor: SessionUser) {
    const rows = await listVendorQuotes(this.db, actor.id);
    return rows.map((row) => ({
      quoteId: row.quote_id,
      companyId: row.company_id,
      companyName: row.company_name,
      quoteName: row.quote_name,
      description: row.description,
      status: row.status,
      userFirstName: row.user_first_name,
      userLastName: row.user_last_name,
      unreadCount: row.unread_count,
      lastMessage: row.last_sender_type
        ? { senderType: row.last_sender_type, message: row.last_message, event: row.last_event }
        : null,
      lastMessageAt: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
      createdAt: new Date(row.created_at).toISOString(),
      declinedAt: row.declined_at ? new Date(row.declined_at).toISOString() : null,
      closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
      jobZip: row.job_zip,
      outsideServiceArea: row.outside_service_area,
      outsideServices: row.outside_services,
      outcome: row.outcome,
    }));
  }
}
