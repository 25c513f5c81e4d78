/**
 * Who may act on a user's account:
 * - the user themself, or an administrator, may change the account (PUT /api/users/:id) and list
 *   the user's companies (GET /api/users/:id/companies);
 * - anyone else gets 403 with the spec's text for each ("You can only update your own account",
 *   "You can only list your own companies"), decided on the id alone, before any look-up, so a
 *   stranger learns nothing about which accounts exist;
 * - an id that is not a valid id gets 400 (the id schema's own message), as it did before these
 *   routes had policies; an id that names no account, or a deleted one, gets 404 "User not found"
 *   when the account is to be changed (listing the companies of no one is an empty list).
 * The account policy reads the account once and hands the row on; the service does not read it again.
 */
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '@/server/lib/app-error';
import type { UserRow } from '@/server/db/rows';
import type { SessionUser } from '@/server/modules/users/users.service';
import { IdParamSchema } from '@/shared/schemas/common';
import { definePolicy } from './policy';

const USER_NOT_FOUND = 'User not found';

/**
 * The params of a route guarded by a user policy: the id as the path gives it. The policy parses
 * it itself, so that a malformed id answers 400 as the route's schema did, not the 404 the access
 * plugin gives params its schema refuses.
 */
export const UserIdParamsSchema = z.object({ id: z.string() });

/** The rule itself: a user acts on their own account; an administrator on anyone's. */
export function mayActOnUser(actor: SessionUser, userId: number): boolean {
  return actor.id === userId || actor.isAdmin;
}

/** The id, parsed as IdParamSchema parses it; a malformed one is 400 with that schema's message. */
function userIdOf(raw: string): number {
  const parsed = IdParamSchema.safeParse({ id: raw });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data.id;
}

/** The one read the account policy makes. UsersService answers it. */
export interface UserAccountReader {
  findAccountById(id: number): Promise<UserRow | undefined>;
}

export function userPolicies(users: UserAccountReader) {
  /** The user themself or an administrator, changing the account: resolves its row. */
  const account = definePolicy<{ id: string }, UserRow>({
    name: 'user.account',
    notFoundMessage: USER_NOT_FOUND,
    async resolve(actor, params) {
      // Who before what: any positive whole number is judged first; anything else is malformed (400).
      const asNumber = Number(params.id);
      if (Number.isInteger(asNumber) && asNumber > 0 && !mayActOnUser(actor, asNumber)) {
        throw forbidden('You can only update your own account');
      }
      const account = await users.findAccountById(userIdOf(params.id));
      // A deleted account keeps its row but is no one's to change: nothing may be written back into it.
      if (!account || account.deletedAt) throw notFound(USER_NOT_FOUND);
      return account;
    },
  });

  /** The user themself or an administrator, listing the user's companies: resolves the user's id. */
  const companies = definePolicy<{ id: string }, number>({
    name: 'user.companies',
    notFoundMessage: USER_NOT_FOUND,
    resolve(actor, params) {
      if (!mayActOnUser(actor, Number(params.id))) throw forbidden('You can only list your own companies');
      return Promise.resolve(userIdOf(params.id));
    },
  });

  return { account, companies };
}

export type UserPolicies = ReturnType<typeof userPolicies>;
