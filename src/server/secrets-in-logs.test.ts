/**
 * No secret reaches a log line: every flow that carries one — sign-up and
 * verification, password reset, login, claim links by mail and by text, a test-card payment — runs
 * against the real app logging at `trace`, and the captured log must contain none of the tokens,
 * claim ids, passwords, card numbers or client secrets involved, while still showing the requests.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims } from '@/server/db/schema';
import { createCompany, createUser, loginAs, uniqueEmail } from '@/server/test/factories';
import { apiCaller, freshIp, startTestApp, type TestApp } from '@/server/test/harness';
import { linkFrom } from '@/server/test/smtp-sink';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  // No SMS_URL: texts go to the dev outbox and the log, as on a first start.
  t = await startTestApp({ LOG_LEVEL: 'trace', SMS_URL: '' }, { logStream: capture });
  call = apiCaller(t.app);
});
afterAll(() => t.close());

const DESCRIPTION = 'A burst pipe under the kitchen sink flooded the cabinet; it needs a new trap and a shut-off valve. '.repeat(
  2,
);

describe('the log', () => {
  it('shows requests but no token, claim id, password, card number or client secret', async () => {
    const secrets: string[] = [];

    // Sign-up, then the verification link, through the API and as a page load.
    const email = uniqueEmail('logs');
    const firstPassword = 'first-secret-pass-81';
    secrets.push(firstPassword);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: freshIp(),
      payload: {
        firstName: 'Lou',
        lastName: 'Gray',
        email,
        password: firstPassword,
        confirmPassword: firstPassword,
        terms: true,
      },
    });
    expect(signup.statusCode).toBe(201);
    const [verification] = await t.smtp.waitFor(email);
    const verifyToken = new URL(linkFrom(verification, 'http://app.test/verify-email')).searchParams.get('token')!;
    secrets.push(verifyToken, encodeURIComponent(verifyToken));
    await call('GET', `/verify-email?token=${encodeURIComponent(verifyToken)}`);
    expect((await call('GET', `/api/verify-email?token=${encodeURIComponent(verifyToken)}`)).statusCode).toBe(200);

    // Password reset: the link, its check, the new password.
    expect((await call('POST', '/api/forgot-password', undefined, { email })).statusCode).toBe(200);
    const [, reset] = await t.smtp.waitFor(email, 2);
    const resetToken = new URL(linkFrom(reset, 'http://app.test/reset-password')).searchParams.get('token')!;
    const newPassword = 'second-secret-pass-82';
    secrets.push(resetToken, encodeURIComponent(resetToken), newPassword);
    await call('GET', `/reset-password?token=${encodeURIComponent(resetToken)}`);
    expect((await call('GET', `/api/verify-reset-token?token=${encodeURIComponent(resetToken)}`)).statusCode).toBe(200);
    expect((await call('POST', '/api/reset-password', undefined, { token: resetToken, password: newPassword })).statusCode).toBe(
      200,
    );

    // Logins, right and wrong.
    const wrongPassword = 'wrong-secret-pass-83';
    secrets.push(wrongPassword);
    expect((await call('POST', '/api/auth/login', undefined, { email, password: wrongPassword })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', undefined, { email, password: newPassword })).statusCode).toBe(200);

    // A quote to two unclaimed listings: a claim link by mail and one by text (the dev outbox logs texts).
    const customer = await createUser(t.db);
    const customerCookie = await loginAs(t.app, customer);
    const byMail = await createCompany(t.db, { ownerId: null });
    const byText = await createCompany(t.db, { ownerId: null, categorySlug: 'plumbing-services', isMobilePhone: true });
    const draft = (
      await call('POST', '/api/quotes', customerCookie, {
        quoteName: 'Burst pipe',
        description: '',
        companyIds: [byMail.id, byText.id],
      })
    ).json();
    expect(
      (
        await call('POST', `/api/quotes/${draft.id}/submit`, customerCookie, {
          quoteName: 'Burst pipe',
          description: DESCRIPTION,
        })
      ).statusCode,
    ).toBe(200);
    await t.app.services.outbox.idle();
    const claimRows = await t.db.select().from(claims).where(eq(claims.quoteId, draft.id));
    expect(claimRows).toHaveLength(2);
    const vendor = await createUser(t.db);
    const vendorCookie = await loginAs(t.app, vendor);
    for (const claim of claimRows) {
      secrets.push(claim.id);
      await call('GET', `/quotes?cid=${claim.id}`);
      expect((await call('GET', `/api/claims/${claim.id}`)).statusCode).toBe(200);
    }
    expect((await call('POST', `/api/claims/${claimRows[0].id}/redeem`, vendorCookie)).statusCode).toBe(200);

    // A test-card payment: the card number goes in a body, the client secret comes back in one.
    const intent = (await call('POST', '/api/coins/create-payment-intent', vendorCookie, { packageType: 'small' })).json();
    secrets.push(intent.clientSecret);
    const card = '4242424242424242';
    secrets.push(card);
    await call('POST', '/api/coins/test-provider/pay', vendorCookie, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: card,
    });

    const log = lines.join('');
    // The requests were logged (so the check below could fail)…
    expect(log).toContain('/api/claims/[redacted]/redeem');
    expect(log).toContain('/api/verify-email?token=[redacted]');
    expect(log).toContain('/quotes?cid=[redacted]');
    expect(log).toContain('text to ');
    // …and none of the secrets.
    for (const secret of secrets) expect(log.includes(secret), `a secret reached the log: ${secret.slice(0, 4)}…`).toBe(false);
  });
});
