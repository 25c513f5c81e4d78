/** Profiles: what a user may change about themself, and how a user is answered. */
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError, badRequest, notFound } from '@/server/lib/app-error';
import { isUniqueViolation } from '@/server/lib/pg-errors';
import { ADMIN_USER_MESSAGES } from '@/shared/schemas/admin';
import type { LanguageOffer } from '@/server/modules/i18n/request-language';
import { LANGUAGE_REQUIRED, type UpdateUserBody, type User } from '@/shared/schemas/user';
import type { AuditService } from '../audit/audit.service';
import {
  emailExists,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  upgradePasswordHash,
  type NewUserRow,
  type UserRow,
} from './users.repository';

export type { UserRow } from './users.repository';

/** The user as every call answers it: never a hash, never a token. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    isVerified: row.isVerified,
    isAdmin: row.isAdmin,
    emailNotifications: row.emailNotifications,
    emailNotificationsQuotes: row.emailNotificationsQuotes,
    emailNotificationsMessages: row.emailNotificationsMessages,
    textNotifications: row.textNotifications,
    textNotificationsQuotes: row.textNotificationsQuotes,
    textNotificationsMessages: row.textNotificationsMessages,
    emailWeeklySummary: row.emailWeeklySummary,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface SessionUser {
  id: number;
  isAdmin: boolean;
  isVerified: boolean;
}

/** A session user with the name others see (the session's row carries it: no look-up needed). */
export interface NamedSessionUser extends SessionUser {
  firstName: string;
  lastName: string;
}

/** How a customer is named to businesses in notices: first name and last initial ("Cara D."). */
export function customerDisplayName(firstName: string, lastName: string): string {
  return [firstName, lastName ? `${lastName.slice(0, 1)}.` : ''].filter(Boolean).join(' ');
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    /** The languages offered, read live (the operator may change them while the app runs). */
    private readonly offer: LanguageOffer,
  ) {}

  // Accounts as sign-up, sign-in and the admin screens need them; `db` is the caller's transaction.

  async findAccountById(id: number, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return findUserById(db, id);
  }

  async findAccountByEmail(email: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return findUserByEmail(db, email);
  }

  async isEmailTaken(email: string): Promise<boolean> {
    return emailExists(this.db, email);
  }

  async createAccount(tx: DbOrTx, values: NewUserRow): Promise<UserRow | undefined> {
    return insertUser(tx, values);
  }

  async updateAccount(tx: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    return updateUser(tx, id, values);
  }

  /** Replaces a hash made with older parameters, unless the password changed meanwhile. */
  async upgradePasswordHash(id: number, oldHash: string, newHash: string): Promise<void> {
    await upgradePasswordHash(this.db, id, oldHash, newHash);
  }

  /**
   * A change to account `current`, which the user policy (src/server/access/user.policy.ts) read
   * and let `actor` make: the user themself, or an administrator.
   */
  async update(actor: SessionUser, current: UserRow, body: UpdateUserBody): Promise<User> {
    const targetId = current.id;

    // Only an administrator changes an e-mail address; from anyone else the field is ignored.
    const { email, ...rest } = body;
    const next: UpdateUserBody = actor.isAdmin && email !== undefined ? { ...rest, email } : rest;
    if (next.phoneNumber === '') next.phoneNumber = null;
    // A shipped language the operator does not offer (any more) is refused like an unknown one.
    if (next.language && !this.offer.languages.includes(next.language))
      throw badRequest(LANGUAGE_REQUIRED, 'BAD_REQUEST', 'language');
    const phone = next.phoneNumber !== undefined ? next.phoneNumber : current.phoneNumber;

    // A parent switch turned off takes its sub-switches with it.
    const emailOn = next.emailNotifications ?? current.emailNotifications;
    if (!emailOn) Object.assign(next, { emailNotificationsQuotes: false, emailNotificationsMessages: false });
    let textOn = next.textNotifications ?? current.textNotifications;
    if (textOn && !phone) {
      if (next.textNotifications) throw new AppError('PHONE_REQUIRED', 'A phone number is required for text notifications');
      textOn = false; // the phone was removed: texts cannot go anywhere any more
      next.textNotifications = false;
    }
    if (!textOn) Object.assign(next, { textNotificationsQuotes: false, textNotificationsMessages: false });

    if (next.email !== undefined && next.email !== current.email && (await emailExists(this.db, next.email))) {
      throw new AppError('EMAIL_TAKEN', ADMIN_USER_MESSAGES.emailTaken);
    }
    const updated = await this.db.transaction(async (tx) => {
      const row = await updateUser(tx, targetId, next).catch((error: unknown) => {
        // Two changes racing for one address: the unique index decides.
        throw isUniqueViolation(error) ? new AppError('EMAIL_TAKEN', ADMIN_USER_MESSAGES.emailTaken) : error;
      });
      if (!row) throw notFound('User not found');
      // An administrator changing someone else's account is on the record.
      if (actor.id !== targetId) {
        const changed = Object.keys(next) as (keyof typeof next)[];
        await this.audit.record(tx, {
          actorUserId: actor.id,
          action: 'user.update',
          entityType: 'user',
          entityId: targetId,
          before: Object.fromEntries(changed.map((key) => [key, current[key]])),
          after: Object.fromEntries(changed.map((key) => [key, row[key]])),
        });
      }
      return row;
    });
    return toPublicUser(updated);
  }
}
