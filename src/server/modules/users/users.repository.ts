import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { NewUserRow, UserRow } from '@/server/db/rows';
import { users } from '@/server/db/schema';

/** The account row lives in db/rows.ts (sessions read it too); the module's callers keep reading it here. */
export type { NewUserRow, UserRow } from '@/server/db/rows';

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows.length > 0;
}

/** Inserts unless the address is taken; undefined means taken (the unique index decides). */
export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/**
 * Changes a live account; a deleted one is not found (undefined): only its erasure writes to it,
 * so no change can put a name, address or phone back into it.
 */
export async function updateUser(db: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Swaps a password hash for a stronger one of the same password, unless it changed meanwhile (a reset). */
export async function upgradePasswordHash(db: DbOrTx, id: number, oldHash: string, newHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, oldHash)));
}

/** Locks the user's row until the transaction ends (a change that reads its "before" first). */
export async function lockUserById(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export type AdminUserRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_verified: boolean;
  is_admin: boolean;
  created_at: Date;
  deleted_at: Date | null;
};

/**
 * Newest first, deleted accounts included (marked by `deleted_at`: the screen shows them as
 * Deleted, with nothing to act on); a bare array, bounded here so a huge user base stays answerable.
 */
export async function listUsersNewestFirst(db: DbOrTx, limit: number): Promise<AdminUserRow[]> {
  const result = await db.execute<AdminUserRow>(sql`
    SELECT id, first_name, last_name, email, is_verified, is_admin, created_at, deleted_at
      FROM users ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return result.rows;
}
