import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { isPublicAddress } from './geo.service';

/** A real HTTP server standing in for the geolocation service. */
let lookups: string[] = [];
let lookupServer: http.Server;
let lookupUrl: string;
beforeAll(async () => {
  lookupServer = http.createServer((request, response) => {
    lookups.push(request.url ?? '');
    if (request.url?.includes('203.0.113.9')) {
      response.writeHead(500).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ip: 'x', postal: '78701', city: 'Austin' }));
  });
  await new Promise<void>((resolve) => lookupServer.listen(0, '127.0.0.1', resolve));
  lookupUrl = `http://127.0.0.1:${(lookupServer.address() as AddressInfo).port}/json/{ip}`;
});
afterAll(() => new Promise<void>((resolve) => lookupServer.close(() => resolve())));

const ask = (t: TestApp, ip: string) => t.app.inject({ method: 'GET', url: '/api/geo/postal-code', remoteAddress: ip });

describe('postal code guess', () => {
  it('is off by default and asks nobody', async () => {
    const t = await startTestApp();
    try {
      expect((await ask(t, '203.0.113.5')).json()).toEqual({ enabled: false, postalCode: null });
      expect(lookups).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('asks the configured service for public addresses, caches, and answers null on failure', async () => {
    const t = await startTestApp({ IP_GEOLOCATION_URL: lookupUrl });
    try {
      lookups = [];
      expect((await ask(t, '203.0.113.5')).json()).toEqual({ enabled: true, postalCode: '78701' });
      expect((await ask(t, '203.0.113.5')).json()).toEqual({ enabled: true, postalCode: '78701' });
      expect(lookups).toEqual(['/json/203.0.113.5']);
      expect((await ask(t, '203.0.113.9')).json()).toEqual({ enabled: true, postalCode: null });
      expect((await ask(t, '127.0.0.1')).json()).toEqual({ enabled: true, postalCode: null });
      expect(lookups).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('knows private addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.4', '172.20.1.1', '::1', 'fd00::1', '::ffff:10.0.0.1', 'junk']) {
      expect(isPublicAddress(ip)).toBe(false);
    }
    expect(isPublicAddress('203.0.113.5')).toBe(true);
    expect(isPublicAddress('2001:db8::1')).toBe(true);
  });
});
