/**
 * Fairness for vendors: a paid first reply that the customer has not
 * opened within 7 days is refunded automatically, once (ledger reference refund:{quote}:{company}),
 * with an e-mail to the vendor and a live balance update. Runs hourly on any number of app nodes:
 * a transaction-scoped advisory lock lets one sweep at a time do the work.
 */
import type { Db } from '@/server/db/client';
import type { EventBus } from '@/server/platform/events/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';
import { tryTransactionLock } from '@/server/db/locks';
import type { CoinsService } from './coins.service';
import { findDueReplyRefunds } from './coins.repository';

export const REFUND_AFTER_DAYS = 7;
/** Charges older than this are past caring about (and keep the sweep's scan short). */
const LOOK_BACK_DAYS = 90;
const BATCH = 500;
const REFUND_SWEEP_LOCK = 4_042_002;

export class ReplyRefundsService {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
    private readonly events: EventBus,
    private readonly coins: CoinsService,
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
      if (!(await tryTransactionLock(tx, REFUND_SWEEP_LOCK))) return undefined;
      const due = await findDueReplyRefunds(tx, { at, afterDays: REFUND_AFTER_DAYS, lookBackDays: LOOK_BACK_DAYS, limit: BATCH });
      const refunds: { userId: number; quoteId: number; companyId: number; coins: number; newBalance: number }[] = [];
      for (const row of due) {
        const newBalance = await this.coins.refund(tx, {
          userId: row.user_id,
          coins: row.coins,
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
          afterDays: REFUND_AFTER_DAYS,
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
