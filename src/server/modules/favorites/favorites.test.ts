import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '@/server/db/schema';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

const favoritesCount = async (id: number) =>
  (await t.db.select({ n: companies.favoritesCount }).from(companies).where(eq(companies.id, id)))[0].n;

describe('favourites on the server', () => {
  it('adds, lists and removes, counting each company’s favourites once per user', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db));
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    expect((await call('GET', '/api/favorites', cookie)).json()).toEqual([]);
    expect((await call('PUT', `/api/favorites/${a.id}`, cookie)).json()).toEqual([a.id]);
    expect((await call('PUT', `/api/favorites/${a.id}`, cookie)).json()).toEqual([a.id]);
    expect((await call('PUT', `/api/favorites/${b.id}`, cookie)).json()).toEqual([a.id, b.id]);
    expect(await favoritesCount(a.id)).toBe(1);
    expect((await call('DELETE', `/api/favorites/${a.id}`, cookie)).json()).toEqual([b.id]);
    expect((await call('DELETE', `/api/favorites/${a.id}`, cookie)).json()).toEqual([b.id]);
    expect(await favoritesCount(a.id)).toBe(0);
  });

  it('merges a visitor’s local favourites at login, skipping unknown ids, and feeds Most Favorited', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const first = await loginAs(t.app, await createUser(t.db));
    const second = await loginAs(t.app, await createUser(t.db));
    expect((await call('POST', '/api/favorites/merge', first, { companyIds: [a.id, b.id, 99999999] })).json()).toEqual([
      a.id,
      b.id,
    ]);
    await call('POST', '/api/favorites/merge', second, { companyIds: [b.id] });
    expect(await favoritesCount(b.id)).toBe(2);
    const bad = await call('POST', '/api/favorites/merge', first, { companyIds: ['x'] });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session and a real company', async () => {
    expect((await call('GET', '/api/favorites')).statusCode).toBe(401);
    expect((await call('PUT', '/api/favorites/1')).statusCode).toBe(401);
    expect((await call('POST', '/api/favorites/merge', undefined, { companyIds: [] })).statusCode).toBe(401);
    const cookie = await loginAs(t.app, await createUser(t.db));
    expect((await call('PUT', '/api/favorites/99999999', cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/favorites/abc', cookie)).statusCode).toBe(404);
  });
});
