/**
 * Accounts: sign-up, sessions, e-mail verification and password reset.
 * Tokens and session ids are random and stored only as hashes; a reset ends every session.
 */
import type { AppConfig } from '@/server/config';
import type { Db } from '@/server/db/client';
import { AppError, badRequest } from '@/server/lib/app-error';
import { hashPassword, needsRehash, randomToken, sha256, verifyPassword } from '@/server/lib/crypto';
import type { RateLimiter, RateLimitRule, RateLimitSlot } from '@/server/lib/rate-limiter';
import type { EventBus } from '@/server/platform/events/event-bus';
import { rateLimitRule } from '@/server/lib/rate-limits';
import { passwordResetMail, verificationMail, type MailWords } from '@/server/platform/mail/templates';
import type { Language } from '@/shared/i18n/languages';
import {
  BROWSER_SESSION_DAYS,
  REMEMBER_ME_SESSION_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
} from '@/shared/constants';
import type { LoginForm, ResetPasswordBody, SignupBody } from '@/shared/schemas/auth';
import type { User } from '@/shared/schemas/user';
import { queueEmail, type OutboxWorker } from '../notifications/outbox.service';
import { toPublicUser, type UserRow, type UsersService } from '../users/users.service';
import {
  consumeToken,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  deleteSpentTokens,
  expireTokensOfUser,
  extendSession,
  findLiveSession,
  insertSession,
  insertToken,
  isTokenLive,
} from './auth.repository';

const DAY_MS = 86_400_000;
/** Sliding sessions are extended at most once an hour, so a request rarely writes. */
const SESSION_TOUCH_INTERVAL_MS = 3_600_000;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
export const FORGOT_PASSWORD_SENT = 'Password reset email sent. Please check your inbox.';
export const PASSWORD_RESET_DONE = 'Password has been reset successfully. You can now log in with your new password.';

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  /** The language the page asking was shown in: a new account keeps it for its mails. */
  language?: Language;
}

export interface NewSession {
  token: string;
  persistent: boolean;
  maxAgeSeconds: number | undefined;
}

export interface CurrentSession {
  idHash: string;
  user: UserRow;
  expiresAt: Date;
}

// A hash to compare against when the address is unknown, so both paths take the same time.
const dummyHash = hashPassword(randomToken());

export class AuthService {
  private readonly rules: Record<
    'loginAccount' | 'loginIp' | 'signupIp' | 'forgotEmail' | 'forgotIp' | 'checkEmailIp' | 'resendVerification',
    RateLimitRule
  >;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly outbox: OutboxWorker,
    private readonly events: EventBus,
    private readonly users: UsersService,
    /** The catalogue in a user's language, for the account's mails. */
    private readonly wordsFor: (language: string | null) => MailWords,
  ) {
    const counts = config.rateLimits;
    this.rules = {
      loginAccount: rateLimitRule('loginPerAccount', counts),
      loginIp: rateLimitRule('loginPerIp', counts),
      signupIp: rateLimitRule('signupPerIp', counts),
      resendVerification: rateLimitRule('resendVerification', counts),
      forgotEmail: rateLimitRule('forgotPerEmail', counts),
      forgotIp: rateLimitRule('forgotPerIp', counts),
      checkEmailIp: rateLimitRule('checkEmailPerIp', counts),
    };
  }

  // ───────────── sessions ─────────────

  async createSession(userId: number, persistent: boolean, meta: RequestMeta): Promise<NewSession> {
    const token = randomToken();
    const days = persistent ? REMEMBER_ME_SESSION_DAYS : BROWSER_SESSION_DAYS;
    await insertSession(this.db, {
      idHash: sha256(token),
      userId,
      isPersistent: persistent,
      expiresAt: new Date(Date.now() + days * DAY_MS),
      userAgent: meta.userAgent?.slice(0, 500),
      ipAddress: meta.ip,
    });
    return { token, persistent, maxAgeSeconds: persistent ? days * 86_400 : undefined };
  }

  /** The session behind a cookie token, extended while in use; undefined when none or expired. */
  async resolveSession(token: string): Promise<CurrentSession | undefined> {
    const idHash = sha256(token);
    const session = await findLiveSession(this.db, idHash);
    // A deleted account's sessions are deleted with it; this holds even for one that raced it.
    if (!session || session.user.deletedAt) return undefined;
    let expiresAt = session.expiresAt;
    if (Date.now() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
      const days = session.isPersistent ? REMEMBER_ME_SESSION_DAYS : BROWSER_SESSION_DAYS;
      expiresAt = new Date(Date.now() + days * DAY_MS);
      await extendSession(this.db, idHash, expiresAt);
    }
    return { idHash, user: session.user, expiresAt };
  }

  /** When a session ends now (it slides while used); undefined once it has ended. */
  async sessionExpiry(idHash: string): Promise<Date | undefined> {
    return (await findLiveSession(this.db, idHash))?.expiresAt;
  }

  /** Housekeeping: expired sessions and spent tokens go (a periodic job). */
  async pruneExpired(): Promise<string> {
    const [sessionCount, tokenCount] = [await deleteExpiredSessions(this.db), await deleteSpentTokens(this.db)];
    return `${sessionCount} expired sessions and ${tokenCount} spent tokens deleted`;
  }

  /** Logout: the session is gone, and so are its sockets on every node. */
  async endSession(idHash: string): Promise<void> {
    await deleteSession(this.db, idHash);
    await this.events.endSessions({ sessionIdHashes: [idHash] });
  }

  // ───────────── sign-up and login ─────────────

  async signup(body: SignupBody, meta: RequestMeta): Promise<{ user: User; session: NewSession }> {
    await this.limiter.hit(this.rules.signupIp, meta.ip);
    const passwordHash = await hashPassword(body.password);
    const verifyToken = randomToken();
    const user = await this.db.transaction(async (tx) => {
      const row = await this.users.createAccount(tx, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        passwordHash,
        language: meta.language ?? null,
      });
      if (!row) throw new AppError('EMAIL_TAKEN', 'This email is already in use. Please try another one.');
      await this.queueVerification(tx, row, verifyToken);
      return row;
    });
    this.outbox.poke();
    const session = await this.createSession(user.id, false, meta);
    return { user: toPublicUser(user), session };
  }

  /**
   * Failed logins are limited per account and per address. Each attempt takes a slot of both
   * limits before its password is tested (one atomic upsert each, so parallel guesses cannot all
   * slip through between a check and a count) and gives them back when the password was right.
   */
  async login(body: LoginForm, meta: RequestMeta): Promise<{ user: User; session: NewSession }> {
    const accountSlot = await this.limiter.hit(this.rules.loginAccount, body.email);
    let ipSlot: RateLimitSlot;
    try {
      ipSlot = await this.limiter.hit(this.rules.loginIp, meta.ip);
    } catch (error) {
      await this.limiter.refund(accountSlot);
      throw error;
    }
    const user = await this.users.findAccountByEmail(body.email);
    // A deleted account keeps no usable password; it is refused like an unknown address.
    const matches =
      user && !user.deletedAt
        ? await verifyPassword(body.password, user.passwordHash)
        : await verifyPassword(body.password, await dummyHash).then(() => false);
    if (!user || !matches) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await Promise.all([this.limiter.refund(accountSlot), this.limiter.refund(ipSlot)]);
    // A hash from older, weaker settings is replaced now, while the password is at hand.
    if (needsRehash(user.passwordHash)) {
      await this.users.upgradePasswordHash(user.id, user.passwordHash, await hashPassword(body.password));
    }
    const session = await this.createSession(user.id, body.rememberMe === true, meta);
    return { user: toPublicUser(user), session };
  }

  async checkEmail(email: string, ip: string): Promise<boolean> {
    await this.limiter.hit(this.rules.checkEmailIp, ip);
    return this.users.isEmailTaken(email);
  }

  // ───────────── e-mail verification ─────────────

  /** Queues a verification mail for `user` inside `tx` (sign-up, admin-created users). */
  async queueVerification(tx: Parameters<typeof queueEmail>[0], user: UserRow, token = randomToken()): Promise<void> {
    await insertToken(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      purpose: 'verify_email',
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
    });
    const url = `${this.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await queueEmail(tx, {
      kind: 'verify_email',
      message: verificationMail(this.wordsFor(user.language), user.email, user.firstName, url),
    });
  }

  /** A new verification link for a signed-in user whose first mail was lost; the old links stay valid. */
  async resendVerification(user: UserRow): Promise<void> {
    if (user.isVerified) throw badRequest('Your email address is already verified');
    await this.limiter.hit(this.rules.resendVerification, String(user.id));
    await this.db.transaction((tx) => this.queueVerification(tx, user));
    this.outbox.poke();
  }

  async verifyEmail(token: string | undefined): Promise<User> {
    if (!token) throw badRequest('Verification token is missing');
    const user = await this.db.transaction(async (tx) => {
      const userId = await consumeToken(tx, sha256(token), 'verify_email');
      if (userId === undefined) throw badRequest('Invalid or expired verification link');
      return this.users.updateAccount(tx, userId, { isVerified: true, verifiedAt: new Date() });
    });
    if (!user) throw badRequest('Invalid or expired verification link');
    return toPublicUser(user);
  }

  // ───────────── password reset ─────────────

  /** Same answer whether or not the address has an account, so it reveals nothing. */
  async forgotPassword(email: string, ip: string): Promise<void> {
    await this.limiter.hit(this.rules.forgotIp, ip);
    await this.limiter.hit(this.rules.forgotEmail, email);
    const user = await this.users.findAccountByEmail(email);
    if (!user || user.deletedAt) return;
    await this.db.transaction((tx) => this.queuePasswordReset(tx, user));
    this.outbox.poke();
  }

  /** Queues a reset mail (forgot-password, and an admin's "send reset e-mail"). */
  async queuePasswordReset(tx: Parameters<typeof queueEmail>[0], user: UserRow): Promise<void> {
    const token = randomToken();
    await expireTokensOfUser(tx, user.id, 'reset_password');
    await insertToken(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      purpose: 'reset_password',
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const url = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await queueEmail(tx, {
      kind: 'reset_password',
      message: passwordResetMail(this.wordsFor(user.language), user.email, user.firstName, url),
    });
  }

  async isResetTokenValid(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    return isTokenLive(this.db, sha256(token), 'reset_password');
  }

  /** Sets the new password, uses the token up and ends the user's other sessions. */
  async resetPassword(body: ResetPasswordBody, currentSessionIdHash?: string): Promise<void> {
    const passwordHash = await hashPassword(body.password);
    const resetUserId = await this.db.transaction(async (tx) => {
      const userId = await consumeToken(tx, sha256(body.token), 'reset_password');
      if (userId === undefined) throw badRequest(INVALID_RESET_TOKEN);
      // The link reached the inbox, which proves the address as well as a verification would.
      const user = await this.users.findAccountById(userId, tx);
      await this.users.updateAccount(tx, userId, {
        passwordHash,
        ...(user && !user.isVerified ? { isVerified: true, verifiedAt: new Date() } : {}),
      });
      await deleteSessionsOfUser(tx, userId, currentSessionIdHash);
      return userId;
    });
    // Whoever held the old password loses their open sockets too.
    await this.events.endSessions({ userId: resetUserId, exceptSessionIdHash: currentSessionIdHash });
  }
}
