/**
 * The operator's words: an admin finds any catalogue message by key or words, overrides it in one
 * language, and puts the shipped one back, each change audited. An override that would not parse,
 * or drops or renames what the code fills in, is refused naming `message`. Every node shows an
 * override within a second, without a restart; so does a change of the offered languages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { auditLog, textOverrides } from '@/server/db/schema';
import { createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
let adminCookie: string;
let userCookie: string;
let dataDir: string;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  t = await startTestApp();
  call = apiCaller(t.app);
  adminCookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
  userCookie = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-texts-'));
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another app node on the same database, with its own copy of the catalogue. */
async function startNode(): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', APP_URL: t.baseUrl });
  const app = await buildApp(config, { database: t.database, clientDir: path.join(dataDir, 'no-client') });
  await app.ready();
  nodes.push(app);
  return app;
}

/** Asks until `check` holds (a node's copy is at most a second old), failing after ten seconds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('never held');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A message of the Spanish catalogue the browser gets, as text (a compiled message may be a list of parts). */
const spanish = async (app: FastifyInstance, key: string) => {
  const message = (await app.inject({ url: '/api/i18n/es' })).json<Record<string, unknown>>()[key];
  return Array.isArray(message) ? message.join('') : message;
};

describe('who may use the override screen', () => {
  const calls: [method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
    ['GET', '/api/admin/texts?language=es'],
    ['PUT', '/api/admin/texts/es/layout.footer.contact', { message: 'Escríbenos' }],
    ['DELETE', '/api/admin/texts/es/layout.footer.contact'],
  ];
  for (const [method, url, body] of calls)
    it(`${method} ${url}: 401 signed out, 403 for a non-admin`, async () => {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(method, url, userCookie, body)).statusCode).toBe(403);
    });

  it('changed nothing while refusing', async () => {
    expect(await t.db.select().from(textOverrides)).toEqual([]);
  });
});

describe('finding a message', () => {
  it('by key, by its English words or by its words in the language, a page at a time', async () => {
    const byKey = (await call('GET', '/api/admin/texts?language=es&q=layout.footer.contact', adminCookie)).json();
    expect(byKey).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(byKey.texts).toEqual([
      { key: 'layout.footer.contact', english: 'Contact Us', shipped: 'Contacto', override: null, placeholders: [] },
    ]);
    const byEnglish = (await call('GET', '/api/admin/texts?language=es&q=all%20rights%20reserved', adminCookie)).json();
    expect(byEnglish.texts.map((text: { key: string }) => text.key)).toContain('layout.footer.rights');
    expect(byEnglish.texts.find((text: { key: string }) => text.key === 'layout.footer.rights').placeholders).toEqual([
      'product',
      'year',
    ]);
    const bySpanish = (await call('GET', '/api/admin/texts?language=es&q=contacto', adminCookie)).json();
    expect(bySpanish.texts.map((text: { key: string }) => text.key)).toContain('layout.footer.contact');
    const everything = (await call('GET', '/api/admin/texts?language=ar', adminCookie)).json();
    expect(everything.total).toBeGreaterThan(25);
    expect(everything.texts).toHaveLength(25);
    const second = (await call('GET', '/api/admin/texts?language=ar&page=2', adminCookie)).json();
    expect(second.texts[0].key > everything.texts[24].key).toBe(true);
  });

  it('refuses a language the app does not ship', async () => {
    const refused = await call('GET', '/api/admin/texts?language=xx', adminCookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Choose a language the app ships', field: 'language' });
  });
});

describe('overriding a message', () => {
  it('shows the words at once in the catalogue the browser gets, audited, and reverts', async () => {
    const before = await t.app.inject({ url: '/api/i18n/es' });
    const saved = await call('PUT', '/api/admin/texts/es/layout.footer.contact', adminCookie, { message: 'Escríbenos' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'layout.footer.contact', shipped: 'Contacto', override: 'Escríbenos' });
    const after = await t.app.inject({ url: '/api/i18n/es' });
    expect(await spanish(t.app, 'layout.footer.contact')).toBe('Escríbenos');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // English and Arabic keep their own words.
    expect((await t.app.inject({ url: '/api/i18n/ar' })).json()['layout.footer.contact']).toEqual(['اتصل بنا']);
    expect((await call('GET', '/api/admin/texts?language=es&q=escr%C3%ADbenos', adminCookie)).json().texts[0]).toMatchObject({
      key: 'layout.footer.contact',
      override: 'Escríbenos',
    });

    const reverted = await call('DELETE', '/api/admin/texts/es/layout.footer.contact', adminCookie);
    expect(reverted.json()).toMatchObject({ override: null, shipped: 'Contacto' });
    expect(await spanish(t.app, 'layout.footer.contact')).toBe('Contacto');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'text_override'`)
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.before, entry.after])).toEqual([
      ['text_override.set', 'es:layout.footer.contact', { message: null }, { message: 'Escríbenos' }],
      ['text_override.revert', 'es:layout.footer.contact', { message: 'Escríbenos' }, { message: null }],
    ]);
    // Reverting what is not overridden changes nothing and is not audited.
    expect((await call('DELETE', '/api/admin/texts/es/layout.footer.contact', adminCookie)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entityType} = 'text_override'`),
    ).toHaveLength(2);
  });

  it('overrides English too: the source language is the operator’s to word', async () => {
    await call('PUT', '/api/admin/texts/en/layout.footer.social', adminCookie, { message: 'Find us online' });
    const english = await call('GET', '/api/admin/texts?language=en&overridden=true', adminCookie);
    expect(english.json().texts).toEqual([expect.objectContaining({ key: 'layout.footer.social', override: 'Find us online' })]);
    await call('DELETE', '/api/admin/texts/en/layout.footer.social', adminCookie);
  });

  it('keeps a message with placeholders filled: plurals and selects may be rewritten around them', async () => {
    const saved = await call('PUT', '/api/admin/texts/es/layout.footer.rights', adminCookie, {
      message: '{product} © {year}. Todos los derechos reservados.',
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/i18n/es' })).json()['layout.footer.rights']).toEqual([
      ['product'],
      ' © ',
      ['year'],
      '. Todos los derechos reservados.',
    ]);
    await call('DELETE', '/api/admin/texts/es/layout.footer.rights', adminCookie);
  });

  it.each([
    [
      'drops a placeholder',
      'layout.footer.rights',
      '© {year}. Todos los derechos reservados.',
      'The text must keep the placeholders {product}, {year}',
    ],
    [
      'renames a placeholder',
      'layout.footer.rights',
      '© {año} {product}.',
      'The text must keep the placeholders {product}, {year}',
    ],
    ['adds a placeholder', 'layout.footer.contact', 'Hola {name}', 'The text must keep the placeholders (none)'],
    ['does not parse', 'layout.footer.rights', '© {year {product}', /^The text does not read as a message: /],
    // Markup an admin slips in is a tag the code would have to fill: refused, never shown.
    ['adds a tag', 'layout.footer.contact', 'Escríbenos <script>alert(1)</script>', 'The text must keep the tags (none)'],
    ['adds a numbered tag', 'layout.footer.contact', 'Escríbenos <0>aquí</0>', 'The text must keep the tags (none)'],
    ['is empty', 'layout.footer.contact', '   ', 'Enter the text'],
    ['is too long', 'layout.footer.contact', 'x'.repeat(5001), 'The text must be at most 5000 characters'],
  ])('refuses an override that %s, naming the field, and stores nothing', async (_what, key, message, error) => {
    const refused = await call('PUT', `/api/admin/texts/es/${key}`, adminCookie, { message });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'message' });
    expect(refused.json().error).toMatch(error);
    expect(await t.db.select().from(textOverrides)).toEqual([]);
  });

  it('answers 404 for a key the catalogue does not have or a language it does not ship', async () => {
    for (const url of ['/api/admin/texts/es/layout.footer.nothing', '/api/admin/texts/xx/layout.footer.contact']) {
      const refused = await call('PUT', url, adminCookie, { message: 'Hola' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: 'Text not found', code: 'NOT_FOUND' });
      expect((await call('DELETE', url, adminCookie)).statusCode).toBe(404);
    }
    expect((await call('PUT', '/api/admin/texts/es/layout.footer.contact', adminCookie, {})).statusCode).toBe(400);
  });
});

describe('on every node', () => {
  it('an override made on one node shows on another, and so does its revert', async () => {
    const other = await startNode();
    expect(await spanish(other, 'layout.footer.home')).toBe('Inicio');
    await call('PUT', '/api/admin/texts/es/layout.footer.home', adminCookie, { message: 'Portada' });
    await eventually(async () => (await spanish(other, 'layout.footer.home')) === 'Portada');
    await call('DELETE', '/api/admin/texts/es/layout.footer.home', adminCookie);
    await eventually(async () => (await spanish(other, 'layout.footer.home')) === 'Inicio');
  });

  it('the languages chosen in Platform Settings replace the environment’s, on every node', async () => {
    const other = await startNode();
    const config = async (app: FastifyInstance) => (await app.inject({ url: '/api/app-config' })).json();
    expect(await config(other)).toMatchObject({
      defaultLanguage: 'en',
      languages: [{ code: 'en' }, { code: 'es' }, { code: 'ar' }],
    });

    const mismatched = await call('PUT', '/api/admin/platform-settings', adminCookie, {
      default_language: 'ar',
      offered_languages: ['en', 'es'],
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toMatchObject({
      error: 'The default language must be one of the languages offered',
      field: 'default_language',
    });
    const unknown = await call('PUT', '/api/admin/platform-settings', adminCookie, { offered_languages: 'es,xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'Choose languages the app ships', field: 'offered_languages.1' });

    const saved = await call('PUT', '/api/admin/platform-settings', adminCookie, {
      default_language: 'es',
      offered_languages: ['es', 'ar'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual(
      expect.arrayContaining([
        { key: 'default_language', value: 'es' },
        { key: 'offered_languages', value: 'es,ar' },
      ]),
    );
    await eventually(async () => (await config(other)).defaultLanguage === 'es');
    expect(await config(other)).toMatchObject({ languages: [{ code: 'es' }, { code: 'ar' }] });
    // English is no longer offered: its catalogue is not served.
    await eventually(async () => (await other.inject({ url: '/api/i18n/en' })).statusCode === 404);
    expect((await other.inject({ url: '/api/i18n/ar' })).statusCode).toBe(200);

    await call('PUT', '/api/admin/platform-settings', adminCookie, { default_language: 'en', offered_languages: 'en,es,ar' });
    await eventually(async () => (await config(other)).defaultLanguage === 'en');
  });
});
