/** The mails a company's owner gets about its credentials, in the owner's language. */
import type { MailMessage } from '@/server/platform/mail/mail-transport';
import { renderActionMail, type MailWords } from '@/server/platform/mail/templates';
import type { MessageKey } from '@/shared/i18n/catalogue';
import type { CredentialKind } from '@/shared/schemas/credentials';

interface CredentialNotice {
  companyName: string;
  kind: CredentialKind;
  number: string;
  expiresOn: string;
  url: string;
}

const KIND: Record<CredentialKind, MessageKey> = {
  licence: 'mail.credential.kind.licence',
  insurance: 'mail.credential.kind.insurance',
};
const KIND_IN_SENTENCE: Record<CredentialKind, MessageKey> = {
  licence: 'mail.credential.kindLower.licence',
  insurance: 'mail.credential.kindLower.insurance',
};

/** In the product's one mail layout, with the owner's way to their credentials as the button. */
function render(words: MailWords, to: string, subject: string, paragraphs: string[], url: string): MailMessage {
  return renderActionMail(words, {
    to,
    subject,
    greeting: words.say('mail.greeting.hello'),
    paragraphs,
    action: { label: words.say('mail.credential.action'), url },
    footer: words.say('mail.credential.footer', { product: words.brand.name }),
  });
}

/** The values every credential sentence takes: the kind, what it is ("licence 123 of Acme"), the company, the date. */
function valuesOf({ say }: MailWords, n: CredentialNotice) {
  const what = say('mail.credential.what', { kind: say(KIND_IN_SENTENCE[n.kind]), number: n.number, company: n.companyName });
  return { kind: say(KIND[n.kind]), what, company: n.companyName, date: n.expiresOn };
}

export function credentialDecisionMail(
  words: MailWords,
  to: string,
  notice: CredentialNotice & { verified: boolean; reason: string | null },
) {
  const { say } = words;
  const values = valuesOf(words, notice);
  const subject = say(notice.verified ? 'mail.credential.verified.subject' : 'mail.credential.rejected.subject', values);
  const paragraphs = notice.verified
    ? [
        say('mail.credential.verified.body', values),
        ...(notice.reason ? [say('mail.credential.verified.note', { note: notice.reason })] : []),
      ]
    : [
        say('mail.credential.rejected.body', values),
        say('mail.common.reason', { reason: notice.reason ?? '' }),
        say('mail.credential.rejected.replace'),
      ];
  return render(words, to, subject, paragraphs, notice.url);
}

export function credentialExpiringMail(words: MailWords, to: string, notice: CredentialNotice & { days: number }) {
  const { say } = words;
  const values = { ...valuesOf(words, notice), days: notice.days };
  return render(
    words,
    to,
    say('mail.credential.expiring.subject', values),
    [say('mail.credential.expiring.body', values), say('mail.credential.expiring.renew')],
    notice.url,
  );
}

export function credentialExpiredMail(words: MailWords, to: string, notice: CredentialNotice) {
  const { say } = words;
  const values = valuesOf(words, notice);
  return render(
    words,
    to,
    say('mail.credential.expired.subject', values),
    [say('mail.credential.expired.body', values), say('mail.credential.expired.renew')],
    notice.url,
  );
}

/** One that lapsed while waiting for an admin (pending, or re-checking): it never showed a badge since. */
export function credentialExpiredUncheckedMail(words: MailWords, to: string, notice: CredentialNotice) {
  const { say } = words;
  const values = valuesOf(words, notice);
  return render(
    words,
    to,
    say('mail.credential.unchecked.subject', values),
    [say('mail.credential.unchecked.body', values), say('mail.credential.unchecked.renew')],
    notice.url,
  );
}

/** To the company's current owner: a change of its name or owner took these badges off. */
export function credentialRecheckMail(
  words: MailWords,
  to: string,
  notice: { companyName: string; credentials: { kind: CredentialKind; number: string }[]; url: string },
) {
  const { say } = words;
  const list = notice.credentials
    .map((c) => say('mail.credential.item', { kind: say(KIND_IN_SENTENCE[c.kind]), number: c.number }))
    .join(', ');
  return render(
    words,
    to,
    say('mail.credential.recheck.subject', { company: notice.companyName }),
    [say('mail.credential.recheck.body', { company: notice.companyName, list }), say('mail.credential.recheck.noActionNeeded')],
    notice.url,
  );
}
