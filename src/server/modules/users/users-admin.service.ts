/**
 * The admin screen's users: the list, accounts created by an administrator (with the
 * verification mail), and granting or revoking admin. Every change writes its audit entry in
 * its own transaction.
 */
import type { Db } from '@/server/db/client';
import { AppError, badRequest, notFound } from '@/server/lib/app-error';
import { hashPassword } from '@/server/lib/crypto';
import { ADMIN_USER_MESSAGES, type AdminCreateUserBody, type AdminUser } from '@/shared/schemas/admin';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from './users.service';
import { insertUser, listUsersNewestFirst, lockUserById, updateUser, type AdminUserRow, type UserRow } from './users.repository';

const USER_LIST_LIMIT = 5000;

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  isVerified: row.is_verified,
  isAdmin: row.is_admin,
  createdAt: new Date(row.created_at).toISOString(),
  deletedAt: row.deleted_at ? new Date(row.deleted_at).toISOString() : null,
});

const accountToAdminUser = (row: UserRow): AdminUser =>
  toAdminUser({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    is_verified: row.isVerified,
    is_admin: row.isAdmin,
    created_at: row.createdAt,
    deleted_at: row.deletedAt,
  });

const userSnapshot = (row: UserRow) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  isVerified: row.isVerified,
  isAdmin: row.isAdmin,
});

export class UsersAdminService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<AdminUser[]> {
    return (await listUsersNewestFirst(this.db, USER_LIST_LIMIT)).map(toAdminUser);
  }

  /** A new account with a verification mail (POST /api/users). */
  async create(actor: SessionUser, body: AdminCreateUserBody): Promise<AdminUser> {
    const passwordHash = await hashPassword(body.password);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await insertUser(tx, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        passwordHash,
      });
      if (!inserted) throw new AppError('EMAIL_TAKEN', ADMIN_USER_MESSAGES.emailTaken);
      await this.auth.queueVerification(tx, inserted);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'user.create',
        entityType: 'user',
        entityId: inserted.id,
        after: userSnapshot(inserted),
      });
      return inserted;
    });
    this.notifications.flush();
    return accountToAdminUser(row);
  }

  /** Grant or revoke admin — never on oneself, enforced here. */
  async toggleAdmin(actor: SessionUser, userId: number): Promise<{ message: string; user: AdminUser }> {
    if (userId === actor.id) throw badRequest(ADMIN_USER_MESSAGES.selfAdmin);
    const updated = await this.db.transaction(async (tx) => {
      const before = await lockUserById(tx, userId);
      // A deleted account is no one any more: nothing to grant or revoke.
      if (!before || before.deletedAt) throw notFound('User not found');
      const after = await updateUser(tx, userId, { isAdmin: !before.isAdmin });
      if (!after) throw notFound('User not found');
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: after.isAdmin ? 'user.grant_admin' : 'user.revoke_admin',
        entityType: 'user',
        entityId: userId,
        before: { isAdmin: before.isAdmin },
        after: { isAdmin: after.isAdmin },
      });
      return after;
    });
    const name = `${updated.firstName} ${updated.lastName}`.trim();
    return {
      message: updated.isAdmin ? `${name} is now an administrator` : `${name} is no longer an administrator`,
      user: accountToAdminUser(updated),
    };
  }
}
