/**
 * Who hears about what: each user's notification preferences, within the platform's switches.
 * Each notice is written to the outbox in the transaction of the event that causes it, so it
 * leaves exactly when that event commits; the worker sends it (OutboxWorker), retrying on failure.
 *
 * - A submitted quote: each company's owner, by e-mail and/or text as their preferences say; an
 *   unclaimed listing gets its claim link instead, by text when its phone is a mobile number,
 *   otherwise (or when texts are switched off) by e-mail.
 * - A message: the other side of the conversation (the customer, or the company's owner), at most
 *   one notice per conversation, recipient and channel every 10 minutes, so a lively chat does
 *   not flood an inbox.
 * - A refunded reply: the vendor, by e-mail (it is about their money, so no switch silences it).
 * - A request's end: the hired company's owner (with the contact details the customer shared) and
 *   the owners of the other companies that replied, by e-mail as their quote notices say; the
 *   customer who hired is invited to review, once.
 * A platform switch that is off means nobody gets that kind, whatever their preferences.
 */
import type { DbOrTx } from '@/server/db/client';
import type { QuoteRecipient } from '@/server/db/rows';
import {
  claimInviteMail,
  hiredMail,
  leadReportMail,
  newMessageMail,
  notChosenMail,
  quoteRequestMail,
  replyRefundMail,
  reviewInviteMail,
} from '@/server/platform/mail/templates';
import type { MailMessage } from '@/server/platform/mail/mail-transport';
import type { MailWords } from '@/server/platform/mail/templates';
import type { PlatformSettingsService } from '../settings/platform-settings.service';
import { findContacts, findMessageRecipient } from './notifications.repository';
import { queueEmail, queueText, type OutboxWorker } from './outbox.service';

const MESSAGE_NOTICE_WINDOW_SECONDS = 10 * 60;
const PREVIEW_LENGTH = 160;

/** A text message: the product's name, the notice, and the words the terms promise on every text (STOP ends texts, HELP asks for help). */
const text = (words: MailWords, notice: string) => `${words.brand.name}: ${notice} ${words.say('texts.footer')}`;
const preview = (value: string) => (value.length > PREVIEW_LENGTH ? `${value.slice(0, PREVIEW_LENGTH - 1)}…` : value);

export class NotificationsService {
  constructor(
    private readonly appUrl: string,
    private readonly outbox: OutboxWorker,
    private readonly settings: PlatformSettingsService,
    /** The catalogue in a recipient's language (none saved: the operator's default). */
    private readonly wordsFor: (language: string | null) => MailWords,
  ) {}

  /**
   * One e-mail to one user about something they did or own (a moderation decision), whatever
   * their preferences: it concerns their own account. Nothing when the user is gone.
   */
  async mailUser(
    tx: DbOrTx,
    userId: number,
    notice: { kind: string; dedupeKey: string; message: (email: string, words: MailWords) => MailMessage },
  ): Promise<void> {
    const contact = (await findContacts(tx, [userId])).get(userId);
    if (!contact) return;
    const message = notice.message(contact.email, this.wordsFor(contact.language));
    await queueEmail(tx, { kind: notice.kind, dedupeKey: notice.dedupeKey, message });
  }

  /**
   * mailUser for several users at once (each reporter of a decided item): their addresses in one
   * look-up, then one e-mail each; nothing for a user who is gone.
   */
  async mailUsers(
    tx: DbOrTx,
    notices: { userId: number; kind: string; dedupeKey: string; message: (email: string, words: MailWords) => MailMessage }[],
  ): Promise<void> {
    const contacts = await findContacts(tx, [...new Set(notices.map((n) => n.userId))]);
    for (const notice of notices) {
      const contact = contacts.get(notice.userId);
      if (!contact) continue;
      const message = notice.message(contact.email, this.wordsFor(contact.language));
      await queueEmail(tx, { kind: notice.kind, dedupeKey: notice.dedupeKey, message });
    }
  }

  /** Sends what the committed transaction queued, now rather than at the worker's next poll. */
  flush(): void {
    this.outbox.poke();
  }

  async quoteSubmitted(
    tx: DbOrTx,
    quote: { id: number; quoteName: string; customerName: string },
    recipients: QuoteRecipient[],
    claimIdByCompany: Map<number, string>,
  ): Promise<void> {
    const switches = await this.settings.readNotificationSwitches(tx);
    if (!switches.emailQuotes && !switches.smsQuotes) return;
    const owners = await findContacts(tx, [...new Set(recipients.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))]);
    for (const recipient of recipients) {
      const notice = { companyName: recipient.companyName, quoteName: quote.quoteName, customerName: quote.customerName };
      const owner = recipient.ownerId ? owners.get(recipient.ownerId) : undefined;
      if (owner) {
        const words = this.wordsFor(owner.language);
        const url = `${this.appUrl}/vendorquotes?quote_id=${quote.id}`;
        const key = `quote:${quote.id}:${recipient.companyId}`;
        if (switches.emailQuotes && owner.email_notifications && owner.email_notifications_quotes) {
          await queueEmail(tx, {
            kind: 'quote_request',
            dedupeKey: `${key}:email`,
            message: quoteRequestMail(words, owner.email, { ...notice, url }),
          });
        }
        if (switches.smsQuotes && owner.text_notifications && owner.text_notifications_quotes && owner.phone_number) {
          await queueText(tx, {
            kind: 'quote_request',
            dedupeKey: `${key}:sms`,
            to: owner.phone_number,
            body: text(words, words.say('texts.quoteRequest', { quote: quote.quoteName, company: recipient.companyName, url })),
          });
        }
        continue;
      }
      const claimId = claimIdByCompany.get(recipient.companyId);
      if (!claimId) continue;
      const url = `${this.appUrl}/quotes?cid=${claimId}`;
      // A listing nobody claimed has no account, so no language of its own: the operator's.
      const words = this.wordsFor(null);
      if (recipient.isMobilePhone && recipient.phone && switches.smsQuotes) {
        await queueText(tx, {
          kind: 'claim_invite',
          dedupeKey: `claim:${claimId}:sms`,
          to: recipient.phone,
          body: text(
            words,
            words.say('texts.claimInvite', { customer: quote.customerName, company: recipient.companyName, url }),
          ),
        });
      } else if (recipient.email && switches.emailQuotes) {
        await queueEmail(tx, {
          kind: 'claim_invite',
          dedupeKey: `claim:${claimId}:email`,
          message: claimInviteMail(words, recipient.email, { ...notice, url }),
        });
      }
    }
  }

  async messagePosted(
    tx: DbOrTx,
    message: {
      quoteId: number;
      companyId: number;
      quoteName: string;
      senderName: string;
      recipientId: number;
      /** Which screen the recipient answers from. */
      recipientSide: 'customer' | 'vendor';
      text: string | null;
      hasImage: boolean;
    },
  ): Promise<void> {
    const contact = await findMessageRecipient(tx, message.recipientId);
    if (!contact) return;
    const url =
      message.recipientSide === 'customer'
        ? `${this.appUrl}/quotes/${message.quoteId}/edit?company=${message.companyId}`
        : `${this.appUrl}/vendorquotes/${message.quoteId}?company=${message.companyId}`;
    const words = this.wordsFor(contact.language);
    const body = message.text?.trim() ? preview(message.text.trim()) : message.hasImage ? words.say('mail.newMessage.image') : '';
    const window = Math.floor(Date.now() / 1000 / MESSAGE_NOTICE_WINDOW_SECONDS);
    const key = `message:${message.quoteId}:${message.companyId}:${message.recipientId}:${window}`;
    if (contact.email_on && contact.email_notifications && contact.email_notifications_messages) {
      await queueEmail(tx, {
        kind: 'new_message',
        dedupeKey: `${key}:email`,
        message: newMessageMail(words, contact.email, {
          senderName: message.senderName,
          quoteName: message.quoteName,
          preview: body,
          url,
        }),
      });
    }
    if (contact.sms_on && contact.text_notifications && contact.text_notifications_messages && contact.phone_number) {
      await queueText(tx, {
        kind: 'new_message',
        dedupeKey: `${key}:sms`,
        to: contact.phone_number,
        body: text(words, words.say('texts.newMessage', { sender: message.senderName, quote: message.quoteName, url })),
      });
    }
  }

  async replyRefunded(
    tx: DbOrTx,
    refund: {
      userId: number;
      coins: number;
      quoteId: number;
      companyId: number;
      companyName: string;
      quoteName: string;
      /** Days the reply waited unopened (the refund rule's figure, also on the rules page). */
      afterDays: number;
    },
  ): Promise<void> {
    const contact = (await findContacts(tx, [refund.userId])).get(refund.userId);
    if (!contact) return;
    await queueEmail(tx, {
      kind: 'reply_refund',
      dedupeKey: `refund:${refund.quoteId}:${refund.companyId}:email`,
      message: replyRefundMail(this.wordsFor(contact.language), contact.email, {
        ...refund,
        url: `${this.appUrl}/profile?tab=coins`,
      }),
    });
  }

  /** A pro's report of a bad lead was decided (by the product or an admin). */
  async leadReportDecided(
    tx: DbOrTx,
    decision: {
      userId: number;
      outcome: 'credited' | 'refused' | 'already_refunded';
      coins: number;
      quoteId: number;
      companyId: number;
      companyName: string;
      quoteName: string;
      reason: string;
    },
  ): Promise<void> {
    const contact = (await findContacts(tx, [decision.userId])).get(decision.userId);
    if (!contact) return;
    const url =
      decision.outcome !== 'refused'
        ? `${this.appUrl}/profile?tab=coins`
        : `${this.appUrl}/vendorquotes/${decision.quoteId}?company=${decision.companyId}`;
    await queueEmail(tx, {
      kind: 'lead_report',
      dedupeKey: `lead-report:${decision.quoteId}:${decision.companyId}:email`,
      message: leadReportMail(this.wordsFor(contact.language), contact.email, { ...decision, url }),
    });
  }

  /**
   * The customer hired a company or closed the request: the companies that replied hear how it
   * ended, the hired one how to reach the customer; after a hire, the customer is asked for a review.
   */
  async requestDecided(
    tx: DbOrTx,
    decision: {
      quoteId: number;
      quoteName: string;
      customerName: string;
      customerId: number;
      hired: {
        companyId: number;
        companyName: string;
        ownerId: number | null;
        email: string | null;
        phone: string | null;
        offer: string | null;
      } | null;
      /** The close reason's words, when closed. */
      closed: string | null;
      /** The other companies that replied. */
      notChosen: { companyId: number; companyName: string; ownerId: number | null }[];
    },
  ): Promise<void> {
    const switches = await this.settings.readNotificationSwitches(tx);
    const owners = [decision.hired?.ownerId, ...decision.notChosen.map((company) => company.ownerId)].filter(
      (id): id is number => typeof id === 'number',
    );
    const contacts = await findContacts(tx, [...new Set([...owners, decision.customerId])]);
    const wantsQuoteMail = (userId: number | null) => {
      const contact = userId === null ? undefined : contacts.get(userId);
      return switches.emailQuotes && contact?.email_notifications && contact.email_notifications_quotes ? contact : undefined;
    };
    const urlOf = (companyId: number) => `${this.appUrl}/vendorquotes/${decision.quoteId}?company=${companyId}`;
    const hired = decision.hired;
    const hiredOwner = hired && wantsQuoteMail(hired.ownerId);
    if (hired && hiredOwner) {
      await queueEmail(tx, {
        kind: 'hired',
        dedupeKey: `hired:${decision.quoteId}:email`,
        message: hiredMail(this.wordsFor(hiredOwner.language), hiredOwner.email, {
          ...hired,
          quoteName: decision.quoteName,
          customerName: decision.customerName,
          url: urlOf(hired.companyId),
        }),
      });
    }
    for (const company of decision.notChosen) {
      const owner = wantsQuoteMail(company.ownerId);
      if (!owner) continue;
      await queueEmail(tx, {
        kind: 'not_chosen',
        dedupeKey: `not-chosen:${decision.quoteId}:${company.companyId}:email`,
        message: notChosenMail(this.wordsFor(owner.language), owner.email, {
          companyName: company.companyName,
          quoteName: decision.quoteName,
          closed: decision.closed,
          url: urlOf(company.companyId),
        }),
      });
    }
    const customer = contacts.get(decision.customerId);
    if (hired && customer?.email_notifications) {
      await queueEmail(tx, {
        kind: 'review_invite',
        dedupeKey: `review-invite:${decision.quoteId}:email`,
        message: reviewInviteMail(this.wordsFor(customer.language), customer.email, {
          companyName: hired.companyName,
          url: `${this.appUrl}/companies/${hired.companyId}#reviews`,
        }),
      });
    }
  }
}
