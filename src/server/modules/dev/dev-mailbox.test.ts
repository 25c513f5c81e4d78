import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, uniqueEmail } from '@/server/test/factories';
import { freshIp, startTestApp, type TestApp } from '@/server/test/harness';

describe('the dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '' });
  });
  afterAll(() => t.close());

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
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    const link = page.body.match(/href="(http:\/\/app\.test\/verify-email\?token=[^"]+)"/)?.[1];
    expect(link).toBeTruthy();
    const token = new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token')!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.json()).toMatchObject({ success: true, user: { email, isVerified: true } });
  });
});

describe('the dev mailbox seen from another machine (issue 14, finding 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '' });
  });
  afterAll(() => t.close());

  /** The attack: ask a reset for someone else's address, then read the link from the mailbox. */
  async function requestResetFor(email: string) {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: freshIp(),
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.services.outbox.idle();
  }

  it('answers 404 to a visitor whose address is not this machine, on both paths', async () => {
    const victim = await createUser(t.db);
    await requestResetFor(victim.email);
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('reset-password?token=');
    }
  });

  it('never lets a forwarded header or a foreign host name pass for this machine', async () => {
    const victim = await createUser(t.db);
    await requestResetFor(victim.email);
    const attempts = [
      // A remote client claiming loopback through a header.
      { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost:3000' } },
      // A reverse proxy on this machine forwarding a remote visitor: the peer is loopback, the visitor is not.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7', host: 'localhost:3000' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7', host: 'localhost:3000' } },
      // DNS rebinding: a page on another site whose name now points at 127.0.0.1.
      { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:3000' } },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', ...attempt });
      expect(response.statusCode, JSON.stringify(attempt)).toBe(404);
    }
  });

  it('is readable from this machine by its loopback name, and by a signed-in admin from anywhere', async () => {
    const victim = await createUser(t.db);
    await requestResetFor(victim.email);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const local = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers: { host } });
      expect(local.statusCode, host).toBe(200);
      expect(local.headers['cache-control']).toBe('no-store');
    }
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const cookie = await loginAs(t.app, admin);
    const remoteAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '203.0.113.8',
      headers: { cookie },
    });
    expect(remoteAdmin.statusCode).toBe(200);
    expect(JSON.stringify(remoteAdmin.json())).toContain(victim.email);
    const user = await createUser(t.db, { isVerified: true });
    const remoteUser = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '203.0.113.8',
      headers: { cookie: await loginAs(t.app, user) },
    });
    expect(remoteUser.statusCode).toBe(404);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '', NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('has no dev mailbox, not even for this machine', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
