/**
 * A real SMTP server on loopback that keeps what it receives: tests send mail through nodemailer
 * exactly as production does and read it back here. `failing` simulates an outage.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, angle brackets included. */
  messageId: string;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** While true, every message is refused with a 451 (temporary failure). */
  failing = false;
  /** How long the server takes to accept each message (a slow mail server). */
  acceptDelayMs = 0;
  /** The most messages the server was receiving at one time. */
  maxInFlight = 0;
  private inFlight = 0;
  private readonly waiters = new Set<() => void>();
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.failing) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 })));
          return;
        }
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        simpleParser(stream)
          .then(async (parsed) => {
            if (this.acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.acceptDelayMs));
            const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
              a.value.map((v) => (v.address ?? '').toLowerCase()),
            );
            this.received.push({
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
            });
            for (const wake of this.waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error))
          .finally(() => (this.inFlight -= 1));
      },
    });
  }

  async start(): Promise<string> {
    // smtp-server re-emits a client connection's errors on the server. A client that vanishes
    // (an app node killed with its pooled connections open) resets them; a mail server carries on.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Mail to `address`, in arrival order. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits until `count` mails to `address` have arrived (default timeout 10 s). */
  async waitFor(address: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} mail(s) to ${address}, got ${this.to(address).length}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.waiters.add(wake);
      });
    }
    return this.to(address);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!match) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return match;
}
