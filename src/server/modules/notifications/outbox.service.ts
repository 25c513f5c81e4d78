/**
 * The notification outbox: a notice is written in the same transaction as the event that causes
 * it, then handed to mail (or SMS) right away; when sending fails it is retried with backoff, so
 * an outage delays notices and loses none. Rows are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of app nodes can run the worker.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '@/server/db/client';
import type { MailMessage, MailTransport } from '@/server/platform/mail/mail-transport';
import type { SmsTransport } from '@/server/platform/sms/sms-transport';
import { claimDueRows, insertOutboxRow, markFailed, markSent, type OutboxRow } from './outbox.repository';

const BATCH_SIZE = 20;
const POLL_INTERVAL_MS = 5_000;
const MAX_BACKOFF_SECONDS = 30 * 60;

export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 5 * 2 ** Math.max(0, attempts));
}

export interface QueueEmail {
  kind: string;
  dedupeKey?: string;
  message: MailMessage;
}

export async function queueEmail(db: DbOrTx, { kind, dedupeKey, message }: QueueEmail): Promise<void> {
  await insertOutboxRow(db, {
    channel: 'email',
    kind,
    dedupeKey,
    recipient: message.to,
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html,
  });
}

export interface QueueText {
  kind: string;
  dedupeKey?: string;
  to: string;
  body: string;
}

export async function queueText(db: DbOrTx, { kind, dedupeKey, to, body }: QueueText): Promise<void> {
  await insertOutboxRow(db, { channel: 'sms', kind, dedupeKey, recipient: to, bodyText: body });
}

/** The domain of the sender's address (`LocalPros <no-reply@example.com>` → `example.com`). */
export function messageIdDomain(mailFrom: string): string {
  return /@([^\s>]+)/.exec(mailFrom)?.[1] ?? 'localhost';
}

/** One Message-ID per outbox row: the row's id and creation time, unique across databases in practice. */
export function outboxMessageId(row: { id: number; createdAt: Date }, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
    private readonly log: FastifyBaseLogger,
    private readonly messageDomain = 'localhost',
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poke(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.poke();
  }

  /** Sends what is due now; called after every commit that queued a notice. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.warn({ err: error }, 'outbox pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Resolves when the current pass (if any) is done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const processed = await this.db.transaction(async (tx) => {
        const rows = await claimDueRows(tx, BATCH_SIZE);
        // The batch is handed over at once (the SMTP transport keeps a few connections open and
        // queues the rest); one at a time, a burst of notices fell minutes behind (issue 8).
        const outcomes = await Promise.allSettled(rows.map((row) => this.send(row)));
        for (const [index, outcome] of outcomes.entries()) {
          const row = rows[index]!;
          if (outcome.status === 'fulfilled') {
            await markSent(tx, row.id);
            continue;
          }
          const error: unknown = outcome.reason;
          const retryIn = backoffSeconds(row.attempts);
          this.log.warn({ err: error, outboxId: row.id, retryIn }, 'notification not sent; will retry');
          await markFailed(tx, row.id, error instanceof Error ? error.message : String(error), retryIn);
        }
        return rows.length;
      });
      if (processed < BATCH_SIZE || this.stopped) return;
    }
  }

  private send(row: OutboxRow): Promise<void> {
    if (row.channel === 'sms') return this.sms.send({ to: row.recipient, body: row.bodyText });
    return this.mail.send({
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.bodyText,
      html: row.bodyHtml ?? '',
      messageId: outboxMessageId(row, this.messageDomain),
    });
  }
}
