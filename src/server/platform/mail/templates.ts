/** The product's e-mails, each with a text and an HTML part and links built from APP_URL. */
import { endSentence } from '@/shared/sentence';
import { escapeHtml } from '@/server/lib/html';
import { PRODUCT_NAME } from '@/shared/constants';
import type { MailMessage } from './mail-transport';

export interface ActionMail {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string;
}

/** The product's mail layout: a greeting, paragraphs, one button, a footer saying why it came. */
export function renderActionMail(mail: ActionMail): MailMessage {
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    `${mail.action.label}: ${mail.action.url}`,
    '',
    mail.footer,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(mail.greeting)}</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br>${escapeHtml(mail.action.url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(mail.footer)}</p>
<p>— ${escapeHtml(PRODUCT_NAME)}</p>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

export function verificationMail(to: string, firstName: string, url: string): MailMessage {
  return renderActionMail({
    to,
    subject: `Verify your e-mail address for ${PRODUCT_NAME}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [`Welcome to ${PRODUCT_NAME}! Please confirm that this is your e-mail address.`],
    action: { label: 'Verify e-mail address', url },
    footer: 'This link expires in 48 hours. If you did not create an account, you can ignore this message.',
  });
}

export function passwordResetMail(to: string, firstName: string, url: string): MailMessage {
  return renderActionMail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: `Hi ${firstName},`,
    paragraphs: ['We received a request to reset your password. Choose a new one with the link below.'],
    action: { label: 'Reset password', url },
    footer: 'This link expires in 1 hour and works once. If you did not ask for it, your password stays as it is.',
  });
}

export function quoteRequestMail(
  to: string,
  notice: { companyName: string; quoteName: string; customerName: string; url: string },
) {
  return renderActionMail({
    to,
    subject: `New quote request for ${notice.companyName}: ${notice.quoteName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${notice.customerName} asked ${notice.companyName} for a quote: "${notice.quoteName}".`,
      'Open the request to read the details and reply to the customer.',
    ],
    action: { label: 'View the request', url: notice.url },
    footer: 'You receive this because e-mail notifications for quote requests are on in your profile.',
  });
}

export function claimInviteMail(
  to: string,
  notice: { companyName: string; quoteName: string; customerName: string; url: string },
) {
  return renderActionMail({
    to,
    subject: `A customer wants a quote from ${notice.companyName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${notice.customerName} found ${notice.companyName} on ${PRODUCT_NAME} and asked for a quote: "${notice.quoteName}".`,
      `Claim your free business listing to read the request and reply. It takes a minute, and new businesses get launch credits for their first replies.`,
    ],
    action: { label: 'Claim your listing and reply', url: notice.url },
    footer: `You receive this because ${notice.companyName} is listed on ${PRODUCT_NAME} with this address.`,
  });
}

export function newMessageMail(to: string, notice: { senderName: string; quoteName: string; preview: string; url: string }) {
  return renderActionMail({
    to,
    subject: `New message from ${notice.senderName} about ${notice.quoteName}`,
    greeting: 'Hello,',
    paragraphs: [`${notice.senderName} wrote about "${notice.quoteName}":`, notice.preview],
    action: { label: 'Read and reply', url: notice.url },
    footer: 'You receive this because e-mail notifications for messages are on in your profile.',
  });
}

/** The decision on a pro's report of a bad lead (automatic or an admin's). */
export function leadReportMail(
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
  const { outcome } = notice;
  const request = `the request "${notice.quoteName}" to ${notice.companyName}`;
  const subjects = {
    credited: `${notice.coins} coins back: your report of "${notice.quoteName}"`,
    refused: `Your report of "${notice.quoteName}" was not credited`,
    already_refunded: `Your report of "${notice.quoteName}": the coins were already back`,
  };
  const outcomes = {
    credited: `Your report of ${request} was accepted, so the ${notice.coins} coins the reply cost are back in your balance.`,
    refused: `Your report of ${request} was reviewed and the coins were not credited.`,
    // Nothing moved with this decision: say where the coins came from instead.
    already_refunded: `Your report of ${request} was accepted. The ${notice.coins} coins the reply cost had already come back to your balance before the decision (a reply the customer did not open is refunded by itself), so nothing more was added.`,
  };
  return renderActionMail({
    to,
    subject: subjects[outcome],
    greeting: 'Hello,',
    paragraphs: [outcomes[outcome], `Reason: ${notice.reason}`],
    action: { label: outcome === 'refused' ? 'See the conversation' : 'See your coins', url: notice.url },
    footer: 'A lead is credited once at most.',
  });
}

export function replyRefundMail(
  to: string,
  notice: { coins: number; companyName: string; quoteName: string; url: string; afterDays: number },
) {
  return renderActionMail({
    to,
    subject: `${notice.coins} coins refunded: your reply was not opened`,
    greeting: 'Hello,',
    paragraphs: [
      `The customer of "${notice.quoteName}" did not open the reply from ${notice.companyName} within ${notice.afterDays} days, so the ${notice.coins} coins it cost are back in your balance.`,
    ],
    action: { label: 'See your coins', url: notice.url },
    footer: 'Refunds of unread replies are automatic and happen once per reply.',
  });
}

/** To the hired company's owner: who hired it, and the contact details the customer chose to share. */
export function hiredMail(
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
  const contact = [notice.email && `E-mail: ${notice.email}`, notice.phone && `Phone: ${notice.phone}`].filter(
    Boolean,
  ) as string[];
  return renderActionMail({
    to,
    subject: `${notice.customerName} hired ${notice.companyName}`,
    greeting: 'Good news,',
    paragraphs: [
      `${notice.customerName} hired ${notice.companyName} for "${notice.quoteName}"${notice.offer ? `, on your offer of ${notice.offer}` : ''}.`,
      contact.length > 0
        ? `They shared how to reach them — ${contact.join(' · ')}`
        : 'They did not share contact details: reach them through the conversation you had.',
    ],
    action: { label: 'See the request', url: notice.url },
    footer: 'The hire counts on your company page. An offer is an estimate: agree the final terms with your customer.',
  });
}

/** To a company that replied but was not hired (another company was, or the request was closed). */
export function notChosenMail(
  to: string,
  notice: { companyName: string; quoteName: string; closed: string | null; url: string },
) {
  return renderActionMail({
    to,
    subject: `"${notice.quoteName}" has ended`,
    greeting: 'Hello,',
    paragraphs: [
      notice.closed
        ? `The customer closed the request "${notice.quoteName}" without hiring (${notice.closed}).`
        : `The customer of "${notice.quoteName}" hired another company for this job.`,
      `Thank you for replying on behalf of ${notice.companyName}. Nothing more is needed from you.`,
    ],
    action: { label: 'See the request', url: notice.url },
    footer: 'You receive this because you replied to this request.',
  });
}

/** To the customer after a hire: how did it go? */
export function reviewInviteMail(to: string, notice: { companyName: string; url: string }) {
  return renderActionMail({
    to,
    subject: `How did ${notice.companyName} do?`,
    greeting: 'Hello,',
    paragraphs: [
      `${endSentence(`You hired ${notice.companyName}`)} Once the job is done, a short review helps your neighbours choose — it will be marked "Hired through ${PRODUCT_NAME}".`,
    ],
    action: { label: 'Write a review', url: notice.url },
    footer: 'You receive this once, because you hired a company through a request.',
  });
}

/** To a person who reported something: what the moderators decided, and why. */
export function reportOutcomeMail(
  to: string,
  notice: { itemLabel: string; outcome: 'keep' | 'hide' | 'remove'; reason: string; url: string },
) {
  const outcomes = {
    keep: 'We reviewed it and decided to keep it up: it does not break our rules.',
    hide: 'We reviewed it and hid it from the public.',
    remove: 'We reviewed it and removed it.',
  };
  return renderActionMail({
    to,
    subject: `Your report: ${notice.itemLabel}`,
    greeting: 'Hello,',
    paragraphs: [`Thanks for your report of ${notice.itemLabel}.`, outcomes[notice.outcome], `Reason: ${notice.reason}`],
    action: { label: 'See your reports', url: notice.url },
    footer: 'You receive this because you reported this item.',
  });
}

/** To the author of an item a moderator hid or removed (or, after an appeal, decided on again). */
export function moderatedItemMail(
  to: string,
  notice: { itemLabel: string; decision: 'keep' | 'hide' | 'remove'; reason: string; canAppeal: boolean; url: string },
) {
  const decisions = {
    keep: `After review, ${notice.itemLabel} is visible again.`,
    hide: `A moderator hid ${notice.itemLabel} from the public.`,
    remove: `A moderator removed ${notice.itemLabel}.`,
  };
  return renderActionMail({
    to,
    subject: notice.decision === 'keep' ? `Visible again: ${notice.itemLabel}` : `Moderation decision: ${notice.itemLabel}`,
    greeting: 'Hello,',
    paragraphs: [
      decisions[notice.decision],
      `Reason: ${notice.reason}`,
      ...(notice.canAppeal ? ['If you think this is a mistake, you may appeal once from your profile.'] : []),
    ],
    action: { label: notice.canAppeal ? 'See the decision and appeal' : 'See the decision', url: notice.url },
    footer: 'You receive this because you wrote or own this item.',
  });
}

export function dataExportMail(to: string, firstName: string, url: string, linkHours: number) {
  return renderActionMail({
    to,
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `The copy of your data you asked for is ready: a ZIP file with everything ${PRODUCT_NAME} holds about you, in JSON files, and the images you uploaded.`,
    ],
    action: { label: 'Download your data', url },
    footer: `This link works once and expires in ${linkHours} hours; the file is deleted after that. If you did not ask for it, sign in and change your password.`,
  });
}
