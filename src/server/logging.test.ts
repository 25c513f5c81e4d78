/**
 * Log lines and request ids: the proxy's X-Request-Id is taken when plausible, echoed
 * back and carried by every line of its request; anything else gets a fresh id; LOG_FORMAT=pretty
 * writes readable lines that still leave secrets out.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@/server/test/harness';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const log = capture();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  const linesOf = (id: string) =>
    log.lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((l) => l.reqId === id);

  it("takes the proxy's X-Request-Id, echoes it and logs every line of the request with it", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { 'x-request-id': 'edge-7f3a.91' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('edge-7f3a.91');
    expect(linesOf('edge-7f3a.91').map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('gives a request without one a fresh UUID, echoed too, also on errors', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/categories', '/api/companies/999999999', '/api/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url });
      const id = String(response.headers['x-request-id']);
      expect(id, url).toMatch(UUID);
      expect(linesOf(id).length, url).toBeGreaterThanOrEqual(2);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });

  it.each([
    ['an encoded line break', 'abc\ndef'],
    ['spaces', 'abc def'],
    ['a quote', 'abc"}'],
    ['129 characters', 'a'.repeat(129)],
  ])('replaces a given id with %s by a fresh one', async (_what, given) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'x-request-id': given.replace('\n', '%0A') },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('LOG_FORMAT=pretty', () => {
  const log = capture();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  it('writes readable lines, not JSON, and still no secret', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/reset-password?token=s3cret-reset-token',
      headers: { 'x-request-id': 'pretty-1' },
    });
    const ours = log.lines.filter((line) => line.includes('pretty-1'));
    expect(ours.length).toBeGreaterThanOrEqual(2);
    for (const line of ours) expect(() => JSON.parse(line)).toThrow();
    expect(ours.join('\n')).toMatch(/INFO.*incoming request/);
    expect(log.lines.join('\n')).not.toContain('s3cret-reset-token');
    expect(ours.join('\n') + log.lines.join('\n')).toContain('token=[redacted]');
  });
});
