/** The ledger: movements apply once, debits need cover, balances equal the sum of their ledger. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { applyMovement, findBalance } from './coins.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function ledgerSum(userId: number): Promise<number> {
  const result = await t.db.execute<{ sum: number }>(
    sql`SELECT coalesce(sum(delta), 0)::int AS sum FROM coin_ledger WHERE user_id = ${userId}`,
  );
  return result.rows[0].sum;
}

describe('coin ledger', () => {
  it('credits and debits once per reference, and refuses a debit the balance cannot pay', async () => {
    const user = await createUser(t.db);
    const move = (delta: number, reference: string) =>
      t.db.transaction((tx) => applyMovement(tx, { userId: user.id, delta, reason: 'admin_adjustment', reference }));

    expect(await move(10, `a-${user.id}`)).toBe(10);
    expect(await move(10, `a-${user.id}`)).toBeUndefined();
    expect(await move(-7, `b-${user.id}`)).toBe(3);
    await expect(move(-4, `c-${user.id}`)).rejects.toThrow();
    expect(await findBalance(t.db, user.id)).toBe(3);
    expect(await ledgerSum(user.id)).toBe(3);
    // A first movement that is a debit has nothing to pay with.
    const newcomer = await createUser(t.db);
    await expect(
      t.db.transaction((tx) =>
        applyMovement(tx, { userId: newcomer.id, delta: -1, reason: 'admin_adjustment', reference: `d-${newcomer.id}` }),
      ),
    ).rejects.toThrow();
    expect(await ledgerSum(newcomer.id)).toBe(0);
  });
});
