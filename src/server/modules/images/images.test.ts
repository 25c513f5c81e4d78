/** The generic upload call and GET /api/objects/{id}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes, webpBytes } from '@/server/test/image-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

describe('uploads and objects', () => {
  it('needs a session to upload, and a multipart form', async () => {
    expect(
      (await send('POST', '/api/upload/single', undefined, {}, filePart(await pngBytes(), 'a.png', 'image/png', 'file')))
        .statusCode,
    ).toBe(401);
    const cookie = await loginAs(t.app, await createUser(t.db));
    const json = await call('POST', '/api/upload/single', cookie, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('Expected a multipart form');
    const wrongField = await send(
      'POST',
      '/api/upload/single',
      cookie,
      {},
      filePart(await pngBytes(), 'a.png', 'image/png', 'other'),
    );
    expect(wrongField.statusCode).toBe(400);
  });

  it('stores an upload and serves it with its type, an ETag and long-lived caching', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db));
    const answer = await send(
      'POST',
      '/api/upload/single',
      cookie,
      {},
      filePart(await webpBytes(), 'a.bin', 'application/octet-stream', 'file'),
    );
    expect(answer.statusCode).toBe(201);
    const upload = answer.json();
    expect(upload).toMatchObject({ sourceType: 'image/webp', contentType: 'image/webp', width: 40, height: 40 });
    expect(upload.objectId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const served = await call('GET', upload.objectUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(served.rawPayload.length).toBe(upload.byteSize);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: upload.objectUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 for unknown ids and for anything shaped like a path', async () => {
    for (const id of ['a'.repeat(24), 'nope', '..%2F..%2Fpackage.json', '%2e%2e', '..', 'x'.repeat(99)]) {
      const answer = await call('GET', `/api/objects/${id}`);
      expect({ id, status: answer.statusCode }).toEqual({ id, status: 404 });
    }
    // A NUL byte is refused before any lookup.
    expect((await call('GET', '/api/objects/%00abcdefghijklmnopqrs')).statusCode).toBe(400);
    const traversal = await t.app.inject({ method: 'GET', url: '/api/objects/../../package.json' });
    expect(traversal.statusCode).toBe(404);
  });

  it('sweeps day-old uploads that nothing uses, keeping those that became logos', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const company = await createCompany(t.db, { ownerId: user.id });
    const upload = async () =>
      (await send('POST', '/api/upload/single', cookie, {}, filePart(await pngBytes(), 'a.png', 'image/png', 'file'))).json();
    const unused = await upload();
    const logo = await upload();
    const fresh = await upload();
    await call('PATCH', `/api/companies/${company.id}/logo`, cookie, { logoObjectId: logo.objectId });
    await t.db.execute(
      sql`UPDATE stored_objects SET created_at = now() - interval '2 days' WHERE id IN (${unused.objectId}, ${logo.objectId})`,
    );

    expect(await t.app.services.images.sweepOrphanUploads()).toBe(1);
    expect((await call('GET', unused.objectUrl)).statusCode).toBe(404);
    expect((await call('GET', unused.thumbnailUrl)).statusCode).toBe(404);
    expect((await call('GET', logo.objectUrl)).statusCode).toBe(200);
    expect((await call('GET', fresh.objectUrl)).statusCode).toBe(200);
  });
});

describe('private images', () => {
  /** A customer's draft with a project photo, sent to two companies of two vendors. */
  async function privatePhoto() {
    const customer = await createUser(t.db);
    const customerCookie = await loginAs(t.app, customer);
    const [vendorA, vendorB] = [await createUser(t.db), await createUser(t.db)];
    const companyA = await createCompany(t.db, { ownerId: vendorA.id });
    const companyB = await createCompany(t.db, { ownerId: vendorB.id });
    const draft = (
      await call('POST', '/api/quotes', customerCookie, {
        quoteName: 'Cracked tiles',
        description: '',
        companyIds: [companyA.id, companyB.id],
      })
    ).json();
    const photo = (
      await send(
        'POST',
        `/api/quotes/${draft.id}/images`,
        customerCookie,
        {},
        filePart(await pngBytes(), 'p.png', 'image/png', 'image'),
      )
    ).json();
    return {
      customerCookie,
      draftId: draft.id as number,
      photo: photo as { objectUrl: string; thumbnailUrl: string },
      companyA,
      companyB,
      vendorA: await loginAs(t.app, vendorA),
      vendorB: await loginAs(t.app, vendorB),
    };
  }

  const description =
    'The bathroom floor tiles cracked along one line after the house settled; about four square metres. '.repeat(2);
  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it('serves a quote photo to its customer only, privately, and to the companies once the quote is sent', async () => {
    const p = await privatePhoto();
    const stranger = await loginAs(t.app, await createUser(t.db));
    for (const url of [p.photo.objectUrl, p.photo.thumbnailUrl]) {
      const own = await get(url, p.customerCookie);
      expect(own.statusCode, url).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-cache');
      expect(own.headers.vary).toBe('Cookie');
      // Anyone holding the link: nothing, not even a 304 for a matching ETag.
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
      expect((await get(url, stranger, { 'if-none-match': String(own.headers.etag) })).statusCode).toBe(404);
      // A company's owner sees a draft's photo only once the quote is sent to them.
      expect((await get(url, p.vendorA)).statusCode, url).toBe(404);
    }
    const submitted = await call('POST', `/api/quotes/${p.draftId}/submit`, p.customerCookie, {
      quoteName: 'Cracked tiles',
      description,
    });
    expect(submitted.statusCode).toBe(200);
    for (const url of [p.photo.objectUrl, p.photo.thumbnailUrl]) {
      expect((await get(url, p.vendorA)).statusCode, url).toBe(200);
      expect((await get(url, p.vendorB)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
    }
    const admin = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
    expect((await get(p.photo.objectUrl, admin)).statusCode).toBe(200);
  });

  it('serves a message image to the two sides of its conversation only', async () => {
    const p = await privatePhoto();
    await call('POST', `/api/quotes/${p.draftId}/submit`, p.customerCookie, { quoteName: 'Cracked tiles', description });
    const posted = await send(
      'POST',
      `/api/quotes/${p.draftId}/companies/${p.companyA.id}/messages`,
      p.customerCookie,
      { message: 'Here is the crack up close' },
      filePart(await pngBytes(), 'crack.png', 'image/png', 'image'),
    );
    expect(posted.statusCode).toBe(201);
    const url = posted.json().message.imageUrl as string;
    expect((await get(url, p.customerCookie)).statusCode).toBe(200);
    expect((await get(url, p.vendorA)).statusCode).toBe(200);
    // The other company of the same quote is not part of this conversation.
    expect((await get(url, p.vendorB)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('keeps logos and company photos public and cacheable by anyone', async () => {
    const owner = await createUser(t.db, { isVerified: true });
    const company = await createCompany(t.db, { ownerId: owner.id });
    const cookie = await loginAs(t.app, owner);
    const photo = await send(
      'POST',
      `/api/companies/${company.id}/images`,
      cookie,
      {},
      filePart(await pngBytes(), 'c.png', 'image/png', 'image'),
    );
    expect(photo.statusCode).toBe(201);
    const served = await get(photo.json().objectUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
