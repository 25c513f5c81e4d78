import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '@/server/test/factories';
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

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '', NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('has no dev mailbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
