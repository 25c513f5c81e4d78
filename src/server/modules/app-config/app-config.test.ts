/** GET /api/app-config hands the client the deployment's locale and currency (LOCALE, CURRENCY). */
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
});
