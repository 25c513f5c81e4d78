/**
 * Crash safety: a real app process is killed with SIGKILL in the middle of a burst of
 * writes — customer messages, vendor replies (the first one charged in coins), coin purchases —
 * then started again on the same data. Every write that was acknowledged is there, nothing is
 * half-written (a reply charge exists exactly when the reply does), and the balance equals the sum
 * of its ledger. Notices in the middle of being sent to a slow mail server when the process died
 * are sent after the restart (their lease runs out), each once to the receiving side (one
 * Message-ID per notice). On the embedded database (PGlite files in DATA_DIR) and on
 * PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limitsOffEnv } from '@/server/lib/rate-limits';
import { messageIdDomain, outboxMessageId } from '@/server/modules/notifications/outbox.service';
import { multipartBody } from '@/server/test/harness';
import { SmtpSink } from '@/server/test/smtp-sink';
import { startServer, type Running } from '@/server/test/server-process';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from '@/server/test/test-database';

const ADMIN = { email: 'vendor.admin@example.com', password: 'crash-test-password-1' };
const DESCRIPTION =
  'Our basement floods after heavy rain; we need the sump pump checked and probably replaced before the spring storms.';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-crash-'));
let postgresCopy: string | undefined;
let server: Running | undefined;
/** A slow mail server, so that notices are mid-send when the process dies. */
const smtp = new SmtpSink();
const MAIL_FROM = 'LocalPros <no-reply@crash.example>';
afterAll(async () => {
  server?.child.kill('SIGKILL');
  if (server) await server.exited;
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresCopy) await dropPostgresCopy(postgresCopy);
}, 60_000);

async function environment(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    // Three writers in tight loops from two accounts: the per-account write limits stay out of the way.
    ...limitsOffEnv(),
    SMTP_URL: await smtp.start(),
    MAIL_FROM,
    // A notice taken by the dead process is handed back 2 × 3 s after it was taken.
    OUTBOX_SEND_TIMEOUT_SECONDS: '3',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LAUNCH_COINS: '20',
  };
  if (testDatabaseKind() === 'postgres') {
    const copy = await createPostgresCopy();
    postgresCopy = copy.database;
    env.DATABASE_URL = copy.databaseUrl;
  }
  return env;
}

function client(base: string) {
  let cookie = '';
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    form?: { payload: Buffer; headers: Record<string, string> },
  ) => {
    const response = await fetch(base + url, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? form.headers : body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: form ? new Uint8Array(form.payload) : body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => c.startsWith('sid='));
    if (session.length) cookie = [...session, 'lp_session=1'].join('; ');
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> & unknown[] };
  };
  return { call, setBase: (next: string) => (base = next) };
}

describe('a SIGKILL in the middle of a burst of writes', () => {
  it('keeps every acknowledged write and no half-written one', { timeout: 300_000 }, async () => {
    const env = await environment();
    server = await startServer(env);
    const vendor = client(server.base);
    const customer = client(server.base);

    expect((await vendor.call('POST', '/api/auth/login', ADMIN)).status).toBe(200);
    const created = await vendor.call(
      'POST',
      '/api/companies',
      undefined,
      multipartBody({
        name: 'Crash Test Plumbing',
        description: 'Sump pumps, drains and water heaters.',
        category: 'plumbing-services',
        subcategories: JSON.stringify(['plumber']),
        phone: '(512) 555-0142',
        email: 'crash@example.com',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      }),
    );
    expect(created.status, created.text).toBe(201);
    const companyId = (created.json().company as { id: number }).id;
    const signup = await customer.call('POST', '/api/auth/signup', {
      firstName: 'Cory',
      lastName: 'Crash',
      email: 'cory@example.com',
      password: 'cory-password-1',
      confirmPassword: 'cory-password-1',
      terms: true,
    });
    expect(signup.status).toBe(201);
    const quote = (
      await customer.call('POST', '/api/quotes', { quoteName: 'Sump pump', description: '', companyIds: [companyId] })
    ).json() as unknown as { id: number };
    expect(
      (await customer.call('POST', `/api/quotes/${quote.id}/submit`, { quoteName: 'Sump pump', description: DESCRIPTION }))
        .status,
    ).toBe(200);
    const thread = `/api/quotes/${quote.id}/companies/${companyId}/messages`;

    // As the vendor inbox does: the first reply confirms the cost the vendor was shown.
    const { coinCost } = (await vendor.call('GET', thread.replace(/messages$/, 'coin-cost'))).json();

    // The burst: four writers at once; the process dies while they are busy, and while the mail
    // server takes its time over each notice.
    smtp.acceptDelayMs = 400;
    const acknowledged = { messages: [] as number[], purchases: [] as string[] };
    let dead = false;
    const writer = async (work: (i: number) => Promise<void>) => {
      for (let i = 0; !dead; i += 1) await work(i).catch(() => undefined);
    };
    const writers = [
      writer(async (i) => {
        const answer = await customer.call('POST', thread, { message: `customer ${i}` });
        if (answer.status === 201) acknowledged.messages.push((answer.json().message as { id: number }).id);
      }),
      writer(async (i) => {
        const answer = await vendor.call('POST', thread, { message: `vendor ${i}`, coinCost });
        if (answer.status === 201) acknowledged.messages.push((answer.json().message as { id: number }).id);
      }),
      writer(async (i) => {
        // Each sign-up queues a verification mail.
        await client(server!.base).call('POST', '/api/auth/signup', {
          firstName: 'Burst',
          lastName: 'Signup',
          email: `burst.${i}.${Date.now()}@example.com`,
          password: 'burst-password-1',
          confirmPassword: 'burst-password-1',
          terms: true,
        });
      }),
      writer(async () => {
        const intent = (await vendor.call('POST', '/api/coins/create-payment-intent', { packageType: 'small' })).json();
        const paymentIntentId = intent.paymentIntentId as string;
        await vendor.call('POST', '/api/coins/test-provider/pay', { paymentIntentId, cardNumber: '4242424242424242' });
        const confirmed = await vendor.call('POST', '/api/coins/confirm-payment', { paymentIntentId });
        if (confirmed.status === 200) acknowledged.purchases.push(paymentIntentId);
      }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.child.kill('SIGKILL');
    await server.exited;
    dead = true;
    await Promise.all(writers);
    expect(acknowledged.messages.length).toBeGreaterThan(3);

    // Start again on the same data.
    server = await startServer({ ...env, ...(postgresCopy ? { DATABASE_URL: env.DATABASE_URL } : {}) });
    for (const c of [vendor, customer]) c.setBase(server.base);
    expect((await vendor.call('POST', '/api/auth/login', ADMIN)).status).toBe(200);
    expect(
      (await customer.call('POST', '/api/auth/login', { email: 'cory@example.com', password: 'cory-password-1' })).status,
    ).toBe(200);

    const messages = (await customer.call('GET', thread)).json() as unknown as { id: number; senderType: string }[];
    const stored = new Set(messages.map((m) => m.id));
    for (const id of acknowledged.messages) expect(stored.has(id), `acknowledged message ${id}`).toBe(true);

    // The ledger: every page of the vendor's history.
    const entries: { delta: number; reason: string; quoteId: number | null }[] = [];
    let balance = 0;
    for (let page = 1; ; page += 1) {
      const history = (await vendor.call('GET', `/api/coins/history?page=${page}`)).json() as unknown as {
        balance: number;
        entries: typeof entries;
        totalPages: number;
      };
      balance = history.balance;
      entries.push(...history.entries);
      if (page >= history.totalPages) break;
    }
    expect(
      entries.reduce((sum, e) => sum + e.delta, 0),
      'balance equals the sum of the ledger',
    ).toBe(balance);
    const purchases = entries.filter((e) => e.reason === 'purchase');
    expect(purchases.length).toBeGreaterThanOrEqual(acknowledged.purchases.length);
    const charges = entries.filter((e) => e.reason === 'reply_charge' && e.quoteId === quote.id);
    const vendorReplied = messages.some((m) => m.senderType === 'company');
    expect(charges.length, 'one charge exactly when a reply is stored').toBe(vendorReplied ? 1 : 0);

    // Every notice queued before the kill reaches the mail server, each under its own Message-ID.
    smtp.acceptDelayMs = 0;
    const outbox = async () =>
      (await vendor.call('GET', '/api/admin/system')).json() as unknown as { outbox: { queued: number; failed: number } };
    await expect.poll(async () => (await outbox()).outbox.queued, { timeout: 60_000, interval: 500 }).toBe(0);
    expect((await outbox()).outbox.failed).toBe(0);
    const notices = (await vendor.call('GET', '/api/admin/system/notices?status=sent')).json() as unknown as {
      id: number;
      createdAt: string;
    }[];
    expect(notices.length).toBeGreaterThan(3);
    const received = new Set(smtp.received.map((mail) => mail.messageId));
    const domain = messageIdDomain(MAIL_FROM);
    for (const notice of notices) {
      expect(
        received.has(outboxMessageId({ id: notice.id, createdAt: new Date(notice.createdAt) }, domain)),
        `notice ${notice.id}`,
      ).toBe(true);
    }
    expect(received.size, 'one Message-ID per notice').toBe(notices.length);
  });
});
