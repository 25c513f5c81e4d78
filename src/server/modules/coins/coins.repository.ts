/**
 * The coin ledger: every movement is one row with a unique reference, and the balance moves in
 * the same statement sequence of the same transaction, so a movement can never count twice.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { LEDGER_REASONS } from '@/server/db/schema';

export interface LedgerMovement {
  userId: number;
  delta: number;
  reason: (typeof LEDGER_REASONS)[number];
  /** Unique per movement: 'launch:{userId}', 'reply:{quoteId}:{companyId}', 'purchase:{intentId}', … */
  reference: string;
  companyId?: number | null;
  quoteId?: number | null;
  paymentId?: number | null;
  note?: string | null;
}

/**
 * Records the movement and applies it to the balance; answers the new balance, or undefined when
 * the reference was already recorded (nothing changes then). Call inside a transaction.
 */
export async function applyMovement(tx: DbOrTx, movement: LedgerMovement): Promise<number | undefined> {
  const inserted = await tx.execute<{ id: number }>(sql`
    INSERT INTO coin_ledger (user_id, delta, reason, reference, company_id, quote_id, payment_id, note)
    VALUES (${movement.userId}, ${movement.delta}, ${movement.reason}, ${movement.reference},
            ${movement.companyId ?? null}, ${movement.quoteId ?? null}, ${movement.paymentId ?? null}, ${movement.note ?? null})
    ON CONFLICT (reference) DO NOTHING
    RETURNING id`);
  if (inserted.rows.length === 0) return undefined;
  // Two steps, because PostgreSQL checks an INSERT's CHECK before ON CONFLICT: a debit written as
  // an upsert would be refused even when the existing balance covers it. The UPDATE's
  // CHECK (balance >= 0) refuses a debit the balance cannot pay, rolling back the ledger row.
  await tx.execute(
    sql`INSERT INTO coin_balances (user_id, balance) VALUES (${movement.userId}, 0) ON CONFLICT (user_id) DO NOTHING`,
  );
  const balance = await tx.execute<{ balance: number }>(sql`
    UPDATE coin_balances SET balance = balance + ${movement.delta}, updated_at = now()
     WHERE user_id = ${movement.userId}
    RETURNING balance`);
  return balance.rows[0].balance;
}

export async function findBalance(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.execute<{ balance: number }>(sql`SELECT balance FROM coin_balances WHERE user_id = ${userId}`);
  return result.rows[0]?.balance ?? 0;
}

export type LedgerEntryRow = {
  id: number;
  delta: number;
  reason: (typeof LEDGER_REASONS)[number];
  note: string | null;
  company_id: number | null;
  company_name: string | null;
  quote_id: number | null;
  created_at: Date;
  total: number;
};

/** A page of the user's movements, newest first, each with the page's total count. */
export async function listLedger(db: DbOrTx, userId: number, limit: number, offset: number): Promise<LedgerEntryRow[]> {
  const result = await db.execute<LedgerEntryRow>(sql`
    SELECT l.id::int AS id, l.delta, l.reason, l.note, l.company_id, c.name AS company_name, l.quote_id, l.created_at,
           count(*) OVER ()::int AS total
      FROM coin_ledger l LEFT JOIN companies c ON c.id = l.company_id
     WHERE l.user_id = ${userId}
     ORDER BY l.created_at DESC, l.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

export async function countLedger(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${userId}`);
  return result.rows[0]?.n ?? 0;
}

/** Coins moved since the database began, by reason, as positive amounts (/metrics). */
export async function sumLedgerByReason(db: DbOrTx): Promise<{ reason: string; coins: number }[]> {
  const result = await db.execute<{ reason: string; coins: number }>(
    sql`SELECT reason, abs(sum(delta))::float8 AS coins FROM coin_ledger GROUP BY reason ORDER BY reason`,
  );
  return result.rows;
}

export type DueRefund = {
  user_id: number;
  quote_id: number;
  company_id: number;
  coins: number;
  company_name: string;
  quote_name: string;
};

/**
 * Paid first replies the customer did not open within `afterDays` of the charge and not yet
 * refunded (reference refund:{quote}:{company}), oldest first; charges older than `lookBackDays`
 * are past caring about.
 */
export async function findDueReplyRefunds(
  tx: DbOrTx,
  query: { at: string; afterDays: number; lookBackDays: number; limit: number },
): Promise<DueRefund[]> {
  const due = await tx.execute<DueRefund>(sql`
        SELECT l.user_id, l.quote_id, l.company_id, -l.delta AS coins, c.name AS company_name, q.quote_name
          FROM coin_ledger l
          JOIN companies c ON c.id = l.company_id
          JOIN quotes q ON q.id = l.quote_id
         WHERE l.reason = 'reply_charge'
           AND l.created_at <= ${query.at}::timestamptz - make_interval(days => ${query.afterDays})
           AND l.created_at > ${query.at}::timestamptz - make_interval(days => ${query.lookBackDays})
           AND NOT EXISTS (SELECT 1 FROM coin_ledger r WHERE r.reference = 'refund:' || l.quote_id || ':' || l.company_id)
           AND NOT EXISTS (
                 SELECT 1 FROM messages m
                  WHERE m.quote_id = l.quote_id AND m.company_id = l.company_id AND m.sender_type = 'company'
                    AND m.read_at IS NOT NULL AND m.read_at <= l.created_at + make_interval(days => ${query.afterDays}))
         ORDER BY l.created_at
         LIMIT ${query.limit}`);
  return due.rows;
}
