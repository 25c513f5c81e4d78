/**
 * GET /metrics: a Prometheus scrape shows requests by route and status, event-loop
 * lag, the database pool and query times, the outbox, jobs, sockets and coins — and answers only a
 * scraper sending the bearer token METRICS_TOKEN. Neither the peer address nor any header makes a
 * request "this machine": a proxy on the same host forwards the public's requests from the
 * loopback. A missing or wrong token is answered 404, as without METRICS_TOKEN.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COIN_PACKAGES } from '@/server/config';
import { notificationOutbox } from '@/server/db/schema';
import { createUser, loginAs } from '@/server/test/factories';
import { apiCaller, openSocket, startTestApp, type TestApp } from '@/server/test/harness';

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN }, { listen: true });
});
afterAll(() => t.close());

/** A scrape with the token, from the loopback (as Prometheus on this machine sends it). */
const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '127.0.0.1:3000', ...headers }, remoteAddress });

/** The value of one sample, e.g. `metric('localpros_open_websockets')` or with its labels. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /metrics', () => {
  it('answers a scrape with the token in the Prometheus text format', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(sample(response.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts requests by route pattern, method and status, unmatched paths under one label', async () => {
    const call = apiCaller(t.app);
    for (let i = 0; i < 3; i++) expect((await call('GET', '/api/categories')).statusCode).toBe(200);
    expect((await call('GET', '/api/companies/999999999')).statusCode).toBe(404);
    for (const path of ['/api/nope-1', '/api/nope-2']) expect((await call('GET', path)).statusCode).toBe(404);
    const body = (await scrape()).body;
    expect(sample(body, 'http_request_duration_seconds_count', '{method="GET",route="/api/categories",status_code="200"}')).toBe(
      3,
    );
    expect(
      sample(body, 'http_request_duration_seconds_count', '{method="GET",route="/api/companies/:id",status_code="404"}'),
    ).toBe(1);
    expect(sample(body, 'http_request_duration_seconds_count', '{method="GET",route="unmatched",status_code="404"}')).toBe(2);
    expect(body).not.toContain('nope-1');
  });

  it('shows the pool and the time of database statements', async () => {
    const body = (await scrape()).body;
    expect(sample(body, 'localpros_db_pool_connections', '{state="open"}')).toBeGreaterThan(0);
    expect(sample(body, 'localpros_db_pool_connections', '{state="waiting"}')).toBe(0);
    expect(sample(body, 'localpros_db_query_duration_seconds_count', '{outcome="ok"}')).toBeGreaterThan(0);
    const failedBefore = sample(body, 'localpros_db_query_duration_seconds_count', '{outcome="error"}') ?? 0;
    await expect(t.db.execute(sql`SELECT * FROM no_such_table`)).rejects.toThrow();
    const after = (await scrape()).body;
    expect(sample(after, 'localpros_db_query_duration_seconds_count', '{outcome="error"}')).toBe(failedBefore + 1);
  });

  it('shows the outbox depth and the age of its oldest notice', async () => {
    await t.db.insert(notificationOutbox).values({
      channel: 'email',
      recipient: 'waiting@example.com',
      subject: 'Waiting',
      bodyText: 'Not due yet',
      kind: 'test',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - 120_000),
    });
    const body = (await scrape()).body;
    expect(sample(body, 'localpros_outbox_notices', '{state="queued"}')).toBe(1);
    expect(sample(body, 'localpros_outbox_oldest_queued_seconds')).toBeGreaterThanOrEqual(119);
  });

  it("shows each job's last success once it has run", async () => {
    const before = (await scrape()).body;
    expect(sample(before, 'localpros_job_last_success_age_seconds', '{job="coins.refund-unread-replies"}')).toBeUndefined();
    const names = (await t.app.services.jobs.list()).map((job) => job.name);
    expect(names).toContain('coins.refund-unread-replies');
    await t.app.services.jobs.runNow('coins.refund-unread-replies');
    await expect
      .poll(
        async () =>
          sample((await scrape()).body, 'localpros_job_last_success_age_seconds', '{job="coins.refund-unread-replies"}'),
        {
          timeout: 20_000,
        },
      )
      .toBeLessThan(60);
    expect(sample((await scrape()).body, 'localpros_job_last_run_failed', '{job="coins.refund-unread-replies"}')).toBe(0);
  });

  it('counts open sockets', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const { socket } = await openSocket(t.baseUrl, cookie);
    expect(sample((await scrape()).body, 'localpros_open_websockets')).toBe(1);
    expect(sample((await scrape()).body, 'localpros_open_http_connections')).toBeGreaterThanOrEqual(1);
    socket.close();
    await expect.poll(async () => sample((await scrape()).body, 'localpros_open_websockets')).toBe(0);
  });

  it('answers 404 without the token, even from the loopback with no forwarding header (a same-host proxy)', async () => {
    // What `proxy_pass http://127.0.0.1:3000;` with no proxy_set_header line forwards: a loopback
    // peer, Host 127.0.0.1:3000, no X-Forwarded-For. It must not pass for this machine.
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']) {
      const local = await scrape({ host }, '127.0.0.1');
      expect(local.statusCode, host).toBe(404);
      expect(local.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
      expect(local.headers['www-authenticate']).toBeUndefined();
    }
    expect((await scrape({}, '::1')).statusCode).toBe(404);
    expect((await scrape({}, '203.0.113.9')).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(404);
  });

  it('answers 404 to a wrong token, like no token at all', async () => {
    for (const authorization of [
      'Bearer wrong-token-0123456789',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const answer = await scrape({ authorization });
      expect(answer.statusCode, authorization).toBe(404);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the token from anywhere, through a proxy too', async () => {
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(200);
    expect((await scrape({ authorization: `bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(200);
    expect((await scrape({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(200);
  });
});

describe('GET /metrics without a token configured', () => {
  let plain: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    plain = await startTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream });
  });
  afterAll(() => plain.close());

  it('answers 404 to everyone, this machine included, and the start log says how to open it', async () => {
    const attempts = [
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } },
      { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } },
      { remoteAddress: '203.0.113.9', headers: {} },
      { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000', authorization: 'Bearer anything-at-all-0123' } },
    ];
    for (const attempt of attempts) {
      const answer = await plain.app.inject({ method: 'GET', url: '/metrics', ...attempt });
      expect(answer.statusCode, JSON.stringify(attempt)).toBe(404);
      expect(answer.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    }
    expect(lines.filter((line) => line.includes('metrics off: set METRICS_TOKEN to scrape /metrics'))).toHaveLength(1);
  });
});

describe('coins in the metrics', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => shop.close());

  it('are the coins moved by reason: sold by purchase', async () => {
    const user = await createUser(shop.db);
    const cookie = await loginAs(shop.app, user);
    const call = apiCaller(shop.app);
    const { paymentIntentId } = (await call('POST', '/api/coins/create-payment-intent', cookie, { packageType: 'small' })).json();
    const paid = await call('POST', '/api/coins/test-provider/pay', cookie, { paymentIntentId, cardNumber: '4242424242424242' });
    expect(paid.statusCode).toBe(200);
    expect((await call('POST', '/api/coins/confirm-payment', cookie, { paymentIntentId })).statusCode).toBe(200);
    // The first read of the totals in this app (they are read again at most once a minute).
    const body = (await shop.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(sample(body, 'localpros_coins', '{reason="purchase"}')).toBe(DEFAULT_COIN_PACKAGES.small.coins);
  });
});
