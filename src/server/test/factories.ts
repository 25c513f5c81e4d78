/** Factories: each test makes the rows it needs (CONVENTIONS.md 12). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/crypto';
import type { UserRow } from '../modules/users/users.repository';
import { freshIp, sessionCookieOf } from './harness';

export const DEFAULT_PASSWORD = 'correct-horse-42';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
}

export async function createUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'User',
      email: uniqueEmail(),
      passwordHash: await hashPassword(password),
      ...values,
    })
    .returning();
  return { ...row!, password };
}

/** Signs a user in through the API and answers the Cookie header to send. */
export async function loginAs(
  app: FastifyInstance,
  user: { email: string; password: string },
  rememberMe = false,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: freshIp(),
    payload: { email: user.email, password: user.password, rememberMe },
  });
  return sessionCookieOf(response);
}
