import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, sessions, users } from '@/server/db/schema';
import { needsRehash } from '@/server/lib/crypto';
import { createUser, DEFAULT_PASSWORD, loginAs, uniqueEmail } from '@/server/test/factories';
import { freshIp, sessionCookieOf, startTestApp, type TestApp } from '@/server/test/harness';
import { legacyScryptHash } from '@/server/test/legacy-password';
import { linkFrom } from '@/server/test/smtp-sink';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
    RATE_LIMIT_LOGIN_PER_IP: '5',
    RATE_LIMIT_SIGNUP_PER_IP: '3',
    RATE_LIMIT_FORGOT_PER_EMAIL: '2',
    RATE_LIMIT_FORGOT_PER_IP: '4',
    RATE_LIMIT_CHECK_EMAIL_PER_IP: '3',
    RATE_LIMIT_RESEND_VERIFICATION_PER_ACCOUNT: '2',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, extra: { cookie?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: extra.ip ?? freshIp(),
    headers: { ...(extra.cookie ? { cookie: extra.cookie } : {}), ...extra.headers },
  });
const get = (url: string, extra: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: extra.ip ?? freshIp(),
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: uniqueEmail('dana'),
    password: 'longenough1',
    confirmPassword: 'longenough1',
    terms: true,
    ...overrides,
  };
}

describe('POST /api/auth/signup', () => {
  it('creates the user, signs them in with a browser-session cookie and mails a verification link', async () => {
    const body = signupBody();
    const response = await post('/api/auth/signup', body);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.success).toBe(true);
    expect(answer.user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: body.email,
      isVerified: false,
      isAdmin: false,
    });
    expect(answer.user).not.toHaveProperty('passwordHash');
    expect(response.body).not.toContain('argon2');

    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBeUndefined();
    // The readable hint lets the client skip /api/me when signed out.
    const hint = response.cookies.find((c) => c.name === 'lp_session');
    expect(hint?.value).toBe('1');
    expect(hint?.httpOnly).toBeFalsy();

    const me = await get('/api/me', { cookie: sessionCookieOf(response) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);

    const [mail] = await t.smtp.waitFor(body.email);
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.html).toContain('http://app.test/verify-email?token=');
    expect(linkFrom(mail, 'http://app.test/verify-email?token=')).toBeTruthy();
  });

  it('never lets a client set isAdmin or isVerified', async () => {
    const response = await post('/api/auth/signup', signupBody({ isAdmin: true, isVerified: true }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ isAdmin: false, isVerified: false });
  });

  it('stores the address lower-cased and refuses it again in any case with 409', async () => {
    const email = uniqueEmail('Case');
    expect((await post('/api/auth/signup', signupBody({ email: email.toUpperCase() }))).statusCode).toBe(201);
    const again = await post('/api/auth/signup', signupBody({ email }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'This email is already in use. Please try another one.',
      code: 'EMAIL_TAKEN',
    });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ firstName: undefined }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: 42 }, 'Invalid email address'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ confirmPassword: 'different1' }, "Passwords don't match"],
    [{ terms: false }, 'You must accept the terms and conditions'],
  ])('refuses %o with "%s" and stores nothing', async (override, message) => {
    const body = signupBody(override);
    const response = await post('/api/auth/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
    if (typeof body.email === 'string' && body.email.includes('@')) {
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    }
  });

  it('limits sign-ups per network address with 429 and a retry time', async () => {
    t.limiterClock.startOfNextWindow(3600);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/signup', signupBody(), { ip })).statusCode).toBe(201);
    const refused = await post('/api/auth/signup', signupBody(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many sign-ups.*Please try again in \d+ (seconds?|minutes?)\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/check-email/{email}', () => {
  it('says whether an address is taken, in any case', async () => {
    const user = await createUser(t.db);
    expect((await get(`/api/check-email/${encodeURIComponent(user.email.toUpperCase())}`)).json()).toEqual({ exists: true });
    expect((await get(`/api/check-email/${encodeURIComponent(uniqueEmail())}`)).json()).toEqual({ exists: false });
  });

  it('refuses a malformed address and too many checks', async () => {
    const bad = await get('/api/check-email/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid email address');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await get(`/api/check-email/${uniqueEmail()}`, { ip })).statusCode).toBe(200);
    expect((await get(`/api/check-email/${uniqueEmail()}`, { ip })).statusCode).toBe(429);
  });
});

describe('POST /api/auth/login and logout', () => {
  it('signs in with a browser-session cookie, or a 30-day one with rememberMe', async () => {
    const user = await createUser(t.db);
    const plain = await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ success: true, user: { id: user.id, email: user.email } });
    expect(plain.cookies.find((c) => c.name === 'sid')!.maxAge).toBeUndefined();

    const remembered = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: DEFAULT_PASSWORD,
      rememberMe: true,
    });
    expect(remembered.statusCode).toBe(200);
    expect(remembered.cookies.find((c) => c.name === 'sid')!.maxAge).toBe(30 * 86_400);
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid email or password');
    expect(unknown.json().error).toBe(wrong.json().error);
  });

  it.each([
    [{}, 'Email and password are required'],
    [{ email: '', password: '' }, 'Email and password are required'],
    [{ email: 'a@example.com' }, 'Password is required'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ email: 'bad', password: 'x' }, 'Invalid email address'],
  ])('refuses %o with "%s"', async (body, message) => {
    const response = await post('/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('locks an account after repeated failures, even for the right password, from any address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/login', { email: user.email, password: 'nope-nope' })).statusCode).toBe(401);
    const locked = await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/Too many failed login attempts\. Please try again in/);
  });

  it('lets no more wrong passwords through than the account limit when they are sent at once', async () => {
    const user = await createUser(t.db);
    // 30 guesses in parallel from 30 addresses: the per-account limit (3 here) must hold exactly.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/api/auth/login', { email: user.email, password: `wrong-guess-${i}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The window is spent: the right password waits too.
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(429);
  });

  it('lets no more wrong passwords through than the address limit when they are sent at once', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/auth/login', { email: uniqueEmail(), password: 'nope-nope' }, { ip })),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(15);
  });

  it('does not count a right password against the account, even among parallel attempts', async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })),
    );
    // Three slots: any attempt past them waits its turn, but the successes hand their slots back.
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/auth/login', { email: user.email, password: 'nope-nope' })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });

  it('replaces an old scrypt hash with argon2id at the next successful login, and only then', async () => {
    const user = await createUser(t.db);
    const legacy = legacyScryptHash(DEFAULT_PASSWORD);
    await t.db.update(users).set({ passwordHash: legacy }).where(eq(users.id, user.id));
    const hashOf = async () => (await t.db.select().from(users).where(eq(users.id, user.id)))[0].passwordHash;
    expect((await post('/api/auth/login', { email: user.email, password: 'not-the-password' })).statusCode).toBe(401);
    expect(await hashOf()).toBe(legacy);
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const upgraded = await hashOf();
    // argon2id at the settings of the process (cheaper in tests: lib/crypto.ts).
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$/);
    expect(needsRehash(upgraded)).toBe(false);
    // The same password still opens the account, now through the new hash.
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect(await hashOf()).toBe(upgraded);
  });

  it('limits failed logins per network address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { email: uniqueEmail(), password: 'nope-nope' }, { ip });
    const user = await createUser(t.db);
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, { ip })).statusCode).toBe(429);
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });

  it('logout ends the session on the server', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await get('/api/me', { cookie })).statusCode).toBe(200);
    const out = await post('/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await get('/api/me', { cookie })).statusCode).toBe(401);
  });
});

describe('GET /api/me', () => {
  it('is 401 without a session, with a forged cookie, or an expired session', async () => {
    expect((await get('/api/me')).statusCode).toBe(401);
    expect((await get('/api/me', { cookie: 'sid=forged.value' })).statusCode).toBe(401);
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await get('/api/me', { cookie })).statusCode).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('verifies once through the mailed link', async () => {
    const body = signupBody();
    await post('/api/auth/signup', body);
    const [mail] = await t.smtp.waitFor(body.email);
    const token = new URL(linkFrom(mail, 'http://app.test/verify-email')).searchParams.get('token')!;

    const verified = await get(`/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, user: { email: body.email, isVerified: true } });

    const again = await get(`/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().success).toBe(false);
  });

  it('refuses a missing or unknown token', async () => {
    const missing = await get('/api/verify-email');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Verification token is missing');
    expect((await get('/api/verify-email?token=unknown')).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  async function requestReset(email: string): Promise<string> {
    const before = t.smtp.to(email).length;
    const response = await post('/api/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    const mails = await t.smtp.waitFor(email, before + 1);
    return new URL(linkFrom(mails.at(-1)!, 'http://app.test/reset-password')).searchParams.get('token')!;
  }

  it('answers the same whether or not the address exists, and mails only real accounts', async () => {
    const unknown = uniqueEmail('ghost');
    const user = await createUser(t.db);
    const a = await post('/api/forgot-password', { email: unknown });
    const b = await post('/api/forgot-password', { email: user.email });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ success: true, message: 'Password reset email sent. Please check your inbox.' });
    await t.smtp.waitFor(user.email);
    await t.app.services.outbox.idle();
    expect(t.smtp.to(unknown)).toHaveLength(0);
  });

  it('resets once with a valid token, ends other sessions, and the old password stops working', async () => {
    const user = await createUser(t.db);
    const otherDevice = await loginAs(t.app, user);
    const token = await requestReset(user.email);

    const check = await get(`/api/verify-reset-token?token=${encodeURIComponent(token)}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ success: true });

    const reset = await post('/api/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      success: true,
      message: 'Password has been reset successfully. You can now log in with your new password.',
    });

    expect((await get('/api/me', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);

    const reused = await post('/api/reset-password', { token, password: 'another-pass-1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('Invalid or expired reset token');
    expect((await get(`/api/verify-reset-token?token=${encodeURIComponent(token)}`)).statusCode).toBe(400);
  });

  it('refuses an expired token, a superseded token, a missing token and a short password', async () => {
    const user = await createUser(t.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await post('/api/reset-password', { token: first, password: 'brand-new-pass' })).json().error).toBe(
      'Invalid or expired reset token',
    );

    const short = await post('/api/reset-password', { token: second, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 8 characters');

    const missing = await post('/api/reset-password', { password: 'brand-new-pass' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Invalid reset token');

    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    const expired = await post('/api/reset-password', { token: second, password: 'brand-new-pass' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('Invalid or expired reset token');
    const missingCheck = await get('/api/verify-reset-token');
    expect(missingCheck.statusCode).toBe(400);
  });

  it('refuses a malformed address and limits requests per address', async () => {
    expect((await post('/api/forgot-password', { email: 'nope' })).json().error).toBe('Invalid email address');
    const email = uniqueEmail('limited');
    expect((await post('/api/forgot-password', { email })).statusCode).toBe(200);
    expect((await post('/api/forgot-password', { email })).statusCode).toBe(200);
    const refused = await post('/api/forgot-password', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Please try again in/);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request whose Origin or Referer names another site', async () => {
    const user = await createUser(t.db);
    const body = { email: user.email, password: DEFAULT_PASSWORD };
    const evil = await post('/api/auth/login', body, { headers: { origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    const evilReferer = await post('/api/auth/login', body, { headers: { referer: 'https://evil.example/page' } });
    expect(evilReferer.statusCode).toBe(403);
    const same = await post('/api/auth/login', body, { headers: { origin: 'http://app.test' } });
    expect(same.statusCode).toBe(200);
    const sameHost = await post('/api/auth/login', body, { headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameHost.statusCode).toBe(200);
  });
});

describe('resending the verification e-mail', () => {
  it('mails a working link to a signed-in unverified user, within a limit, and refuses others', async () => {
    expect((await post('/api/auth/resend-verification', {})).statusCode).toBe(401);
    const user = await createUser(t.db, { isVerified: false });
    const cookie = await loginAs(t.app, user);
    const sent = await post('/api/auth/resend-verification', {}, { cookie });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.smtp.waitFor(user.email);
    const token = new URL(linkFrom(mail, 'http://app.test/verify-email')).searchParams.get('token')!;
    // This file allows two per account (RATE_LIMIT_RESEND_VERIFICATION_PER_ACCOUNT=2).
    expect((await post('/api/auth/resend-verification', {}, { cookie })).statusCode).toBe(200);
    const limited = await post('/api/auth/resend-verification', {}, { cookie });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many verification e-mails/);

    expect((await get(`/api/verify-email?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const verified = await createUser(t.db, { isVerified: true });
    const again = await post('/api/auth/resend-verification', {}, { cookie: await loginAs(t.app, verified) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('Your email address is already verified');
  });
});

describe('housekeeping', () => {
  it('deletes expired sessions and spent tokens, and keeps live ones', async () => {
    const user = await createUser(t.db);
    const stale = await loginAs(t.app, user);
    // The session just made ends a minute ago; the one made next stays.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    const live = await loginAs(t.app, user);
    await t.app.services.auth.queuePasswordReset(t.db, user);
    await t.db.insert(authTokens).values([
      {
        tokenHash: `spent-${user.id}`,
        userId: user.id,
        purpose: 'reset_password',
        expiresAt: new Date(Date.now() + 3_600_000),
        usedAt: new Date(Date.now() - 2 * 86_400_000),
      },
      {
        tokenHash: `expired-${user.id}`,
        userId: user.id,
        purpose: 'verify_email',
        expiresAt: new Date(Date.now() - 2 * 86_400_000),
      },
    ]);
    const result = await t.app.services.auth.pruneExpired();
    expect(result).toMatch(/^\d+ expired sessions and \d+ spent tokens deleted$/);
    const sessionsLeft = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsLeft).toHaveLength(1);
    expect((await get('/api/me', { cookie: live })).statusCode).toBe(200);
    expect((await get('/api/me', { cookie: stale })).statusCode).toBe(401);
    const tokensLeft = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    // The live reset link stays; the spent and the long-expired ones are gone.
    expect(tokensLeft.map((row) => row.purpose)).toEqual(['reset_password']);
    expect(tokensLeft[0].usedAt).toBeNull();
  });
});
