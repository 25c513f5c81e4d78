/** Mail leaves promptly; during an SMTP outage it waits in the outbox and is sent once later. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '@/server/db/schema';
import { createUser } from '@/server/test/factories';
import { freshIp, startTestApp, type TestApp } from '@/server/test/harness';
import { backoffSeconds, messageIdDomain, outboxMessageId } from './outbox.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
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
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(t.smtp.to(user.email)).toHaveLength(0);

    t.smtp.failing = false;
    // Time passes: the retry falls due.
    await t.db
      .update(notificationOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(notificationOutbox.id, failed!.id));
    t.app.services.outbox.poke();
    await t.smtp.waitFor(user.email, 1);
    t.app.services.outbox.poke();
    await t.app.services.outbox.idle();
    expect(t.smtp.to(user.email)).toHaveLength(1);
    const [sent] = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, failed!.id));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.attempts).toBe(2);
    // The notice keeps one Message-ID, so a copy sent again after a crash can be recognised.
    expect(t.smtp.to(user.email)[0]!.messageId).toBe(outboxMessageId(sent!, 'localpros.example'));
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
