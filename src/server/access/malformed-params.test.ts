/**
 * A malformed id that names the resource is the policy's 404; another malformed param beside it is
 * a 400 with the schema's message (after the policy: a stranger still hears 403), not a "company not
 * found" that blames the wrong thing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('answers 404 for a resource id that cannot exist, 403 to a stranger, and 400 for another malformed param', async () => {
  const owner = await createUser(t.db);
  const company = await createCompany(t.db, { ownerId: owner.id });
  const cookie = await loginAs(t.app, owner);
  const call = apiCaller(t.app);
  const unknownCompany = await call('DELETE', '/api/companies/abc/images/1', cookie);
  expect(unknownCompany.statusCode).toBe(404);
  const badImage = await call('DELETE', `/api/companies/${company.id}/images/abc`, cookie);
  expect(badImage.statusCode).toBe(400);
  expect(badImage.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  const stranger = await loginAs(t.app, await createUser(t.db));
  expect((await call('DELETE', `/api/companies/${company.id}/images/abc`, stranger)).statusCode).toBe(403);
  expect((await call('GET', '/api/quotes/0', cookie)).statusCode).toBe(404);
});
