/**
 * TRUST_PROXY: behind a proxy, the address every per-address limit keys on
 * is the one the trusted proxy saw. A client cannot choose it, whatever X-Forwarded-For it sends.
 * The e-mail check's limit (3 per address here) shows which address a request was counted as.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';

const check = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/check-email/${uniqueEmail()}`,
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

/** Four checks from one client, each with a different forged first entry: the fourth must be refused. */
async function expectForgedEntriesIgnored(t: TestApp, proxy: string, client: string) {
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await check(t, proxy, `6.6.6.${i}, ${client}`)).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
}

describe.each([
  ['a hop count', '1'],
  ['true, read as one hop', 'true'],
])('TRUST_PROXY as %s', (_label, value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: value, RATE_LIMIT_CHECK_EMAIL_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('keys limits on the address the proxy appended, not on entries the client wrote', async () => {
    await expectForgedEntriesIgnored(t, '10.0.0.2', '198.51.100.7');
    // Another client behind the same proxy has its own allowance.
    expect((await check(t, '10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '10.0.0.0/24, 127.0.0.1', RATE_LIMIT_CHECK_EMAIL_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('reads X-Forwarded-For only from those proxies, up to the first address that is not one', async () => {
    await expectForgedEntriesIgnored(t, '10.0.0.5', '198.51.100.9');
    // A chain of two trusted proxies: the client is the first untrusted address from the right.
    const chained = [];
    for (let i = 0; i < 4; i++) chained.push((await check(t, '127.0.0.1', `6.6.6.${i}, 198.51.100.10, 10.0.0.7`)).statusCode);
    expect(chained).toEqual([200, 200, 200, 429]);
  });

  it('ignores X-Forwarded-For from a client that reached the app directly', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await check(t, '203.0.113.50', `198.51.100.${i + 20}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_CHECK_EMAIL_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('keys on the connection’s own address whatever the headers say', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await check(t, '203.0.113.60', `198.51.100.${i + 40}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
