/**
 * Several app nodes behave as one product (README.md, "Deploying several nodes"):
 * two real app processes on one PostgreSQL database, mail through a real SMTP server.
 * - A session made on one node is valid on the other, and a message posted through one reaches a
 *   socket held by the other (NOTIFY).
 * - Traffic spread over both nodes, as a load balancer spreads it, while node A is killed with
 *   SIGKILL: every acknowledged write is stored, every notice it caused is mailed (the surviving
 *   node's outbox worker takes over rows the dead one had locked), and sockets on the survivor
 *   hear about writes made through the dead node.
 * Only on PostgreSQL: the embedded database is a single node.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitsOffEnv } from '@/server/lib/rate-limits';
import { openPostgres, type DatabaseHandle } from '@/server/db/client';
import { messageIdDomain, outboxMessageId } from '@/server/modules/notifications/outbox.service';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { openSocket } from '@/server/test/harness';
import { startServer, type Running } from '@/server/test/server-process';
import { SmtpSink } from '@/server/test/smtp-sink';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from '@/server/test/test-database';

const onPostgres = testDatabaseKind() === 'postgres';
const MAIL_FROM = 'LocalPros <no-reply@nodes.example>';
const DESCRIPTION =
  'The water heater in the garage leaks at the base and the pilot light keeps going out; please quote a repair or replacement.';

async function logIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * What a load balancer does: requests go to the nodes in turn; a node that refuses connections is
 * taken out and the request goes to the next one (it never reached the dead node, so this is
 * safe even for a POST). A request cut off mid-way is not retried: its client sees an error and
 * it counts as not acknowledged. Answers the status (0 when cut off) and which node answered.
 */
function loadBalancer(nodes: Running[]) {
  const alive = new Set(nodes.map((node) => node.base));
  let turn = 0;
  return async function send(
    method: string,
    url: string,
    cookie: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown>; node: string }> {
    for (;;) {
      const bases = [...alive];
      if (bases.length === 0) throw new Error('no node left');
      const base = bases[turn++ % bases.length];
      try {
        const response = await fetch(base + url, {
          method,
          headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, node: base };
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === 'ECONNREFUSED') {
          alive.delete(base);
          continue;
        }
        return { status: 0, json: {}, node: base };
      }
    }
  };
}

describe.skipIf(!onPostgres)('two app nodes on one PostgreSQL', () => {
  let database: string;
  let handle: DatabaseHandle;
  const smtp = new SmtpSink();
  let nodes: Running[] = [];

  beforeAll(async () => {
    const copy = await createPostgresCopy();
    database = copy.database;
    handle = openPostgres(copy.databaseUrl, 2);
    // Nodes must share SESSION_SECRET (cookies are signed with it), as a deployment sets it.
    const env = {
      // Four customers in tight loops: the per-account write limits stay out of the way.
      ...limitsOffEnv(),
      // Notices the killed node had taken come back 2 × 5 s after it took them.
      OUTBOX_SEND_TIMEOUT_SECONDS: '5',
      DATABASE_URL: copy.databaseUrl,
      SESSION_SECRET: 'two-nodes-share-this-secret-0123456789',
      SMTP_URL: await smtp.start(),
      MAIL_FROM,
    };
    nodes = await Promise.all([
      startServer({ ...env, DATA_DIR: `/tmp/lp-node-a-${process.pid}` }),
      startServer({ ...env, DATA_DIR: `/tmp/lp-node-b-${process.pid}` }),
    ]);
  }, 180_000);
  afterAll(async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.exited));
    await handle?.close();
    await smtp.stop();
    if (database) await dropPostgresCopy(database);
    for (const name of ['a', 'b']) rmSync(`/tmp/lp-node-${name}-${process.pid}`, { recursive: true, force: true });
  }, 60_000);

  it('delivers a message posted on node A to a socket held by node B', async () => {
    const [a, b] = nodes as [Running, Running];
    const customer = await createUser(handle.db);
    const vendor = await createUser(handle.db);
    const company = await createCompany(handle.db, { ownerId: vendor.id });
    const quote = await createQuote(handle.db, { userId: customer.id, companyIds: [company.id] });

    // The session made on A is valid on B: sessions live in the database.
    const vendorCookie = await logIn(a.base, vendor.email, vendor.password);
    const customerCookie = await logIn(b.base, customer.email, customer.password);
    const { socket, frames } = await openSocket(b.base, vendorCookie);

    const posted = await fetch(`${a.base}/api/quotes/${quote.id}/companies/${company.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customerCookie },
      body: JSON.stringify({ message: 'Posted on node A' }),
    });
    expect(posted.status).toBe(201);
    await expect.poll(() => frames.some((f) => f.type === 'unread_count_update'), { timeout: 20_000 }).toBe(true);
    expect(frames.find((f) => f.type === 'new_message')?.data).toMatchObject({ quoteId: quote.id, companyId: company.id });
    expect(frames.find((f) => f.type === 'unread_count_update')?.data).toEqual({ count: 1 });
    socket.close();
  }, 60_000);

  it('loses no acknowledged write and no notification when one node is killed mid-traffic', async () => {
    const [a, b] = nodes as [Running, Running];
    const vendors = await Promise.all([0, 1, 2].map(() => createUser(handle.db, { isVerified: true })));
    const companies = await Promise.all(vendors.map((vendor) => createCompany(handle.db, { ownerId: vendor.id })));
    const customers = await Promise.all([0, 1, 2, 3].map(() => createUser(handle.db, { isVerified: true })));
    const cookies = await Promise.all(customers.map((c, i) => logIn(i % 2 ? a.base : b.base, c.email, c.password)));
    // The first vendor watches from node B, the survivor.
    const watcher = await openSocket(b.base, await logIn(a.base, vendors[0].email, vendors[0].password));
    const send = loadBalancer(nodes);

    const acknowledged = {
      submits: [] as { quoteId: number; companyIds: number[]; node: string }[],
      messages: [] as { id: number; quoteId: number; companyId: number; node: string }[],
    };
    let running = true;
    // Each customer, in a loop: a quote to two of the companies, submitted, then a message to one.
    const customerLoop = async (index: number) => {
      for (let round = 0; running; round += 1) {
        const picked = [companies[(index + round) % 3].id, companies[(index + round + 1) % 3].id];
        const created = await send('POST', '/api/quotes', cookies[index], {
          quoteName: `Water heater ${index}.${round}`,
          description: '',
          companyIds: picked,
        });
        if (created.status !== 201) continue;
        const quoteId = created.json.id as number;
        const submitted = await send('POST', `/api/quotes/${quoteId}/submit`, cookies[index], {
          quoteName: `Water heater ${index}.${round}`,
          description: DESCRIPTION,
        });
        if (submitted.status !== 200) continue;
        acknowledged.submits.push({ quoteId, companyIds: picked, node: submitted.node });
        const posted = await send('POST', `/api/quotes/${quoteId}/companies/${picked[0]}/messages`, cookies[index], {
          message: `Round ${round}: when could you come by?`,
        });
        if (posted.status === 201) {
          const id = (posted.json.message as { id: number }).id;
          acknowledged.messages.push({ id, quoteId, companyId: picked[0], node: posted.node });
        }
      }
    };
    const traffic = Promise.all(customers.map((_, index) => customerLoop(index)));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    a.child.kill('SIGKILL');
    await a.exited;
    const atKill = acknowledged.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    running = false;
    await traffic;

    // The traffic spanned the kill: writes acknowledged by A before it, and by B after it.
    expect(acknowledged.messages.some((m) => m.node === a.base)).toBe(true);
    expect(acknowledged.messages.length).toBeGreaterThan(atKill);

    // Every acknowledged write is stored.
    const ids = acknowledged.messages.map((m) => m.id);
    const { rows: storedMessages } = await handle.pool.query<{ id: number }>(
      'SELECT id FROM messages WHERE id = ANY($1::int[])',
      [ids],
    );
    expect(storedMessages.length).toBe(ids.length);
    const { rows: submittedQuotes } = await handle.pool.query<{ id: number; status: string }>(
      'SELECT id, status FROM quotes WHERE id = ANY($1::int[])',
      [acknowledged.submits.map((s) => s.quoteId)],
    );
    expect(submittedQuotes.every((q) => q.status === 'in_progress')).toBe(true);
    expect(submittedQuotes.length).toBe(acknowledged.submits.length);

    // Every notice is sent: the survivor's worker drains what the dead node queued or had locked.
    const unsent = async () =>
      (await handle.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_outbox WHERE sent_at IS NULL')).rows[0]
        .n;
    await expect.poll(unsent, { timeout: 30_000, message: 'the outbox drains' }).toBe(0);
    const { rows: outbox } = await handle.pool.query<{ id: number; createdAt: Date }>(
      'SELECT id, created_at AS "createdAt" FROM notification_outbox',
    );
    const received = new Set(smtp.received.map((mail) => mail.messageId));
    const domain = messageIdDomain(MAIL_FROM);
    for (const row of outbox) {
      expect(received.has(outboxMessageId(row, domain)), `outbox row ${row.id}`).toBe(true);
    }
    // …which includes a quote request to each company's owner for each acknowledged submit,
    const ownerOf = new Map(companies.map((company, i) => [company.id, vendors[i].email]));
    for (const submit of acknowledged.submits) {
      for (const companyId of submit.companyIds) {
        const mails = smtp.to(ownerOf.get(companyId)!);
        expect(
          mails.some((mail) => mail.text.includes(`quote_id=${submit.quoteId}`)),
          `quote ${submit.quoteId} → company ${companyId}`,
        ).toBe(true);
      }
    }
    // …and a message notice for each conversation with an acknowledged message.
    for (const message of acknowledged.messages) {
      const mails = smtp.to(ownerOf.get(message.companyId)!);
      expect(
        mails.some((mail) => mail.text.includes(`/vendorquotes/${message.quoteId}?company=${message.companyId}`)),
        `message notice for quote ${message.quoteId}`,
      ).toBe(true);
    }
    // A copy (a notice sent again because its node died before recording it) keeps its Message-ID.
    expect(received.size).toBe(outbox.length);

    // The watcher on B heard of every message to its company, through A or B.
    const unheard = () => {
      const heard = new Set(
        watcher.frames.filter((f) => f.type === 'new_message').map((f) => (f.data as { messageId: number }).messageId),
      );
      return forWatcher.filter((m) => !heard.has(m.id)).map((m) => m.id);
    };
    const forWatcher = acknowledged.messages.filter((m) => m.companyId === companies[0].id);
    expect(forWatcher.length).toBeGreaterThan(0);
    await expect.poll(unheard, { timeout: 20_000 }).toEqual([]);
    watcher.socket.close();
    expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
  }, 120_000);
});
