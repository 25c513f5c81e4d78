/**
 * Several app nodes behave as one product (ARCHITECTURE.md "Growing past one machine"): two real
 * app processes on one PostgreSQL database — a message posted through one reaches a socket held by
 * the other, through NOTIFY. Only on PostgreSQL: the embedded database is a single node.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgres, type DatabaseHandle } from '@/server/db/client';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { startServer, type Running } from '@/server/test/server-process';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from '@/server/test/test-database';

const onPostgres = testDatabaseKind() === 'postgres';

describe.skipIf(!onPostgres)('two app nodes on one PostgreSQL', () => {
  let database: string;
  let handle: DatabaseHandle;
  let nodes: Running[] = [];

  beforeAll(async () => {
    const copy = await createPostgresCopy();
    database = copy.database;
    handle = openPostgres(copy.databaseUrl, 2);
    // Nodes must share SESSION_SECRET (cookies are signed with it), as a deployment sets it.
    const env = { DATABASE_URL: copy.databaseUrl, LOG_LEVEL: 'warn', SESSION_SECRET: 'two-nodes-share-this-secret-0123456789' };
    nodes = await Promise.all([
      startServer({ ...env, DATA_DIR: `/tmp/lp-node-a-${process.pid}` }),
      startServer({ ...env, DATA_DIR: `/tmp/lp-node-b-${process.pid}` }),
    ]);
  }, 180_000);
  afterAll(async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.exited));
    await handle?.close();
    if (database) await dropPostgresCopy(database);
    for (const name of ['a', 'b']) rmSync(`/tmp/lp-node-${name}-${process.pid}`, { recursive: true, force: true });
  }, 60_000);

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

  it('delivers a message posted on node A to a socket held by node B', async () => {
    const [a, b] = nodes as [Running, Running];
    const customer = await createUser(handle.db);
    const vendor = await createUser(handle.db);
    const company = await createCompany(handle.db, { ownerId: vendor.id });
    const quote = await createQuote(handle.db, { userId: customer.id, companyIds: [company.id] });

    // The session made on A is valid on B: sessions live in the database.
    const vendorCookie = await logIn(a.base, vendor.email, vendor.password);
    const customerCookie = await logIn(b.base, customer.email, customer.password);
    const frames: { type: string; data: unknown }[] = [];
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/ws`, { headers: { cookie: vendorCookie, origin: b.base } });
    socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });

    const posted = await fetch(`${a.base}/api/quotes/${quote.id}/companies/${company.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customerCookie },
      body: JSON.stringify({ message: 'Posted on node A' }),
    });
    expect(posted.status).toBe(201);
    for (let i = 0; i < 100 && !frames.some((f) => f.type === 'new_message'); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(frames.find((f) => f.type === 'new_message')?.data).toMatchObject({ quoteId: quote.id, companyId: company.id });
    expect(frames.find((f) => f.type === 'unread_count_update')?.data).toEqual({ count: 1 });
    socket.close();
  }, 60_000);
});
