/**
 * Fairness for vendors (issue 6, beyond the spec): a paid first reply that the customer has not
 * opened within 7 days is refunded automatically, once (ledger reference refund:{quote}:{company}),
 * with an e-mail to the vendor and a live balance update. Runs hourly on any number of app nodes:
 * a transaction-scoped advisory lock lets one sweep at a time do the work.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { EventBus } from '@/server/platform/events/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';
import { applyMovement } from './coins.repository';

export const REFUND_AFTER_DAYS = 7;
/** Charges older than this are past caring about (and keep the sweep's scan short). */
const LOOK_BACK_DAYS = 90;
const BATCH = 500;
const REFUND_SWEEP_LOCK = 4_042_002;

type DueRefund = {
  user_id: number;
  quote_id: number;
  company_id: number;
  coins: number;
  company_name: string;
  quote_name: string;
};

export class ReplyRefundsService {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
    private readonly events: EventBus,
  ) {}

  /**
   * Refunds what is due at `now` (a parameter so tests control the clock). Answers the refunds made,
   * or undefined when another node holds the sweep.
   */
  async refundUnreadReplies(
    now: Date = new Date(),
  ): Promise<{ userId: number; quoteId: number; companyId: number; coins: number }[] | undefined> {
    const at = now.toISOString();
    const done = await this.db.transaction(async (tx) => {
      const locked = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${REFUND_SWEEP_LOCK}) AS locked`);
      if (!locked.rows[0]?.locked) return undefined;
      const due = await tx.execute<DueRefund>(sql`
        SELECT l.user_id, l.quote_id, l.company_id, -l.delta AS coins, c.name AS company_name, q.quote_name
          FROM coin_ledger l
          JOIN companies c ON c.id = l.company_id
          JOIN quotes q ON q.id = l.quote_id
         WHERE l.reason = 'reply_charge'
           AND l.created_at <= ${at}::timestamptz - make_interval(days => ${REFUND_AFTER_DAYS})
           AND l.created_at > ${at}::timestamptz - make_interval(days => ${LOOK_BACK_DAYS})
           AND NOT EXISTS (SELECT 1 FROM coin_ledger r WHERE r.reference = 'refund:' || l.quote_id || ':' || l.company_id)
           AND NOT EXISTS (
                 SELECT 1 FROM messages m
                  WHERE m.quote_id = l.quote_id AND m.company_id = l.company_id AND m.sender_type = 'company'
                    AND m.read_at IS NOT NULL AND m.read_at <= l.created_at + make_interval(days => ${REFUND_AFTER_DAYS}))
         ORDER BY l.created_at
         LIMIT ${BATCH}`);
      const refunds: { userId: number; quoteId: number; companyId: number; coins: number; newBalance: number }[] = [];
      for (const row of due.rows) {
        const newBalance = await applyMovement(tx, {
          userId: row.user_id,
          delta: row.coins,
          reason: 'refund',
          reference: `refund:${row.quote_id}:${row.company_id}`,
          quoteId: row.quote_id,
          companyId: row.company_id,
          note: `The customer did not open your reply to "${row.quote_name}" within ${REFUND_AFTER_DAYS} days`,
        });
        if (newBalance === undefined) continue;
        await this.notifications.replyRefunded(tx, {
          userId: row.user_id,
          coins: row.coins,
          quoteId: row.quote_id,
          companyId: row.company_id,
          companyName: row.company_name,
          quoteName: row.quote_name,
        });
        refunds.push({ userId: row.user_id, quoteId: row.quote_id, companyId: row.company_id, coins: row.coins, newBalance });
      }
      return refunds;
    });
    if (!done) return undefined;
    this.notifications.flush();
    // The last balance of each vendor is the one their badge should show.
    const latest = new Map(done.map((refund) => [refund.userId, refund.newBalance]));
    for (const [userId, newBalance] of latest) await this.events.publish([userId], 'coin_balance_update', { newBalance });
    return done.map(({ newBalance: _balance, ...refund }) => refund);
  }
}
