/**
 * The product's e-mails, each with a text and an HTML part and links built from APP_URL, in the
 * recipient's language: every sentence is a `mail.*` message of the catalogue, said by the
 * `MailWords` of that language (modules/i18n gives them; the operator's overrides apply).
 */
import { endSentence } from '@/shared/sentence';
import { escapeHtml } from '@/server/lib/html';
import type { Brand } from '@/shared/brand';
import type { MessageKey, MessageValues } from '@/shared/i18n/catalogue';
import { directionOf, type Language } from '@/shared/i18n/languages';
import type { MailMessage } from './mail-transport';

/** The catalogue in one recipient's language. */
export interface MailWords {
  language: Language;
  /** The operator's brand: the name mails are signed with and speak of, the button's colour. */
  brand: Brand;
  /** A message of the catalogue, its placeholders filled. */
  say: (key: MessageKey, values?: MessageValues) => string;
  /** An English sentence another module wrote (a label, a close reason), translated when the catalogue knows it. */
  translate: (text: string) => string;
}

export interface ActionMail {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string;
}

/** The product's mail layout: a greeting, paragraphs, one button, a footer saying why it came. */
export function renderActionMail(words: MailWords, mail: ActionMail): MailMessage {
  const copyLink = words.say('mail.layout.copyLink');
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    `${mail.action.label}: ${mail.action.url}`,
    '',
    mail.footer,
    '',
    `— ${words.brand.name}`,
  ].join('\n');
  const dir = directionOf(words.language);
  const html = `<!doctype html><html lang="${words.language}" dir="${dir}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(mail.greeting)}</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:${escapeHtml(words.brand.primaryColor)};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(copyLink)}<br>${escapeHtml(mail.action.url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(mail.footer)}</p>
<p>— ${escapeHtml(words.brand.name)}</p>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

/** The `{product}` of a mail's sentences: the operator's site name. */
const productOf = (words: MailWords) => ({ product: words.brand.name });

export function verificationMail(words: MailWords, to: string, firstName: string, url: string): MailMessage {
  const { say } = words;
  return renderActionMail(words, {
    to,
    subject: say('mail.verify.subject', productOf(words)),
    greeting: say('mail.greeting.named', { name: firstName }),
    paragraphs: [say('mail.verify.body', productOf(words))],
    action: { label: say('mail.verify.action'), url },
    footer: say('mail.verify.footer'),
  });
}

export function passwordResetMail(words: MailWords, to: string, firstName: string, url: string): MailMessage {
  const { say } = words;
  return renderActionMail(words, {
    to,
    subject: say('mail.reset.subject', productOf(words)),
    greeting: say('mail.greeting.named', { name: firstName }),
    paragraphs: [say('mail.reset.body')],
    action: { label: say('mail.reset.action'), url },
    footer: say('mail.reset.footer'),
  });
}

export function quoteRequestMail(
  words: MailWords,
  to: string,
  notice: { companyName: string; quoteName: string; customerName: string; url: string },
) {
  const { say } = words;
  return renderActionMail(words, {
    to,
    subject: say('mail.quoteRequest.subject', { company: notice.companyName, quote: notice.quoteName }),
    greeting: say('mail.greeting.hello'),
    paragraphs: [
      say('mail.quoteRequest.asked', { customer: notice.customerName, company: notice.companyName, quote: notice.quoteName }),
      say('mail.quoteRequest.open'),
    ],
    action: { label: say('mail.quoteRequest.action'), url: notice.url },
    footer: say('mail.quoteRequest.footer'),
  });
}

export function claimInviteMail(
  words: MailWords,
  to: string,
  notice: { companyName: string; quoteName: string; customerName: string; url: string },
) {
  const { say } = words;
  const names = { ...productOf(words), customer: notice.customerName, company: notice.companyName, quote: notice.quoteName };
  return renderActionMail(words, {
    to,
    subject: say('mail.claimInvite.subject', names),
    greeting: say('mail.greeting.hello'),
    paragraphs: [say('mail.claimInvite.found', names), say('mail.claimInvite.claim')],
    action: { label: say('mail.claimInvite.action'), url: notice.url },
    footer: say('mail.claimInvite.footer', names),
  });
}

export function newMessageMail(
  words: MailWords,
  to: string,
  notice: { senderName: string; quoteName: string; preview: string; url: string },
) {
  const { say } = words;
  const names = { sender: notice.senderName, quote: notice.quoteName };
  return renderActionMail(words, {
    to,
    subject: say('mail.newMessage.subject', names),
    greeting: say('mail.greeting.hello'),
    paragraphs: [say('mail.newMessage.wrote', names), notice.preview],
    action: { label: say('mail.newMessage.action'), url: notice.url },
    footer: say('mail.newMessage.footer'),
  });
}

/** The decision on a pro's report of a bad lead (automatic or an admin's). */
export function leadReportMail(
  words: MailWords,
  to: string,
  notice: {
    outcome: 'credited' | 'refused' | 'already_refunded';
    coins: number;
    companyName: string;
    quoteName: string;
    reason: string;
    url: string;
  },
) {
  const { say } = words;
  const values = { coins: notice.coins, quote: notice.quoteName, company: notice.companyName };
  const subjects = {
    credited: say('mail.leadReport.subject.credited', values),
    refused: say('mail.leadReport.subject.refused', values),
    already_refunded: say('mail.leadReport.subject.alreadyRefunded', values),
  };
  const outcomes = {
    credited: say('mail.leadReport.outcome.credited', values),
    refused: say('mail.leadReport.outcome.refused', values),
    // Nothing moved with this decision: say where the coins came from instead.
    already_refunded: say('mail.leadReport.outcome.alreadyRefunded', values),
  };
  return renderActionMail(words, {
    to,
    subject: subjects[notice.outcome],
    greeting: say('mail.greeting.hello'),
    paragraphs: [outcomes[notice.outcome], say('mail.common.reason', { reason: words.translate(notice.reason) })],
    action: {
      label: say(notice.outcome === 'refused' ? 'mail.leadReport.action.conversation' : 'mail.common.seeCoins'),
      url: notice.url,
    },
    footer: say('mail.leadReport.footer'),
  });
}

export function replyRefundMail(
  words: MailWords,
  to: string,
  notice: { coins: number; companyName: string; quoteName: string; url: string; afterDays: number },
) {
  const { say } = words;
  const values = { coins: notice.coins, quote: notice.quoteName, company: notice.companyName, days: notice.afterDays };
  return renderActionMail(words, {
    to,
    subject: say('mail.replyRefund.subject', values),
    greeting: say('mail.greeting.hello'),
    paragraphs: [say('mail.replyRefund.body', values)],
    action: { label: say('mail.common.seeCoins'), url: notice.url },
    footer: say('mail.replyRefund.footer'),
  });
}

/** To the hired company's owner: who hired it, and the contact details the customer chose to share. */
export function hiredMail(
  words: MailWords,
  to: string,
  notice: {
    companyName: string;
    quoteName: string;
    customerName: string;
    email: string | null;
    phone: string | null;
    offer: string | null;
    url: string;
  },
) {
  const { say } = words;
  const contact = [
    notice.email && say('mail.hired.contactEmail', { email: notice.email }),
    notice.phone && say('mail.hired.contactPhone', { phone: notice.phone }),
  ].filter(Boolean) as string[];
  const values = { customer: notice.customerName, company: notice.companyName, quote: notice.quoteName };
  return renderActionMail(words, {
    to,
    subject: say('mail.hired.subject', values),
    greeting: say('mail.hired.greeting'),
    paragraphs: [
      notice.offer ? say('mail.hired.hiredOnOffer', { ...values, offer: notice.offer }) : say('mail.hired.hired', values),
      contact.length > 0 ? say('mail.hired.shared', { contact: contact.join(' · ') }) : say('mail.hired.notShared'),
    ],
    action: { label: say('mail.common.seeRequest'), url: notice.url },
    footer: say('mail.hired.footer'),
  });
}

/** To a company that replied but was not hired (another company was, or the request was closed). */
export function notChosenMail(
  words: MailWords,
  to: string,
  notice: { companyName: string; quoteName: string; closed: string | null; url: string },
) {
  const { say } = words;
  return renderActionMail(words, {
    to,
    subject: say('mail.notChosen.subject', { quote: notice.quoteName }),
    greeting: say('mail.greeting.hello'),
    paragraphs: [
      notice.closed
        ? say('mail.notChosen.closed', { quote: notice.quoteName, reason: words.translate(notice.closed) })
        : say('mail.notChosen.hiredOther', { quote: notice.quoteName }),
      say('mail.notChosen.thanks', { company: notice.companyName }),
    ],
    action: { label: say('mail.common.seeRequest'), url: notice.url },
    footer: say('mail.notChosen.footer'),
  });
}

/** To the customer after a hire: how did it go? */
export function reviewInviteMail(words: MailWords, to: string, notice: { companyName: string; url: string }) {
  const { say } = words;
  return renderActionMail(words, {
    to,
    subject: say('mail.reviewInvite.subject', { company: notice.companyName }),
    greeting: say('mail.greeting.hello'),
    paragraphs: [
      // The company's name may end the first sentence with its own full stop.
      `${endSentence(say('mail.reviewInvite.hired', { company: notice.companyName }))} ${say('mail.reviewInvite.ask', productOf(words))}`,
    ],
    action: { label: say('mail.reviewInvite.action'), url: notice.url },
    footer: say('mail.reviewInvite.footer'),
  });
}

/** To a person who reported something: what the moderators decided, and why. */
export function reportOutcomeMail(
  words: MailWords,
  to: string,
  notice: { itemLabel: string; outcome: 'keep' | 'hide' | 'remove'; reason: string; url: string },
) {
  const { say } = words;
  const item = words.translate(notice.itemLabel);
  const outcomes = {
    keep: say('mail.reportOutcome.keep'),
    hide: say('mail.reportOutcome.hide'),
    remove: say('mail.reportOutcome.remove'),
  };
  return renderActionMail(words, {
    to,
    subject: say('mail.reportOutcome.subject', { item }),
    greeting: say('mail.greeting.hello'),
    paragraphs: [
      say('mail.reportOutcome.thanks', { item }),
      outcomes[notice.outcome],
      say('mail.common.reason', { reason: words.translate(notice.reason) }),
    ],
    action: { label: say('mail.reportOutcome.action'), url: notice.url },
    footer: say('mail.reportOutcome.footer'),
  });
}

/** To the author of an item a moderator hid or removed (or, after an appeal, decided on again). */
export function moderatedItemMail(
  words: MailWords,
  to: string,
  notice: { itemLabel: string; decision: 'keep' | 'hide' | 'remove'; reason: string; canAppeal: boolean; url: string },
) {
  const { say } = words;
  const item = words.translate(notice.itemLabel);
  const decisions = {
    keep: say('mail.moderated.keep', { item }),
    hide: say('mail.moderated.hide', { item }),
    remove: say('mail.moderated.remove', { item }),
  };
  return renderActionMail(words, {
    to,
    subject: say(notice.decision === 'keep' ? 'mail.moderated.subject.visible' : 'mail.moderated.subject.decision', { item }),
    greeting: say('mail.greeting.hello'),
    paragraphs: [
      decisions[notice.decision],
      say('mail.common.reason', { reason: words.translate(notice.reason) }),
      ...(notice.canAppeal ? [say('mail.moderated.appeal')] : []),
    ],
    action: { label: say(notice.canAppeal ? 'mail.moderated.action.appeal' : 'mail.moderated.action.see'), url: notice.url },
    footer: say('mail.moderated.footer'),
  });
}

export function dataExportMail(words: MailWords, to: string, firstName: string, url: string, linkHours: number) {
  const { say } = words;
  return renderActionMail(words, {
    to,
    subject: say('mail.dataExport.subject', productOf(words)),
    greeting: say('mail.greeting.named', { name: firstName }),
    paragraphs: [say('mail.dataExport.body', productOf(words))],
    action: { label: say('mail.dataExport.action'), url },
    footer: say('mail.dataExport.footer', { hours: linkHours }),
  });
}
