/**
 * The operator's brand, set in Platform Settings: its name, colour, support address, logo and
 * favicon reach the app's config, the pages' titles, shell and structured data — a page kept from
 * before the change included — and the mails, on the next request; a colour failing WCAG AA, a
 * name with markup and a file that is no image are refused with their field and change nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_BRAND, primaryColourContrast } from '@/shared/brand';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';

/** index.html's head and the header bar it paints before the scripts, as built. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#1d4ed8" />
    <link rel="icon" type="image/svg+xml" href="/logo.svg" />
    <title>LocalPros</title>
  </head>
  <body>
    <header><a href="/" aria-label="LocalPros home"><img src="/logo.svg" alt="" /><span>LocalPros</span></a></header>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let clientDir: string;
let adminCookie: string;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'lp-brand-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await startTestApp({}, { clientDir });
  call = apiCaller(t.app);
  adminCookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const brandOf = async () => (await call('GET', '/api/app-config')).json().brand;
const page = async (url: string) => (await t.app.inject({ url })).body;
const settingsOf = async () => (await call('GET', '/api/admin/platform-settings', adminCookie)).json().settings;

describe('the brand', () => {
  it('checks a colour against white and its palest tint, as WCAG AA asks', () => {
    expect(primaryColourContrast(DEFAULT_BRAND.primaryColor)).toBeGreaterThan(4.5);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(primaryColourContrast('#60a5fa')).toBeLessThan(4.5);
  });

  it('refuses a colour failing AA, a name with markup, a bad address or a file that is no image, naming the field', async () => {
    const before = await settingsOf();
    for (const [body, field, error] of [
      [
        { brand_primary_color: '#60a5fa' },
        'brand_primary_color',
        'The primary colour must contrast with white at least 4.5:1 (WCAG AA)',
      ],
      [{ brand_primary_color: 'teal' }, 'brand_primary_color', 'Enter the primary colour as #rrggbb'],
      [{ brand_name: '<script>alert(1)</script>' }, 'brand_name', 'Enter the site name, without < or >'],
      [{ brand_name: '   ' }, 'brand_name', 'Enter the site name, without < or >'],
      [
        { brand_support_email: 'not an address' },
        'brand_support_email',
        'Enter the support address as an email address, or leave it empty',
      ],
      [
        { brand_logo_object_id: 'someone-elses-object' },
        'brand_logo_object_id',
        'Upload the logo or favicon as an image; an empty value removes it',
      ],
    ] as const) {
      const refused = await call('PUT', '/api/admin/platform-settings', adminCookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ field, error });
    }
    const send = multipartCaller(t.app);
    const notAnImage = await send(
      'PUT',
      '/api/admin/brand/logo',
      adminCookie,
      {},
      filePart(Buffer.from('just text'), 'logo.png', 'image/png', 'file'),
    );
    expect(notAnImage.statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/brand/logo', adminCookie, {})).json()).toMatchObject({ field: 'file' });
    const elsewhere = await send(
      'PUT',
      '/api/admin/brand/banner',
      adminCookie,
      {},
      filePart(await pngBytes(), 'logo.png', 'image/png', 'file'),
    );
    expect(elsewhere.statusCode).toBe(404);
    const visitor = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
    expect((await call('PUT', '/api/admin/platform-settings', visitor, { brand_name: 'Mine' })).statusCode).toBe(403);
    expect(
      (await send('PUT', '/api/admin/brand/logo', visitor, {}, filePart(await pngBytes(), 'logo.png', 'image/png', 'file')))
        .statusCode,
    ).toBe(403);
    expect(await settingsOf()).toEqual(before);
    expect(await brandOf()).toMatchObject({ name: 'LocalPros', primaryColor: '#1d4ed8', logoUrl: null });
  });

  it('shows a new name, colour, logo and favicon on the next request: config, shell, titles, structured data, a kept page', async () => {
    const company = await createCompany(t.db, { name: 'Brand Test Plumbing' });
    const url = `/companies/${company.id}`;
    const kept = await page(url);
    expect(await page(url)).toBe(kept);
    expect(kept).toContain('| LocalPros</title>');
    expect(kept).toContain('<meta property="og:site_name" content="LocalPros">');

    const saved = await call('PUT', '/api/admin/platform-settings', adminCookie, {
      brand_name: 'Manchester Trades',
      brand_primary_color: '#0F766E',
      brand_support_email: 'Help@Manchester-Trades.example',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const send = multipartCaller(t.app);
    const logo = await send(
      'PUT',
      '/api/admin/brand/logo',
      adminCookie,
      {},
      filePart(await pngBytes(120, 40), 'logo.png', 'image/png', 'file'),
    );
    expect(logo.statusCode, logo.body).toBe(200);
    const favicon = await send(
      'PUT',
      '/api/admin/brand/favicon',
      adminCookie,
      {},
      filePart(await pngBytes(64, 64), 'icon.png', 'image/png', 'file'),
    );
    expect(favicon.statusCode, favicon.body).toBe(200);

    const brand = await brandOf();
    expect(brand).toMatchObject({
      name: 'Manchester Trades',
      primaryColor: '#0f766e',
      supportEmail: 'help@manchester-trades.example',
    });
    expect(brand.logoUrl).toMatch(/^\/api\/objects\/[\w-]+$/);
    expect((await t.app.inject(brand.logoUrl)).statusCode).toBe(200);

    const after = await page(url);
    expect(after).not.toContain('LocalPros');
    expect(after).toContain('Brand Test Plumbing');
    expect(after).toContain('| Manchester Trades</title>');
    expect(after).toContain('<meta property="og:site_name" content="Manchester Trades">');
    expect(after).toContain('<meta name="theme-color" content="#0f766e" />');
    expect(after).toContain(`<img src="${brand.logoUrl}" alt="" /><span>Manchester Trades</span>`);
    expect(after).toContain(`<link rel="icon" href="${brand.faviconUrl}" />`);
    expect(after).toMatch(/<style id="brand-palette">:root\{--color-blue-50:#[0-9a-f]{6};.*--color-blue-700:#0f766e;/);

    // The published rules name the site; a reader in Spanish gets them translated, the name kept.
    const rules = (await call('GET', '/api/rules')).json();
    expect(rules.hireRules.join(' ')).toContain('"Hired through Manchester Trades"');
    expect(rules.hireRules.join(' ')).not.toContain('LocalPros');

    const category = await page('/categories/plumbing-services');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(category)![1]);
    expect(jsonLd.isPartOf).toMatchObject({ '@type': 'WebSite', name: 'Manchester Trades' });
  });

  it('signs and names the mails with it, the button in its colour', async () => {
    const user = await createUser(t.db, { isVerified: true });
    expect((await call('POST', '/api/forgot-password', undefined, { email: user.email })).statusCode).toBe(200);
    const [mail] = await t.smtp.waitFor(user.email);
    expect(mail.subject).toContain('Manchester Trades');
    expect(mail.text).toContain('— Manchester Trades');
    expect(mail.html).toContain('background:#0f766e');
    expect(mail.text + mail.html).not.toContain('LocalPros');
  });

  it('puts the product’s own back when the settings are emptied', async () => {
    const reset = await call('PUT', '/api/admin/platform-settings', adminCookie, {
      brand_name: 'LocalPros',
      brand_primary_color: '#1d4ed8',
      brand_support_email: '',
      brand_logo_object_id: '',
      brand_favicon_object_id: '',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await brandOf()).toEqual({
      name: 'LocalPros',
      primaryColor: '#1d4ed8',
      supportEmail: '',
      logoUrl: null,
      faviconUrl: null,
    });
    const shell = await page('/about');
    expect(shell).toContain('<img src="/logo.svg" alt="" /><span>LocalPros</span>');
    expect(shell).not.toContain('brand-palette');
  });
});
