/**
 * Every refusal has the one error shape, `{success: false, error, code}` with the status the code
 * table gives it — the framework's own refusals too: a path parameter too long, a URL that does
 * not decode, a body that is not JSON or too large, a content type nobody reads, an unknown API
 * route, a request the HTTP parser rejects, a request that arrives while the server shuts down.
 * And no answer repeats the request's URL, headers or body back. A refusal about one input names
 * it in `field`; any other has none.
 */
import net from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, badRequest } from '@/server/lib/app-error';
import { ERROR_STATUS, type ErrorCode } from '@/shared/error-codes';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { registerErrorHandler } from './error-handler';

/** Written into every hostile request: it must come back in no answer. */
const MARK = 'Zq9EchoMark';

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

function expectRefusal(answer: Answer, code: ErrorCode, what: string) {
  expect(String(answer.headers['content-type']), what).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort(), `${what}: ${answer.body}`).toEqual(['code', 'error', 'success']);
  expect(body, what).toMatchObject({ success: false, code });
  expect(typeof body.error === 'string' && body.error.length > 0, what).toBe(true);
  expect(answer.statusCode, what).toBe(ERROR_STATUS[code]);
  expect(answer.body, what).not.toContain(MARK);
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
});
afterAll(() => t.close());

describe("the framework's refusals, through the app", () => {
  it('a path parameter longer than the router takes: 414 in the one shape, the URL not echoed', async () => {
    const long = `${MARK}${'x'.repeat(200)}`;
    for (const url of [`/api/companies/${long}`, `/api/check-email/${long}`, `/api/quotes/${long}/images`]) {
      expectRefusal(await t.app.inject({ method: 'GET', url }), 'URI_TOO_LONG', url.slice(0, 30));
    }
  });

  it('a path that does not decode: 400 in the one shape, not echoed', async () => {
    const url = `/api/companies/%E0%A4%A${MARK}`;
    expectRefusal(await t.app.inject({ method: 'GET', url }), 'BAD_REQUEST', url);
  });

  it('an unknown API route, whatever the method: 404 in the one shape, not echoed', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const answer = await t.app.inject({ method, url: `/api/${MARK}/nothing?q=${MARK}` });
      expectRefusal(answer, 'NOT_FOUND', `${method} unknown route`);
    }
  });

  it('bodies that cannot be read: not JSON, empty, poisoned, too large, of a type nobody reads', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    const json = { 'content-type': 'application/json' };
    expectRefusal(await post(json, `{"email": "${MARK}`), 'BAD_REQUEST', 'broken JSON');
    expectRefusal(await post(json, `{"email": ${MARK}}`), 'BAD_REQUEST', 'a bare word in JSON');
    expectRefusal(await post(json, ''), 'BAD_REQUEST', 'an empty JSON body');
    expectRefusal(await post(json, `{"__proto__": {"${MARK}": 1}}`), 'BAD_REQUEST', 'prototype poisoning');
    expectRefusal(await post(json, `{"constructor": {"prototype": {"${MARK}": 1}}}`), 'BAD_REQUEST', 'constructor poisoning');
    expectRefusal(
      await post(json, JSON.stringify({ email: MARK, password: 'x'.repeat(1_100_000) })),
      'PAYLOAD_TOO_LARGE',
      'a body over 1 MB',
    );
    expectRefusal(
      await post({ 'content-type': `application/x-${MARK}` }, MARK),
      'UNSUPPORTED_MEDIA_TYPE',
      'a content type nobody reads',
    );
  });
});

/** Writes raw bytes to the listening app and reads everything it answers until it closes. */
function exchange(bytes: string): Promise<string> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(received) : reject(error)));
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

/** The first HTTP answer of a raw exchange. */
function firstAnswer(raw: string): Answer {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length']);
  const body = rest.join('\r\n\r\n');
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body: Number.isFinite(length) ? body.slice(0, length) : body };
}

describe("the HTTP parser's refusals, before there is a request", () => {
  it('a malformed request: 400 in the one shape, nothing of it echoed', async () => {
    const raw = await exchange(`GET /api/${MARK} HTTP/1.1\r\nHost: localhost\r\n${MARK} no colon here\r\n\r\n`);
    expectRefusal(firstAnswer(raw), 'BAD_REQUEST', raw.slice(0, 200));
  });

  it('headers over the limit: 431 in the one shape, nothing of them echoed', async () => {
    const raw = await exchange(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${MARK}${'a'.repeat(20_000)}\r\n\r\n`);
    expectRefusal(firstAnswer(raw), 'HEADERS_TOO_LARGE', raw.slice(0, 200));
  });
});

describe('while the server shuts down', () => {
  it('a request arriving on a connection still open is refused with 503 in the one shape', async () => {
    const closing = await startTestApp({}, { listen: true });
    const socket = net.connect(Number(new URL(closing.baseUrl).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // A request in flight (its body not all sent) keeps the connection open through the shutdown.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const arrived = new Promise((resolve) => closing.app.server.once('request', resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await arrived;
    const closed = closing.app.close();
    // The listening socket closes once the shutdown has begun (after the server's preClose hooks).
    await expect.poll(() => closing.app.server.listening, { interval: 10 }).toBe(false);
    // The rest of the first request, and a second one behind it on the same connection.
    socket.write(`${body.slice(10)}GET /api/health?${MARK} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await ended;
    await closed;
    await closing.close();
    const second = received.slice(received.indexOf('HTTP/1.1', 1));
    expect(received.startsWith('HTTP/1.1 401'), received.slice(0, 200)).toBe(true);
    expectRefusal(firstAnswer(second), 'UNAVAILABLE', second.slice(0, 300));
  });
});

describe('a refusal about one input names it in `field`', () => {
  it("a schema's refusal of the body or the query: the failing issue's path; of the whole body: none", async () => {
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann.field@example.com',
        password: 'long-enough-1',
        confirmPassword: 'other-one-2',
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'confirmPassword' });

    const longSearch = await t.app.inject({ method: 'GET', url: `/api/search?q=${'x'.repeat(201)}` });
    expect(longSearch.json()).toEqual({ success: false, error: 'Search text is too long', code: 'BAD_REQUEST', field: 'q' });

    // "Email and password are required" is a rule on the body as a whole.
    const blank = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json()).sort()).toEqual(['code', 'error', 'success']);
  });

  it('a nested input is a dotted path; a path parameter, a service refusal without one and any other error have none', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.put(
      '/things/:id',
      {
        schema: {
          params: z.object({ id: z.string().regex(/^\d+$/, 'Not an id') }),
          body: z.object({ serviceArea: z.object({ radiusMiles: z.number({ error: 'Miles must be a number' }) }) }),
        },
      },
      () => ({ ok: true }),
    );
    app.get('/named', () => {
      throw badRequest('Only the company’s own services can be chosen', 'SERVICE_NOT_LISTED', 'subcategoryIds');
    });
    app.get('/unnamed', () => {
      throw badRequest('Nothing to update');
    });
    app.get('/other', () => {
      throw new AppError('CONFLICT', 'Taken');
    });
    try {
      const nested = await app.inject({ method: 'PUT', url: '/things/1', payload: { serviceArea: { radiusMiles: 'far' } } });
      expect(nested.json()).toEqual({
        success: false,
        error: 'Miles must be a number',
        code: 'BAD_REQUEST',
        field: 'serviceArea.radiusMiles',
      });
      const badId = await app.inject({ method: 'PUT', url: '/things/abc', payload: { serviceArea: { radiusMiles: 1 } } });
      expect(badId.json()).toEqual({ success: false, error: 'Not an id', code: 'BAD_REQUEST' });
      expect((await app.inject({ url: '/named' })).json()).toEqual({
        success: false,
        error: 'Only the company’s own services can be chosen',
        code: 'SERVICE_NOT_LISTED',
        field: 'subcategoryIds',
      });
      expect((await app.inject({ url: '/unnamed' })).json()).toEqual({
        success: false,
        error: 'Nothing to update',
        code: 'BAD_REQUEST',
      });
      expect((await app.inject({ url: '/other' })).json()).toEqual({ success: false, error: 'Taken', code: 'CONFLICT' });
    } finally {
      await app.close();
    }
  });
});
