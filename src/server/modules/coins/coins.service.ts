/**
 * Coin balances and their history. This service owns the ledger: every coin that moves anywhere
 * in the product (a reply's charge, a refund, a purchase, launch credits) goes through charge,
 * refund or credit here, inside the caller's transaction (docs/architecture.md).
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { COIN_HISTORY_PAGE_SIZE, type CoinHistory } from '@/shared/schemas/coins';
import { applyMovement, countLedger, findBalance, listLedger, sumLedgerByReason } from './coins.repository';

/** One movement: `reference` is unique ('reply:{quote}:{company}', 'purchase:{intent}', …), so it counts once. */
export interface CoinMovement {
  userId: number;
  coins: number;
  reference: string;
  companyId?: number | null;
  quoteId?: number | null;
  paymentId?: number | null;
  note?: string | null;
}

export class CoinsService {
  constructor(
    private readonly db: Db,
    private readonly launchCoins: number,
  ) {}

  /** The balance now; `db` is the caller's transaction when it must see its own movements. */
  async getBalance(userId: number, db: DbOrTx = this.db): Promise<number> {
    return findBalance(db, userId);
  }

  /**
   * Takes `coins` for a reply. Answers the new balance, or undefined when this reference was
   * already charged; a balance that cannot pay fails the database's CHECK (isCheckViolation).
   */
  async charge(tx: DbOrTx, movement: CoinMovement): Promise<number | undefined> {
    return applyMovement(tx, { ...movement, delta: -movement.coins, reason: 'reply_charge' });
  }

  /** Gives back a charge; undefined when this refund was already made. */
  async refund(tx: DbOrTx, movement: CoinMovement): Promise<number | undefined> {
    return applyMovement(tx, { ...movement, delta: movement.coins, reason: 'refund' });
  }

  /** Coins bought; undefined when this purchase was already credited. */
  async credit(tx: DbOrTx, movement: CoinMovement): Promise<number | undefined> {
    return applyMovement(tx, { ...movement, delta: movement.coins, reason: 'purchase' });
  }

  /**
   * The launch credits of the marketing copy: LAUNCH_COINS once per user, when their first
   * company is created (inside that transaction). Answers the coins granted, 0 when none.
   */
  async grantLaunchCredit(tx: DbOrTx, userId: number, companyId: number): Promise<number> {
    if (this.launchCoins <= 0) return 0;
    const balance = await applyMovement(tx, {
      userId,
      delta: this.launchCoins,
      reason: 'launch_credit',
      reference: `launch:${userId}`,
      companyId,
      note: 'Welcome! Launch credits for your first business.',
    });
    return balance === undefined ? 0 : this.launchCoins;
  }

  /** Coins moved since the database began, by ledger reason (purchase: sold, reply_charge: spent). */
  totalsByReason(): Promise<{ reason: string; coins: number }[]> {
    return sumLedgerByReason(this.db);
  }

  async getHistory(userId: number, page: number): Promise<CoinHistory> {
    const offset = (page - 1) * COIN_HISTORY_PAGE_SIZE;
    const [balance, rows] = await Promise.all([
      findBalance(this.db, userId),
      listLedger(this.db, userId, COIN_HISTORY_PAGE_SIZE, offset),
    ]);
    // A page past the end has no rows to carry the total.
    const total = rows[0]?.total ?? (page > 1 ? await countLedger(this.db, userId) : 0);
    return {
      balance,
      entries: rows.map((row) => ({
        id: row.id,
        delta: row.delta,
        reason: row.reason,
        note: row.note,
        companyId: row.company_id,
        companyName: row.company_name,
        quoteId: row.quote_id,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / COIN_HISTORY_PAGE_SIZE)),
    };
  }
}
