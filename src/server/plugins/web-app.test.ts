/** The built app is served compressed when the browser accepts it, and every screen gets index.html. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedRead } from '@/server/lib/shared-reads';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { withScriptNonce } from './security-headers';
import { requestLanguage } from '@/server/modules/i18n/request-language';
import { registerWebApp, screenChunks } from './web-app';

let t: TestApp;
let clientDir: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'lp-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>LocalPros</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), script);
  execFileSync(process.execPath, ['scripts/compress-assets.mjs', clientDir]);
  t = await startTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends pre-compressed assets with long-lived caching', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers screens with index.html and unknown API paths with JSON 404', async () => {
    for (const url of ['/', '/search?q=x', '/profile', '/quotes/3/edit', '/admin/users']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['x-robots-tag']).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('answers a path that is no screen with 404, the app (its not-found screen) and noindex', async () => {
    for (const url of ['/no/such/screen', '/wp-login.php', '/companies/999999', '/categories/no-such-category', '/quotes/1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe('a rendered page', () => {
  it("runs its screen's chunk and preloads what that needs beyond the entry's own", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-2.js' },
      '_icons.js': { file: 'assets/icons-3.js', imports: ['_react.js'] },
      'src/client/pages/company-page.tsx': { file: 'assets/company-page-4.js', imports: ['_icons.js', '_react.js'] },
    };
    expect(screenChunks(manifest, ['src/client/pages/company-page.tsx'])).toEqual({
      scripts: ['/assets/company-page-4.js'],
      preloads: ['/assets/icons-3.js'],
    });
    // A build without a manifest (or a screen it does not name) adds nothing.
    expect(screenChunks({}, ['src/client/pages/company-page.tsx'])).toEqual({ scripts: [], preloads: [] });
  });

  it("adds its nonce to the policy's script-src and nowhere else", () => {
    const policy = "default-src 'self';script-src 'self' https://js.stripe.com;style-src 'self' 'unsafe-inline'";
    expect(withScriptNonce(policy, 'abc+/=')).toBe(
      "default-src 'self';script-src 'nonce-abc+/=' 'self' https://js.stripe.com;style-src 'self' 'unsafe-inline'",
    );
  });

  it('is answered as the plain app when index.html has no outlet for it (a build older than the server)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('lp-server-state');
  });

  it('reads what its head and its screen both show once, and nothing across pages', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-client-outlet-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>LocalPros</title></head><body><div id="root"><!--app-outlet--><!--/app-outlet--></div></body></html>',
    );
    const readCompany = vi.fn(() => Promise.resolve({ name: 'Acme Plumbing' }));
    const app = Fastify();
    try {
      await registerWebApp(app, dir, {
        renderHead: async () => {
          const company = await sharedRead('company:1', readCompany);
          return { status: 200, head: `<title>${company.name}</title>` };
        },
        renderApp: async () => {
          const company = await sharedRead('company:1', readCompany);
          return {
            kind: 'page',
            body: `<h1>${company.name}</h1>`,
            state: '{"queries":{"mutations":[],"queries":[]},"router":{"loaderData":{},"actionData":null,"errors":null}}',
            key: 'acme-plumbing',
            reusable: true,
            title: undefined,
            modules: [],
          };
        },
      });
      for (let page = 1; page <= 2; page += 1) {
        const response = await app.inject({ method: 'GET', url: '/companies/1' });
        expect(response.body).toContain('<title>Acme Plumbing</title>');
        expect(response.body).toContain('<h1>Acme Plumbing</h1>');
        expect(readCompany).toHaveBeenCalledTimes(page);
      }
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('sends the page it assembled for a screen and head again, unless the screen inlines a script', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-client-kept-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>LocalPros</title></head><body><div id="root"><!--app-outlet--><!--/app-outlet--></div></body></html>',
    );
    let renders = 0;
    const app = Fastify();
    try {
      await registerWebApp(app, dir, {
        renderApp: async (url, { nonce }) => {
          renders += 1;
          const inline = url.pathname === '/inline';
          return {
            kind: 'page',
            // A kept page's screen is the same for the same key; the render count shows which was sent.
            body: inline ? `<script nonce="${nonce}">go()</script>` : `<h1>render ${renders}</h1>`,
            state: '{}',
            key: url.pathname,
            reusable: !inline,
            title: undefined,
            modules: [],
          };
        },
      });
      const bodies = async (url: string) => [(await app.inject({ url })).body, (await app.inject({ url })).body];
      const [first, again] = await bodies('/kept');
      expect(first).toContain('<h1>render 1</h1>');
      expect(again).toBe(first);
      // Each answer's script carries that answer's own nonce.
      const [one, two] = await bodies('/inline');
      const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];
      expect(nonceOf(one)).toBeTruthy();
      expect(nonceOf(two)).not.toBe(nonceOf(one));
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers in the visitor's language, and never sends a page kept for one language to another", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-client-languages-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>LocalPros</title></head><body><div id="root"><!--app-outlet--><!--/app-outlet--></div></body></html>',
    );
    const app = Fastify();
    try {
      await registerWebApp(app, dir, {
        // A head that names the page's canonical address, tracking parameters left out.
        renderHead: async (url) => ({
          status: 200,
          head: url.pathname === '/about' ? '<link rel="canonical" href="https://pros.example/about">' : null,
        }),
        renderApp: async (_url, { language }) => ({
          kind: 'page',
          body: `<p>${language}</p>`,
          state: '{}',
          // The same key in every language: the assembled page is kept by language as well.
          key: 'home',
          reusable: true,
          title: undefined,
          modules: [],
        }),
        languages: {
          offered: () => ['en', 'es', 'ar'],
          defaultLanguage: () => 'en',
          appUrl: 'https://pros.example',
          of: (request) => requestLanguage(request, { defaultLanguage: 'en', languages: ['en', 'es', 'ar'] }),
        },
      });
      const spanish = await app.inject({ url: '/?x=1', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
      expect(spanish.body).toContain('<html lang="es">');
      expect(spanish.body).toContain('<p>es</p>');
      expect(spanish.headers['content-language']).toBe('es');
      expect(spanish.headers.vary).toContain('accept-language');
      expect(spanish.body).toContain('<link rel="alternate" hreflang="ar" href="https://pros.example/?x=1&amp;lang=ar">');
      expect(spanish.body).toContain('<link rel="alternate" hreflang="x-default" href="https://pros.example/?x=1">');
      // The default language's address carries no parameter.
      expect(spanish.body).toContain('<link rel="alternate" hreflang="en" href="https://pros.example/?x=1">');

      // With a canonical address, the alternates are it in each language, and a page in another
      // language than the default names its own language's address as canonical.
      const about = await app.inject({ url: '/about?utm_source=mail&lang=ar' });
      expect(about.body).toContain('<link rel="canonical" href="https://pros.example/about?lang=ar">');
      expect(about.body).toContain('<link rel="alternate" hreflang="ar" href="https://pros.example/about?lang=ar">');
      expect(about.body).toContain('<link rel="alternate" hreflang="en" href="https://pros.example/about">');
      expect(about.body).not.toContain('utm_source');

      const english = await app.inject({ url: '/?x=1' });
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('<p>en</p>');
      const arabic = await app.inject({ url: '/?x=1&lang=ar', headers: { 'accept-language': 'es' } });
      expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
      expect(arabic.body).toContain('<p>ar</p>');
      // A language the operator does not offer falls back to the default.
      const german = await app.inject({ url: '/?x=1&lang=de', headers: { 'accept-language': 'de' } });
      expect(german.body).toContain('<p>en</p>');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
