import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { createUser, loginAs } from '@/server/test/factories';
import { freshIp, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const put = (id: number, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    payload: payload as object,
    remoteAddress: freshIp(),
    headers: cookie ? { cookie } : {},
  });

describe('PUT /api/users/{id}', () => {
  it('updates one’s own names, phone and notification flags', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await put(
      user.id,
      {
        firstName: 'Rosa',
        lastName: 'Diaz',
        phoneNumber: '(555) 010-2030',
        textNotifications: true,
        textNotificationsQuotes: true,
      },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      firstName: 'Rosa',
      lastName: 'Diaz',
      phoneNumber: '(555) 010-2030',
      textNotifications: true,
      textNotificationsQuotes: true,
      textNotificationsMessages: false,
    });
  });

  it('turns sub-switches off with their parent', async () => {
    const user = await createUser(t.db, { phoneNumber: '5550102030', textNotifications: true, textNotificationsMessages: true });
    const cookie = await loginAs(t.app, user);
    const answer = (await put(user.id, { emailNotifications: false, textNotifications: false }, cookie)).json();
    expect(answer).toMatchObject({
      emailNotifications: false,
      emailNotificationsQuotes: false,
      emailNotificationsMessages: false,
      textNotifications: false,
      textNotificationsQuotes: false,
      textNotificationsMessages: false,
    });
  });

  it('switches the weekly summary on and off, apart from the e-mail switch', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await put(user.id, {}, cookie)).json()).toMatchObject({ emailWeeklySummary: true });
    const off = await put(user.id, { emailWeeklySummary: false }, cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ emailWeeklySummary: false, emailNotifications: true, emailNotificationsQuotes: true });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.emailWeeklySummary).toBe(false);
    // E-mail off pauses the summary (the job skips the owner) but keeps the choice for when it is back on.
    await put(user.id, { emailWeeklySummary: true }, cookie);
    expect((await put(user.id, { emailNotifications: false }, cookie)).json()).toMatchObject({
      emailNotifications: false,
      emailWeeklySummary: true,
    });
    const wrongType = await put(user.id, { emailWeeklySummary: 'no' }, cookie);
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses text notifications without a phone, and a short phone, with a clear 400', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const noPhone = await put(user.id, { textNotifications: true }, cookie);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error).toBe('A phone number is required for text notifications');
    const shortPhone = await put(user.id, { phoneNumber: '555' }, cookie);
    expect(shortPhone.statusCode).toBe(400);
    expect(shortPhone.json().error).toBe('Valid phone number is required');
    const wrongType = await put(user.id, { emailNotifications: 'yes' }, cookie);
    expect(wrongType.statusCode).toBe(400);
  });

  it('ignores fields a user may not set', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const answer = (await put(user.id, { isAdmin: true, isVerified: true, email: 'hijack@example.com' }, cookie)).json();
    expect(answer).toMatchObject({ isAdmin: false, isVerified: false, email: user.email });
  });

  it('refuses the anonymous with 401 and other users with 403, whatever the body', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const cookie = await loginAs(t.app, other);
    expect((await put(owner.id, { firstName: 'X' })).statusCode).toBe(401);
    expect((await put(owner.id, { firstName: 12345 })).statusCode).toBe(401);
    expect((await put(owner.id, { firstName: 'X' }, cookie)).statusCode).toBe(403);
    expect((await put(owner.id, { firstName: 12345 }, cookie)).statusCode).toBe(403);
  });

  it('lets an admin update another user', async () => {
    const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
    const target = await createUser(t.db);
    const cookie = await loginAs(t.app, admin);
    const response = await put(target.id, { firstName: 'Changed' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().firstName).toBe('Changed');
  });

  it('answers 404 for a user that does not exist and 400 for a malformed id', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const cookie = await loginAs(t.app, admin);
    expect((await put(99999999, { firstName: 'X' }, cookie)).statusCode).toBe(404);
    expect((await put('abc' as unknown as number, { firstName: 'X' }, cookie)).statusCode).toBe(400);
  });
});
