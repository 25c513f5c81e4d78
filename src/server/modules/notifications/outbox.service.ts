/**
 * The notification outbox: a notice is written in the same transaction as the event that causes
 * it, then handed to mail (or SMS) right away; when sending fails it is retried with backoff, so
 * an outage delays notices and loses none, and after the last attempt it is given up on (shown to
 * admins, who may retry it).
 *
 * No transaction is open while a notice is sent (on the embedded database an open transaction
 * holds the whole database, and a mail server that never answers held it with it).
 * A node takes due notices with a lease in one statement (FOR UPDATE SKIP LOCKED, so nodes take
 * different ones), sends outside any transaction, and records each outcome in one more statement.
 * A node that dies mid-send hands its notices back when their lease runs out; a copy sent then
 * keeps the notice's Message-ID, so the receiving side sees one message.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxConfig } from '@/server/config';
import type { Db, DbOrTx } from '@/server/db/client';
import type { MailMessage, MailTransport } from '@/server/platform/mail/mail-transport';
import { BackgroundLoop } from '@/server/platform/background-loop';
import type { SmsTransport } from '@/server/platform/sms/sms-transport';
import {
  deleteSentBefore,
  insertOutboxRow,
  leaseDueRows,
  listNotices,
  markFailed,
  markSent,
  retryFailed,
  summarizeOutbox,
  type OutboxRow,
  type OutboxSummary,
} from './outbox.repository';

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

/** Queues a mail; false when a notice with the same dedupe key was queued before. */
export async function queueEmail(db: DbOrTx, { kind, dedupeKey, message }: QueueEmail): Promise<boolean> {
  const id = await insertOutboxRow(db, {
    channel: 'email',
    kind,
    dedupeKey,
    recipient: message.to,
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html,
  });
  return id !== undefined;
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

/** How long `stop()` waits for sends under way; the rest are handed back by their lease. */
const STOP_GRACE_MS = 2_000;

export class OutboxWorker {
  private readonly loop = new BackgroundLoop(
    () => this.drain(),
    (error) => this.log.warn({ err: error }, 'outbox pass failed'),
  );

  constructor(
    private readonly db: Db,
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
    private readonly log: FastifyBaseLogger,
    private readonly settings: OutboxConfig & { messageDomain: string },
  ) {}

  start(): void {
    this.loop.start(POLL_INTERVAL_MS);
  }

  /** How the queue stands (the admin System screen). */
  summary(): Promise<OutboxSummary> {
    return summarizeOutbox(this.db);
  }

  /** The newest notices of one state, for the admin System screen. */
  notices(status: 'failed' | 'queued' | 'sent', limit: number) {
    return listNotices(this.db, status, limit);
  }

  /** Gives a notice that failed for good a fresh set of attempts now; false when there is none. */
  async retry(id: number): Promise<boolean> {
    if (!(await retryFailed(this.db, id))) return false;
    this.poke();
    return true;
  }

  /** Sends what is due now; called after every commit that queued a notice. */
  poke(): void {
    this.loop.poke();
  }

  /** Resolves when the current pass (if any) is done. */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Stops taking notices; sends still hanging after a short grace are left to their lease. */
  stop(): Promise<void> {
    return this.loop.stop(STOP_GRACE_MS);
  }

  /** Retention: sent notices older than OUTBOX_RETENTION_DAYS go (a periodic job). */
  async pruneSent(): Promise<number> {
    return deleteSentBefore(this.db, this.settings.retentionDays);
  }

  private async drain(): Promise<void> {
    const { sendTimeoutSeconds } = this.settings;
    for (;;) {
      // The lease outlasts the longest send twice over, so no other node takes a notice mid-send.
      const rows = await leaseDueRows(this.db, BATCH_SIZE, sendTimeoutSeconds * 2);
      if (rows.length === 0) return;
      // The batch is handed over at once (the SMTP transport keeps a few connections open and
      // queues the rest); one at a time, a burst of notices fell minutes behind.
      const outcomes = await Promise.allSettled(rows.map((row) => this.sendWithin(row, sendTimeoutSeconds * 1000)));
      await Promise.all(outcomes.map((outcome, index) => this.record(rows[index], outcome)));
      if (rows.length < BATCH_SIZE || this.loop.isStopped) return;
    }
  }

  private async record(row: OutboxRow, outcome: PromiseSettledResult<void>): Promise<void> {
    if (outcome.status === 'fulfilled') {
      await markSent(this.db, row.id);
      return;
    }
    const error: unknown = outcome.reason;
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = row.attempts >= this.settings.maxAttempts;
    const retryIn = backoffSeconds(row.attempts - 1);
    if (giveUp) this.log.error({ err: error, outboxId: row.id, attempts: row.attempts }, 'notification given up on');
    else this.log.warn({ err: error, outboxId: row.id, retryIn }, 'notification not sent; will retry');
    await markFailed(this.db, row.id, message, retryIn, giveUp);
  }

  /** A send that has not finished within `ms` counts as failed (the transport gives up on its own too). */
  private async sendWithin(row: OutboxRow, ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`no answer from the ${row.channel === 'sms' ? 'SMS gateway' : 'mail server'} within ${ms / 1000} s`)),
        ms,
      );
    });
    try {
      await Promise.race([this.send(row), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private send(row: OutboxRow): Promise<void> {
    if (row.channel === 'sms') return this.sms.send({ to: row.recipient, body: row.bodyText });
    return this.mail.send({
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.bodyText,
      html: row.bodyHtml ?? '',
      messageId: outboxMessageId(row, this.settings.messageDomain),
    });
  }
}
