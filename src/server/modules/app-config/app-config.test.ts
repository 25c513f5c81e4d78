/** GET /api/app-config hands the client the deployment's locale and currency (LOCALE, CURRENCY). */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

describe('GET /api/app-config', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));
  const appConfig = async (env: Record<string, string>) => {
    const t = await startTestApp(env);
    apps.push(t);
    return (await apiCaller(t.app)('GET', '/api/app-config')).json();
  };

  it('names en-US and USD by default, and what LOCALE and CURRENCY set otherwise', async () => {
    expect(await appConfig({})).toMatchObject({ locale: 'en-US', currency: 'USD' });
    expect(await appConfig({ LOCALE: 'de-DE', CURRENCY: 'EUR' })).toMatchObject({ locale: 'de-DE', currency: 'EUR' });
  });

  it('offers every shipped language by default, and the ones DEFAULT_LANGUAGE and LANGUAGES name otherwise', async () => {
    expect(await appConfig({})).toMatchObject({
      defaultLanguage: 'en',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
        { code: 'ar', name: 'العربية' },
      ],
    });
    const t = await startTestApp({ DEFAULT_LANGUAGE: 'es', LANGUAGES: 'ar' });
    apps.push(t);
    const call = apiCaller(t.app);
    // The default is always offered, and comes first.
    expect((await call('GET', '/api/app-config')).json()).toMatchObject({
      defaultLanguage: 'es',
      languages: [{ code: 'es' }, { code: 'ar' }],
    });
    const arabic = await call('GET', '/api/i18n/ar');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.json()).toMatchObject({ 'layout.footer.contact': ['اتصل بنا'] });
    const again = await t.app.inject({ url: '/api/i18n/ar', headers: { 'if-none-match': String(arabic.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Compressed as the browser accepts, the same messages either way.
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const packed = await t.app.inject({ url: '/api/i18n/ar', headers: { 'accept-encoding': accept } });
      expect(packed.headers['content-encoding'], accept).toBe(encoding);
      const bytes = encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(arabic.json());
      expect(packed.rawPayload.length).toBeLessThan(arabic.rawPayload.length / 4);
    }
    expect((await call('GET', '/api/i18n/en')).statusCode).toBe(404);
    // A refusal comes in the operator's default when the request asks for no language offered.
    expect((await call('GET', '/api/i18n/xx')).json()).toEqual({
      success: false,
      error: 'No se encontró el idioma',
      code: 'NOT_FOUND',
    });
    const inArabic = await t.app.inject({ url: '/api/i18n/xx', headers: { 'accept-language': 'ar' } });
    expect(inArabic.json()).toMatchObject({ code: 'NOT_FOUND', error: 'لم يُعثر على اللغة' });
  });

  it('refuses a language that is not shipped', async () => {
    await expect(startTestApp({ LANGUAGES: 'en,xx' })).rejects.toThrow(/LANGUAGES/);
    await expect(startTestApp({ DEFAULT_LANGUAGE: 'fr' })).rejects.toThrow(/DEFAULT_LANGUAGE/);
  });
});
