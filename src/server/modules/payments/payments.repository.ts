import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { payments } from '@/server/db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: DbOrTx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await db
    .insert(payments)
    .values(row)
    .onConflictDoUpdate({ target: [payments.provider, payments.providerIntentId], set: { updatedAt: sql`now()` } })
    .returning();
  return inserted;
}

export async function findPayment(db: DbOrTx, provider: PaymentRow['provider'], intentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerIntentId, intentId)));
  return row;
}

/** Marks the payment credited; answers nothing when it already was (the credit happens once). */
export async function markCredited(db: DbOrTx, id: number) {
  const [row] = await db
    .update(payments)
    .set({ status: 'succeeded', creditedAt: sql`now()`, failureMessage: null, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), isNull(payments.creditedAt)))
    .returning();
  return row;
}

export async function markFailure(db: DbOrTx, id: number, status: 'failed' | 'processing', message: string | null) {
  await db
    .update(payments)
    .set({ status, failureMessage: message, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), isNull(payments.creditedAt)));
}
