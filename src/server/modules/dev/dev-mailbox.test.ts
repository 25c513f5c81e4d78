/**
 * The dev mailbox holds every user's verification and reset links. It is read with the mailbox
 * key — generated once into DATA_DIR and printed in the start log, so only someone who can read
 * this machine's log has it — or by a signed-in admin. Neither the peer address nor any header
 * opens it: a proxy on the same host makes every request look local.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, uniqueEmail } from '@/server/test/factories';
import { freshIp, startTestApp, type TestApp } from '@/server/test/harness';
import { loadOrCreateMailboxKey, MAILBOX_COOKIE } from './dev-mailbox.routes';

const keyOf = (t: TestApp) => readFileSync(path.join(t.config.dataDir, 'mailbox-key'), 'utf8').trim();

describe('the dev mailbox', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp({ SMTP_URL: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream });
  });
  afterAll(() => t.close());

  it('prints its link with the key in the start log; the key is random, kept private in DATA_DIR, and kept', () => {
    const key = keyOf(t);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(statSync(path.join(t.config.dataDir, 'mailbox-key')).mode & 0o777).toBe(0o600);
    expect(lines.filter((line) => line.includes(`http://app.test/dev/mailbox?key=${key}`))).toHaveLength(1);
    expect(loadOrCreateMailboxKey(t.config.dataDir)).toBe(key);
  });

  it('shows mail that would have been sent, with its working links, when no SMTP_URL is set', async () => {
    const email = uniqueEmail('mailbox');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: freshIp(),
      payload: { firstName: 'Mia', lastName: 'Cho', email, password: 'mailbox-pass' },
    });
    expect(signup.statusCode).toBe(201);
    await t.app.services.outbox.idle();
    const page = await t.app.inject({ method: 'GET', url: `/dev/mailbox?key=${keyOf(t)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    const link = page.body.match(/href="(http:\/\/app\.test\/verify-email\?token=[^"]+)"/)?.[1];
    expect(link).toBeTruthy();
    const token = new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token')!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.json()).toMatchObject({ success: true, user: { email, isVerified: true } });
  });
});

describe('who may read the dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '' });
    // Something to steal: someone else's reset link.
    const victim = await createUser(t.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: freshIp(),
      payload: { email: victim.email },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.services.outbox.idle();
  });
  afterAll(() => t.close());

  const PATHS = ['/dev/mailbox', '/api/dev/mailbox'];

  it('answers 404 without the key from the loopback, as a same-host proxy forwards every visitor', async () => {
    const attempts = [
      // `proxy_pass http://127.0.0.1:3000;` and nothing else: loopback peer, Host 127.0.0.1:3000.
      { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } },
      { remoteAddress: '::1', headers: { host: '[::1]:3000' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '203.0.113.7', headers: { host: 'localhost:3000', 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:3000' } },
    ];
    for (const url of PATHS) {
      for (const attempt of attempts) {
        const answer = await t.app.inject({ method: 'GET', url, ...attempt });
        expect(answer.statusCode, `${url} ${JSON.stringify(attempt)}`).toBe(404);
        expect(answer.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('answers 404 to a wrong key, in the query or in the cookie', async () => {
    const key = keyOf(t);
    const wrong = [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, key.slice(0, -1), `${key}x`, '', 'null'];
    for (const url of PATHS) {
      for (const guess of wrong) {
        const byQuery = await t.app.inject({ method: 'GET', url: `${url}?key=${encodeURIComponent(guess)}` });
        expect(byQuery.statusCode, `${url}?key=${guess}`).toBe(404);
        expect(byQuery.headers['set-cookie']).toBeUndefined();
        const byCookie = await t.app.inject({ method: 'GET', url, headers: { cookie: `${MAILBOX_COOKIE}=${guess}` } });
        expect(byCookie.statusCode, `${url} cookie ${guess}`).toBe(404);
      }
    }
  });

  it('opens with the key from anywhere and sets a strict, HttpOnly cookie that opens it again on reload', async () => {
    const key = keyOf(t);
    const page = await t.app.inject({ method: 'GET', url: `/dev/mailbox?key=${key}`, remoteAddress: '203.0.113.7' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('reset-password?token=');
    expect(page.headers['cache-control']).toBe('no-store');
    const cookies = page.cookies.filter((cookie) => cookie.name === MAILBOX_COOKIE);
    expect(cookies.map((cookie) => cookie.path).sort()).toEqual(['/api/dev/mailbox', '/dev/mailbox']);
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ value: key, httpOnly: true, sameSite: 'Strict' });
      // The app runs on http://app.test here; on an https APP_URL the cookie is Secure too.
      expect(cookie.secure).toBeFalsy();
    }
    for (const url of PATHS) {
      const reload = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.7',
        headers: { cookie: `${MAILBOX_COOKIE}=${key}` },
      });
      expect(reload.statusCode, url).toBe(200);
      expect(reload.body).toContain('reset-password?token=');
    }
    const api = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?key=${key}` });
    expect(api.statusCode).toBe(200);
    expect(JSON.stringify(api.json())).toContain('reset-password?token=');
  });

  it('opens for a signed-in admin from anywhere, never for another user', async () => {
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const adminCookie = await loginAs(t.app, admin);
    const user = await createUser(t.db, { isVerified: true });
    const userCookie = await loginAs(t.app, user);
    for (const url of PATHS) {
      const asAdmin = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.8', headers: { cookie: adminCookie } });
      expect(asAdmin.statusCode, url).toBe(200);
      expect(asAdmin.body).toContain('reset-password?token=');
      const asUser = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { cookie: userCookie } });
      expect(asUser.statusCode, url).toBe(404);
    }
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '', NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('has no dev mailbox whatever the request carries, and makes no key', async () => {
    expect(existsSync(path.join(t.config.dataDir, 'mailbox-key'))).toBe(false);
    const key = loadOrCreateMailboxKey(t.config.dataDir);
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const adminCookie = await loginAs(t.app, admin);
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      for (const attempt of [
        { url, remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } },
        { url: `${url}?key=${key}` },
        { url, headers: { cookie: `${MAILBOX_COOKIE}=${key}` } },
        { url, headers: { cookie: adminCookie } },
      ]) {
        expect((await t.app.inject({ method: 'GET', ...attempt })).statusCode, JSON.stringify(attempt)).toBe(404);
      }
    }
  });
});
