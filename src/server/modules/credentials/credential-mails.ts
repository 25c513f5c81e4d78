/** The mails a company's owner gets about its credentials. */
import type { MailMessage } from '@/server/platform/mail/mail-transport';
import { renderActionMail } from '@/server/platform/mail/templates';
import { PRODUCT_NAME } from '@/shared/constants';
import { CREDENTIAL_KIND_LABELS, type CredentialKind } from '@/shared/schemas/credentials';

interface CredentialNotice {
  companyName: string;
  kind: CredentialKind;
  number: string;
  expiresOn: string;
  url: string;
}

/** In the product's one mail layout, with the owner's way to their credentials as the button. */
function render(to: string, subject: string, paragraphs: string[], url: string): MailMessage {
  return renderActionMail({
    to,
    subject,
    greeting: 'Hello,',
    paragraphs,
    action: { label: 'Manage your credentials', url },
    footer: `You receive this because you own this company on ${PRODUCT_NAME}.`,
  });
}

const what = (n: CredentialNotice) => `${CREDENTIAL_KIND_LABELS[n.kind].toLowerCase()} ${n.number} of ${n.companyName}`;

export function credentialDecisionMail(to: string, notice: CredentialNotice & { verified: boolean; reason: string | null }) {
  const subject = notice.verified
    ? `${CREDENTIAL_KIND_LABELS[notice.kind]} verified: ${notice.companyName}`
    : `${CREDENTIAL_KIND_LABELS[notice.kind]} not verified: ${notice.companyName}`;
  const paragraphs = notice.verified
    ? [
        `The ${what(notice)} was verified. It shows as a badge on the company's page and in search results until it expires on ${notice.expiresOn}.`,
        ...(notice.reason ? [`Note: ${notice.reason}`] : []),
      ]
    : [
        `The ${what(notice)} could not be verified.`,
        `Reason: ${notice.reason ?? ''}`,
        'You can replace it with a corrected one.',
      ];
  return render(to, subject, paragraphs, notice.url);
}

export function credentialExpiringMail(to: string, notice: CredentialNotice & { days: number }) {
  return render(
    to,
    `${CREDENTIAL_KIND_LABELS[notice.kind]} expires on ${notice.expiresOn}: ${notice.companyName}`,
    [
      `The ${what(notice)} expires on ${notice.expiresOn}, in ${notice.days} days or less. Its badge disappears then.`,
      'Submit the renewed document before that date to keep the badge without a gap.',
    ],
    notice.url,
  );
}

export function credentialExpiredMail(to: string, notice: CredentialNotice) {
  return render(
    to,
    `${CREDENTIAL_KIND_LABELS[notice.kind]} expired: ${notice.companyName}`,
    [
      `The ${what(notice)} expired on ${notice.expiresOn}, so its badge no longer shows.`,
      'Submit the renewed document to have it verified again.',
    ],
    notice.url,
  );
}

/** One that lapsed while waiting for an admin (pending, or re-checking): it never showed a badge since. */
export function credentialExpiredUncheckedMail(to: string, notice: CredentialNotice) {
  return render(
    to,
    `${CREDENTIAL_KIND_LABELS[notice.kind]} expired before it was checked: ${notice.companyName}`,
    [
      `The ${what(notice)} expired on ${notice.expiresOn} before an administrator checked it, so it will not be verified.`,
      'Submit the renewed document to have it checked.',
    ],
    notice.url,
  );
}

/** To the company's current owner: a change of its name or owner took these badges off. */
export function credentialRecheckMail(
  to: string,
  notice: { companyName: string; credentials: { kind: CredentialKind; number: string }[]; url: string },
) {
  const list = notice.credentials.map((c) => `${CREDENTIAL_KIND_LABELS[c.kind].toLowerCase()} ${c.number}`).join(', ');
  return render(
    to,
    `Credentials to be checked again: ${notice.companyName}`,
    [
      `The name or owner of ${notice.companyName} changed, so its verified credentials (${list}) no longer show as badges until an administrator checks them again against the company as it is now.`,
      'There is nothing you need to do; if a document no longer matches the company, replace it with one that does.',
    ],
    notice.url,
  );
}
