/** Coin balances and their history; every movement goes through the ledger (ARCHITECTURE.md). */
import type { Db, DbOrTx } from '@/server/db/client';
import { COIN_HISTORY_PAGE_SIZE, type CoinHistory } from '@/shared/schemas/coins';
import { applyMovement, countLedger, findBalance, listLedger } from './coins.repository';

export class CoinsService {
  constructor(
    private readonly db: Db,
    private readonly launchCoins: number,
  ) {}

  async getBalance(userId: number): Promise<number> {
    return findBalance(this.db, userId);
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
