/**
 * Texts leave through one interface: an HTTP endpoint (SMS_URL) that takes JSON `{to, body}`, or,
 * without one, the dev outbox — the dev mailbox's folder, so /dev/mailbox lists texts beside mail.
 */
import { storeInMailbox } from '@/server/platform/mail/mail-transport';

export interface TextMessage {
  to: string;
  body: string;
}

export interface SmsTransport {
  readonly kind: 'http' | 'dev-outbox';
  send(message: TextMessage): Promise<void>;
}

const SEND_TIMEOUT_MS = 10_000;

export function createHttpSmsTransport(url: string): SmsTransport {
  return {
    kind: 'http',
    async send({ to, body }) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused.
      await answer.arrayBuffer().catch(() => undefined);
      if (!answer.ok) throw new Error(`SMS endpoint answered ${answer.status}`);
    },
  };
}

export function createDevSmsTransport(dir: string, log: (line: string) => void): SmsTransport {
  return {
    kind: 'dev-outbox',
    async send({ to, body }) {
      const id = await storeInMailbox(dir, 'SMS', { to, subject: `Text message to ${to}`, text: body, html: '' });
      // Not the body: texts carry claim links, which must never reach a log.
      log(`text to ${to} (dev outbox ${id})`);
    },
  };
}
