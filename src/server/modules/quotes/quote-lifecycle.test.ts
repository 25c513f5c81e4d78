/** The customer's side of a quote: list and counts, editing, submitting, images, refusals. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes, webpBytes } from '@/server/test/image-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

const LONG = 'We need the whole bathroom re-tiled, the shower valve replaced and the vanity moved by a metre. ';
const FORBIDDEN = "You don't have permission to view or edit this quote. This quote belongs to another user.";

async function customer() {
  const user = await createUser(t.db);
  return { user, cookie: await loginAs(t.app, user) };
}

describe('quote list', () => {
  it('pages the caller’s quotes with counts from one grouped query and unread counts', async () => {
    const { user, cookie } = await customer();
    const company = await createCompany(t.db);
    for (let i = 0; i < 12; i += 1) await createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'draft' });
    await createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'in_progress' });
    await createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'completed' });
    await createQuote(t.db, { userId: (await createUser(t.db)).id, companyIds: [company.id] });

    expect((await call('GET', '/api/quotes')).statusCode).toBe(401);
    const first = (await call('GET', '/api/quotes', cookie)).json();
    expect(first.data).toHaveLength(10);
    expect(first).toMatchObject({ total: 14, totalPages: 2, counts: { total: 14, draft: 12, in_progress: 1, completed: 1 } });
    expect(first.data[0]).toMatchObject({ companyCount: 1, unreadCount: 0 });
    const second = (await call('GET', '/api/quotes?page=2', cookie)).json();
    expect(second.data).toHaveLength(4);
    const drafts = (await call('GET', '/api/quotes?status=draft&pageSize=5', cookie)).json();
    expect(drafts).toMatchObject({ total: 12, totalPages: 3 });
    expect(drafts.data.every((q: { status: string }) => q.status === 'draft')).toBe(true);
    const junk = await call('GET', '/api/quotes?status=nonsense&page=-4&pageSize=abc', cookie);
    expect(junk.statusCode).toBe(200);
    expect(junk.json().data).toHaveLength(10);
  });
});

describe('a draft', () => {
  it('cannot be addressed to the caller’s own business', async () => {
    const { user, cookie } = await customer();
    const own = await createCompany(t.db, { ownerId: user.id });
    const other = await createCompany(t.db);
    const answer = await call('POST', '/api/quotes', cookie, { quoteName: 'Mine', companyIds: [other.id, own.id] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('You cannot request a quote from your own business');
    expect((await call('POST', '/api/quotes', cookie, { quoteName: 'Theirs', companyIds: [other.id] })).statusCode).toBe(201);
  });

  it('is read and changed only by its customer, with the spec’s messages', async () => {
    const { user, cookie } = await customer();
    const company = await createCompany(t.db);
    const quote = await createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'draft' });
    const url = `/api/quotes/${quote.id}`;

    const stranger = await customer();
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PUT', url, { quoteName: '' }],
      ['POST', `${url}/submit`, {}],
      ['DELETE', `${url}/images/1`, undefined],
    ] as const) {
      const refused = await call(method, path, stranger.cookie, body);
      expect({ path, method, status: refused.statusCode, error: refused.json().error }).toEqual({
        path,
        method,
        status: 403,
        error: FORBIDDEN,
      });
    }
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/quotes/999999', cookie)).statusCode).toBe(404);
    // A vendor does not see a draft that was never sent to them.
    const owner = await createUser(t.db);
    const ownedCompany = await createCompany(t.db, { ownerId: owner.id });
    const draftToVendor = await createQuote(t.db, { userId: user.id, companyIds: [ownedCompany.id], status: 'draft' });
    expect((await call('GET', `/api/quotes/${draftToVendor.id}`, await loginAs(t.app, owner))).statusCode).toBe(403);

    const short = await call('PUT', url, cookie, { quoteName: 'Bathroom', description: 'Too short' });
    expect(short.json().error).toBe('Description must be at least 100 characters long.');
    const saved = await call('PUT', url, cookie, { quoteName: 'Bathroom refit', description: LONG + LONG });
    expect(saved.json()).toMatchObject({ quoteName: 'Bathroom refit', status: 'draft' });

    const early = await call('POST', `${url}/submit`, cookie, { quoteName: 'Bathroom refit', description: 'short' });
    expect(early.json().error).toBe('Description must be at least 100 characters long before submitting.');
    const submitted = await call('POST', `${url}/submit`, cookie, { quoteName: 'Bathroom refit', description: LONG + LONG });
    expect(submitted.json()).toMatchObject({ status: 'in_progress', companyCount: 1 });

    const again = await call('PUT', url, cookie, { quoteName: 'Renamed', description: LONG + LONG });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This quote is no longer in draft mode and cannot be edited');
    // Now its company's owner is a party too.
    const vendorView = await call('GET', url, await loginAs(t.app, await createUser(t.db)));
    expect(vendorView.statusCode).toBe(403);
  });

  it('takes JPG, PNG, GIF and WebP images up to 5 MB while it is a draft', async () => {
    const { user, cookie } = await customer();
    const quote = await createQuote(t.db, { userId: user.id, companyIds: [(await createCompany(t.db)).id], status: 'draft' });
    const url = `/api/quotes/${quote.id}/images`;
    const webp = await send('POST', url, cookie, {}, filePart(await webpBytes(), 'a.webp', 'image/webp'));
    expect(webp.statusCode).toBe(201);
    const svg = await send(
      'POST',
      url,
      cookie,
      {},
      filePart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'),
    );
    expect(svg.json().error).toBe('Only JPG, PNG, GIF and WebP images are allowed.');
    const big = await send('POST', url, cookie, {}, filePart(Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024)])));
    expect(big.json().error).toBe('Maximum file size is 5MB.');
    const stranger = await customer();
    expect((await send('POST', url, stranger.cookie, {}, filePart(await pngBytes()))).statusCode).toBe(403);

    const quoteNow = (await call('GET', `/api/quotes/${quote.id}`, cookie)).json();
    expect(quoteNow.images).toEqual([expect.objectContaining({ id: webp.json().id })]);
    expect((await call('DELETE', `${url}/${webp.json().id}`, cookie)).json()).toEqual({ success: true });
    expect((await call('GET', webp.json().objectUrl)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${webp.json().id}`, cookie)).statusCode).toBe(404);
  });

  it('holds ten images when fourteen uploads race', async () => {
    const { user, cookie } = await customer();
    const quote = await createQuote(t.db, { userId: user.id, companyIds: [(await createCompany(t.db)).id], status: 'draft' });
    const png = await pngBytes();
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => send('POST', `/api/quotes/${quote.id}/images`, cookie, {}, filePart(png))),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.json().error)).toEqual(Array(4).fill('A quote can have at most 10 images'));
    const stored = await t.db.execute<{ images: number; objects: number }>(sql`
      SELECT (SELECT count(*)::int FROM quote_images WHERE quote_id = ${quote.id}) AS images,
             (SELECT count(*)::int FROM stored_objects WHERE kind = 'quote_image' AND created_by_user_id = ${user.id}) AS objects`);
    // Nothing of a refused upload is kept: ten images, each a display rendition and a thumbnail.
    expect(stored.rows[0]).toEqual({ images: 10, objects: 20 });
  });

  it('cannot be submitted without a company', async () => {
    const { user, cookie } = await customer();
    const quote = await createQuote(t.db, { userId: user.id, companyIds: [], status: 'draft' });
    const answer = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, { quoteName: 'Empty', description: LONG + LONG });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('You need at least one company in your quote.');
  });
});

describe('inactivity', () => {
  it('completes open quotes (in progress or submitted) idle past the platform timeout, and never with a timeout of 0', async () => {
    const { user, cookie } = await customer();
    const company = await createCompany(t.db);
    const idle = await createQuote(t.db, { userId: user.id, companyIds: [company.id] });
    const busy = await createQuote(t.db, { userId: user.id, companyIds: [company.id] });
    const draft = await createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'draft' });
    const revived = await createQuote(t.db, { userId: user.id, companyIds: [company.id] });
    const submitted = await createQuote(t.db, { userId: user.id, companyIds: [company.id], status: 'submitted' });
    await t.db.execute(
      sql`UPDATE quotes SET last_activity_at = now() - interval '31 days'
           WHERE id IN (${idle.id}, ${draft.id}, ${revived.id}, ${submitted.id})`,
    );
    // A message is activity: it keeps its quote open.
    const message = { message: 'Still interested?' };
    expect((await call('POST', `/api/quotes/${revived.id}/companies/${company.id}/messages`, cookie, message)).statusCode).toBe(
      201,
    );
    const status = async (id: number) =>
      (await t.db.execute<{ status: string }>(sql`SELECT status FROM quotes WHERE id = ${id}`)).rows[0].status;

    await t.db.execute(sql`UPDATE platform_settings SET value = '0' WHERE key = 'quote_inactivity_timeout_days'`);
    expect(await t.app.services.quoteLifecycle.completeInactive()).toEqual([]);
    expect(await status(idle.id)).toBe('in_progress');

    await t.db.execute(sql`UPDATE platform_settings SET value = '30' WHERE key = 'quote_inactivity_timeout_days'`);
    const swept = await Promise.all([
      t.app.services.quoteLifecycle.completeInactive(),
      t.app.services.quoteLifecycle.completeInactive(),
    ]);
    expect(swept.flatMap((ids) => ids ?? [])).toContain(idle.id);
    expect(await status(idle.id)).toBe('completed');
    expect(await status(submitted.id)).toBe('completed');
    expect(await status(busy.id)).toBe('in_progress');
    expect(await status(revived.id)).toBe('in_progress');
    expect(await status(draft.id)).toBe('draft');
  });
});
