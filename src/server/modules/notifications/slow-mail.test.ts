/**
 * A mail server that accepts and never answers, or answers after 20 s:
 * notices wait for it, nothing else does. While a send hangs, searches, sign-ups and messages
 * answer as usual (on the embedded database an open transaction holds the whole database, so
 * the send must happen outside any), /api/health stays honest, and the notice is delivered once
 * the server answers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs, uniqueEmail } from '@/server/test/factories';
import { freshIp, startTestApp, type TestApp } from '@/server/test/harness';
import { SmtpSink } from '@/server/test/smtp-sink';
import { StallingMailServer } from '@/server/test/stalling-mail-server';
import { testDatabaseKind } from '@/server/test/test-database';

/** Far above a normal answer here (tens of ms), far below the 30 s a stalled send holds a transaction. */
const UNBLOCKED_MS = 5_000;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

describe('a mail server that accepts and never answers', () => {
  const blackHole = new StallingMailServer();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await blackHole.start() });
  });
  afterAll(async () => {
    await t.close();
    await blackHole.stop();
  });

  const signUp = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: freshIp(),
      payload: {
        firstName: 'Sam',
        lastName: 'Slow',
        email: uniqueEmail('slow'),
        password: 'slow-mail-pass',
        confirmPassword: 'slow-mail-pass',
        terms: true,
      },
    });

  it('holds back only the notices: search, sign-up, messages and health answer as usual', async () => {
    const customer = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: (await createUser(t.db)).id });
    const quote = await createQuote(t.db, { userId: customer.id, companyIds: [company.id] });
    const cookie = await loginAs(t.app, customer);

    // A sign-up queues its verification mail; the outbox starts sending it into the black hole.
    expect((await signUp()).statusCode).toBe(201);
    await expect.poll(() => blackHole.accepted, { timeout: 10_000 }).toBeGreaterThan(0);

    const search = await timed(() => t.app.inject({ method: 'GET', url: '/api/search?q=plumbing' }));
    expect(search.result.statusCode).toBe(200);
    const another = await timed(signUp);
    expect(another.result.statusCode).toBe(201);
    const message = await timed(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/quotes/${quote.id}/companies/${company.id}/messages`,
        headers: { cookie },
        payload: { message: 'Still there?' },
      }),
    );
    expect(message.result.statusCode).toBe(201);
    expect({ search: search.ms < UNBLOCKED_MS, signup: another.ms < UNBLOCKED_MS, message: message.ms < UNBLOCKED_MS }).toEqual({
      search: true,
      signup: true,
      message: true,
    });
    // …while the send is still hanging.
    expect(blackHole.openConnections).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    if (testDatabaseKind() === 'postgres') {
      // No connection sits in a transaction while the mail server keeps the outbox waiting.
      const idle = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      expect(idle.rows[0].n).toBe(0);
    }
  }, 60_000);
});

describe('a mail server that answers only after 20 s', () => {
  const sink = new SmtpSink();
  let slow: StallingMailServer;
  let t: TestApp;
  beforeAll(async () => {
    await sink.start();
    slow = new StallingMailServer({ delayMs: 20_000, forwardTo: sink.port });
    t = await startTestApp({ SMTP_URL: await slow.start() });
  });
  afterAll(async () => {
    await t.close();
    await slow.stop();
    await sink.stop();
  });

  it('keeps the app answering while it waits, then delivers the notice once', async () => {
    const user = await createUser(t.db);
    const asked = Date.now();
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshIp(),
    });
    expect(forgot.statusCode).toBe(200);
    await expect.poll(() => slow.accepted, { timeout: 10_000 }).toBeGreaterThan(0);
    const search = await timed(() => t.app.inject({ method: 'GET', url: '/api/search?q=plumbing' }));
    expect(search.result.statusCode).toBe(200);
    expect(search.ms).toBeLessThan(UNBLOCKED_MS);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(sink.to(user.email)).toHaveLength(0);

    await sink.waitFor(user.email, 1, 40_000);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(19_000);
    await t.app.services.outbox.idle();
    expect(sink.to(user.email)).toHaveLength(1);
  }, 60_000);
});
