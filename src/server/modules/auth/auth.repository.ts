import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { UserRow } from '@/server/db/rows';
import { authTokens, sessions, users } from '@/server/db/schema';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export interface SessionWithUser {
  idHash: string;
  isPersistent: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
  user: UserRow;
}

export async function findLiveSession(db: DbOrTx, idHash: string): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      isPersistent: sessions.isPersistent,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function extendSession(db: DbOrTx, idHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number, exceptIdHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)) : eq(sessions.userId, userId));
}

/** Sessions past their end: nobody can use them any more. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

/** Tokens used or expired more than a day ago (the day keeps "this link was already used" answerable). */
export async function deleteSpentTokens(db: DbOrTx): Promise<number> {
  const dayAgo = sql`now() - interval '1 day'`;
  const rows = await db
    .delete(authTokens)
    .where(or(lt(authTokens.expiresAt, dayAgo), lt(authTokens.usedAt, dayAgo)))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length;
}

export async function insertToken(db: DbOrTx, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Unused and unexpired. */
const isLive = (tokenHash: string, purpose: TokenPurpose) =>
  and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  );

/** Marks a live token used and answers its user id; a second call finds nothing (single use). */
export async function consumeToken(db: DbOrTx, tokenHash: string, purpose: TokenPurpose): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(isLive(tokenHash, purpose))
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

export async function isTokenLive(db: DbOrTx, tokenHash: string, purpose: TokenPurpose): Promise<boolean> {
  const rows = await db.select({ userId: authTokens.userId }).from(authTokens).where(isLive(tokenHash, purpose));
  return rows.length > 0;
}

/** A new reset link makes older unused ones worthless. */
export async function expireTokensOfUser(db: DbOrTx, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}
