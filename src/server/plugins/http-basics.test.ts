import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, loginAs } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { linkFrom } from '@/server/test/smtp-sink';
import { frameText } from '@/server/lib/ws-frame';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('answers health once the database is ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/nothing/here'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: 'Not found' });
    }
  });

  it('refuses bodies over 1 MB with 413 and malformed JSON with 400, never 500', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('Request body is not valid JSON');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('sends security headers with a script policy that forbids inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists categories as a bare array sorted by name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const list = response.json<{ name: string; slug: string }[]>();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(14);
    expect(list.map((c) => c.name)).toEqual(
      [...list.map((c) => c.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(list.findIndex((c) => c.name.startsWith('Handyman'))).toBeLessThan(list.findIndex((c) => c.name.startsWith('HVAC')));
  });
});

describe('GET /ws', () => {
  let baseUrl: string;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = address.replace('http', 'ws');
  });

  function open(url: string, cookie?: string) {
    return new WebSocket(url, { headers: cookie ? { cookie } : {} });
  }

  it('refuses a connection without a session', async () => {
    const socket = open(`${baseUrl}/ws`);
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('refuses a userId that is not the session user', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const socket = open(`${baseUrl}/ws?userId=${user.id + 1}`, cookie);
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });

  it('greets the session user and answers pings', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const socket = open(`${baseUrl}/ws?userId=${user.id}`, cookie);
    const frames: { type: string; data: unknown }[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (raw) => {
        frames.push(JSON.parse(frameText(raw)) as { type: string; data: unknown });
        if (frames.length === 1) socket.send(JSON.stringify({ type: 'ping' }));
        if (frames.length === 2) resolve();
      });
    });
    socket.close();
    expect(frames[0]).toEqual({ type: 'connection_established', data: { userId: user.id } });
    expect(frames[1].type).toBe('pong');
  });

  /** Resolves with the close code of `socket`. */
  const closeCodeOf = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const statusOf = (socket: WebSocket) =>
    new Promise<number>((resolve) => socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
  const opened = (socket: WebSocket) =>
    new Promise<void>((resolve, reject) => (socket.once('open', () => resolve()), socket.once('error', reject)));

  it('refuses an upgrade from another site’s page, and accepts the app’s own', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const hijack = new WebSocket(`${baseUrl}/ws`, { headers: { cookie, origin: 'https://attacker.example' } });
    expect(await statusOf(hijack)).toBe(403);
    const own = new WebSocket(`${baseUrl}/ws`, { headers: { cookie, origin: baseUrl.replace('ws', 'http') } });
    await opened(own);
    own.close();
  });

  it('closes a session’s sockets when it logs out, and only that session’s', async () => {
    const user = await createUser(t.db);
    const [phone, laptop] = [await loginAs(t.app, user), await loginAs(t.app, user)];
    const phoneSocket = open(`${baseUrl}/ws`, phone);
    const laptopSocket = open(`${baseUrl}/ws`, laptop);
    await Promise.all([opened(phoneSocket), opened(laptopSocket)]);
    const phoneClosed = closeCodeOf(phoneSocket);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: phone } });
    expect(logout.statusCode).toBe(200);
    expect(await phoneClosed).toBe(4401);
    expect(laptopSocket.readyState).toBe(WebSocket.OPEN);
    laptopSocket.close();
  });

  it('closes every other session’s sockets when the password is reset', async () => {
    const user = await createUser(t.db);
    const stolen = await loginAs(t.app, user);
    const thief = open(`${baseUrl}/ws`, stolen);
    await opened(thief);
    const closed = closeCodeOf(thief);
    await t.app.services.auth.queuePasswordReset(t.db, user);
    await t.app.services.outbox.idle();
    const [mail] = await t.smtp.waitFor(user.email);
    const token = new URL(linkFrom(mail, 'http://app.test/reset-password')).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'a-brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await closed).toBe(4401);
    // The stolen cookie no longer opens a socket either.
    expect(await statusOf(open(`${baseUrl}/ws`, stolen))).toBe(401);
  });

  it('closes a socket when its session expires', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    // A session with two seconds left (time is the database's; nothing else is faked).
    await t.db.execute(
      sql`UPDATE sessions SET expires_at = now() + interval '2 seconds', last_seen_at = now() WHERE user_id = ${user.id}`,
    );
    const socket = open(`${baseUrl}/ws`, cookie);
    await opened(socket);
    const started = Date.now();
    expect(await closeCodeOf(socket)).toBe(4401);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
