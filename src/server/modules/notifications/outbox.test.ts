/** Mail leaves promptly; during an SMTP outage it waits in the outbox and is sent once later. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '@/server/db/schema';
import { createUser, loginAs } from '@/server/test/factories';
import { freshIp, startTestApp, type TestApp } from '@/server/test/harness';
import { backoffSeconds, messageIdDomain, outboxMessageId } from './outbox.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_RETENTION_DAYS: '7' });
});
afterAll(() => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: freshIp() });

describe('notification outbox', () => {
  it('hands a mail to SMTP within 2 seconds of the event', async () => {
    const user = await createUser(t.db);
    const started = Date.now();
    await forgot(user.email);
    await t.smtp.waitFor(user.email, 1, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps a mail through an outage, with backoff, and delivers it exactly once afterwards', async () => {
    const user = await createUser(t.db);
    t.smtp.failing = true;
    expect((await forgot(user.email)).statusCode).toBe(200);
    await t.app.services.outbox.idle();
    const [failed] = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.recipient, user.email));
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(t.smtp.to(user.email)).toHaveLength(0);

    t.smtp.failing = false;
    // Time passes: the retry falls due.
    await t.db
      .update(notificationOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(notificationOutbox.id, failed.id));
    t.app.services.outbox.poke();
    await t.smtp.waitFor(user.email, 1);
    t.app.services.outbox.poke();
    await t.app.services.outbox.idle();
    expect(t.smtp.to(user.email)).toHaveLength(1);
    const [sent] = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, failed.id));
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(2);
    // The notice keeps one Message-ID, so a copy sent again after a crash can be recognised.
    expect(t.smtp.to(user.email)[0].messageId).toBe(outboxMessageId(sent, 'localpros.example'));
  });

  it('removes the links from a sent notice at once, and deletes it after the retention period', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const [mail] = await t.smtp.waitFor(user.email);
    expect(mail.text).toContain('/reset-password?token=');
    await t.app.services.outbox.idle();
    const [row] = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.recipient, user.email));
    expect(row.sentAt).not.toBeNull();
    expect(row.bodyText).not.toMatch(/https?:\/\//);
    expect(row.bodyText).toContain('[link removed once sent]');
    expect(row.bodyHtml).toBeNull();

    // Eight days on, the retention job (7 days here) deletes it; a notice still queued stays.
    await t.db
      .update(notificationOutbox)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(notificationOutbox.id, row.id));
    const pruned = await t.app.services.outbox.pruneSent();
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, row.id))).toEqual([]);
  });

  it('gives a notice that always fails up after its attempts, shows it to admins, and sends it when retried', async () => {
    const user = await createUser(t.db);
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const adminCookie = await loginAs(t.app, admin);
    const system = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie: adminCookie } })).json();
    t.smtp.failing = true;
    try {
      await forgot(user.email);
      const rowOf = async () =>
        (await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.recipient, user.email)))[0];
      // The first attempt is due at once: the worker may make it on its own before the poke, so
      // it is awaited as it comes; each later one waits for its backoff, which the test skips.
      t.app.services.outbox.poke();
      await expect.poll(async () => (await rowOf()).attempts).toBe(1);
      await t.app.services.outbox.idle();
      for (let attempt = 2; attempt <= 3; attempt++) {
        await t.db
          .update(notificationOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(notificationOutbox.recipient, user.email));
        t.app.services.outbox.poke();
        await expect.poll(async () => (await rowOf()).attempts).toBe(attempt);
        await t.app.services.outbox.idle();
      }
      const failed = await rowOf();
      expect(failed.failedAt).not.toBeNull();
      expect(failed.lastError).toBeTruthy();
      // Given up: due or not, it is not tried again.
      await t.db
        .update(notificationOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(notificationOutbox.id, failed.id));
      t.app.services.outbox.poke();
      await t.app.services.outbox.idle();
      expect((await rowOf()).attempts).toBe(3);
      expect((await system()).outbox).toMatchObject({ failed: 1 });
      const listed = (
        await t.app.inject({ method: 'GET', url: '/api/admin/system/notices?status=failed', headers: { cookie: adminCookie } })
      ).json();
      expect(listed).toEqual([
        expect.objectContaining({ id: failed.id, recipient: user.email, attempts: 3, kind: 'reset_password' }),
      ]);
      expect(JSON.stringify(listed)).not.toContain('token=');
    } finally {
      t.smtp.failing = false;
    }
    // The mail server is back; the admin tries it again.
    const [failed] = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.recipient, user.email));
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/system/notices/${failed.id}/retry`,
      headers: { cookie: adminCookie },
    });
    expect(retried.statusCode).toBe(200);
    await t.smtp.waitFor(user.email, 1);
    await expect.poll(async () => (await system()).outbox.failed).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/system/notices/${failed.id}/retry`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it('takes the Message-ID domain from the sender address', () => {
    expect(messageIdDomain('LocalPros <no-reply@localpros.example>')).toBe('localpros.example');
    expect(messageIdDomain('mail@example.org')).toBe('example.org');
    expect(messageIdDomain('nobody')).toBe('localhost');
  });

  it('hands a burst to the mail server over several connections at once, each notice once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    t.smtp.acceptDelayMs = 150;
    t.smtp.maxInFlight = 0;
    try {
      const answers = await Promise.all(users.map((user) => forgot(user.email)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(users.map(() => 200));
      for (const user of users) await t.smtp.waitFor(user.email, 1);
    } finally {
      t.smtp.acceptDelayMs = 0;
    }
    // One at a time, a slow mail server would hold every later notice back behind each earlier one.
    expect(t.smtp.maxInFlight).toBeGreaterThan(1);
    for (const user of users) expect(t.smtp.to(user.email)).toHaveLength(1);
  });

  it('backs off exponentially up to half an hour', () => {
    expect([0, 1, 2, 3].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(20)).toBe(1800);
  });
});
