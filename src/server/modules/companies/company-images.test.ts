/** Company photos: the pipeline's rules as owners meet them. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import {
  decompressionBombPng,
  filePart,
  gifBytes,
  jpegWithGps,
  pngBytes,
  SVG_WITH_EXTERNAL_IMAGE,
  SVG_WITH_SCRIPT,
  webpBytes,
} from '@/server/test/image-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
const send = (...args: Parameters<ReturnType<typeof multipartCaller>>) => multipartCaller(t.app)(...args);

async function ownerWithCompany() {
  const user = await createUser(t.db, { isVerified: true });
  const company = await createCompany(t.db, { ownerId: user.id });
  return { user, company, cookie: await loginAs(t.app, user), url: `/api/companies/${company.id}/images` };
}

describe('company photos', () => {
  it('adds a photo with its caption, lists it and serves a display size and a WebP thumbnail', async () => {
    const { url, cookie } = await ownerWithCompany();
    const added = await send('POST', url, cookie, { caption: 'Our van' }, filePart(await pngBytes(2400, 1200)));
    expect(added.statusCode).toBe(201);
    const image = added.json();
    expect(image).toMatchObject({ caption: 'Our van', displayOrder: 0 });

    const listed = (await call('GET', url)).json();
    expect(listed).toEqual([image]);
    const display = await call('GET', image.objectUrl);
    expect(display.headers['content-type']).toBe('image/png');
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({ width: 1600, height: 800 });
    const thumb = await call('GET', image.thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });
  });

  it('refuses the 11th photo, also when uploads race', async () => {
    const { url, cookie } = await ownerWithCompany();
    const png = await pngBytes(32, 32);
    for (let i = 0; i < 8; i += 1) expect((await send('POST', url, cookie, {}, filePart(png))).statusCode).toBe(201);
    const racing = await Promise.all([1, 2, 3, 4].map(() => send('POST', url, cookie, {}, filePart(png))));
    expect(racing.map((a) => a.statusCode).sort()).toEqual([201, 201, 400, 400]);
    const eleventh = await send('POST', url, cookie, {}, filePart(png));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().error).toBe('A company can have at most 10 photos');
    expect((await call('GET', url)).json()).toHaveLength(10);
  });

  it('refuses a file over 5 MB with the spec’s message, while it streams', async () => {
    const { url, cookie } = await ownerWithCompany();
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const answer = await send('POST', url, cookie, {}, filePart(big));
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error).toBe('Maximum file size is 5MB.');
    expect((await call('GET', url)).json()).toEqual([]);
  });

  it('takes the type from the bytes: text named .png, WebP and empty files are refused', async () => {
    const { url, cookie } = await ownerWithCompany();
    const text = await send('POST', url, cookie, {}, filePart(Buffer.from('hello, I am not a picture'), 'x.png'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('Only JPG, PNG, GIF and SVG images are allowed.');
    const webp = await send('POST', url, cookie, {}, filePart(await webpBytes(), 'x.png'));
    expect(webp.json().error).toBe('Only JPG, PNG, GIF and SVG images are allowed.');
    const empty = await send('POST', url, cookie, {}, filePart(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const truncated = await send('POST', url, cookie, {}, filePart((await pngBytes(300, 300)).subarray(0, 120)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toBe('The file is not a valid image.');
    const none = await send('POST', url, cookie, { caption: 'no file' });
    expect(none.json().error).toBe('Choose an image to upload');
    expect((await call('GET', url)).json()).toEqual([]);
  });

  it('rasterizes an SVG carrying a script and never serves SVG', async () => {
    const { url, cookie } = await ownerWithCompany();
    const answer = await send('POST', url, cookie, {}, filePart(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'));
    expect(answer.statusCode).toBe(201);
    const served = await call('GET', answer.json().objectUrl);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes('script')).toBe(false);
    const external = await send('POST', url, cookie, {}, filePart(SVG_WITH_EXTERNAL_IMAGE, 'x.svg', 'image/svg+xml'));
    expect(external.statusCode).toBe(400);
    expect(external.json().error).toBe('SVG images may not reference other files.');
  });

  it('strips EXIF and GPS from photos and keeps GIFs as GIFs', async () => {
    const { url, cookie } = await ownerWithCompany();
    const source = await jpegWithGps();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const added = await send('POST', url, cookie, {}, filePart(source, 'phone.jpg', 'image/jpeg'));
    const served = await call('GET', added.json().objectUrl);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('PhoneMaker')).toBe(false);
    expect(served.rawPayload.includes('Secret Owner')).toBe(false);

    const gif = await send('POST', url, cookie, {}, filePart(await gifBytes(), 'a.gif', 'image/gif'));
    expect((await call('GET', gif.json().objectUrl)).headers['content-type']).toBe('image/gif');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const { url, cookie } = await ownerWithCompany();
    const answer = await send('POST', url, cookie, {}, filePart(await decompressionBombPng()));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('The image is too large to process (over 40 megapixels).');
  });

  it('edits captions, swaps displayOrder, deletes with the bytes, and refuses everyone but the owner', async () => {
    const { url, cookie, company } = await ownerWithCompany();
    const png = await pngBytes(20, 20);
    const first = (await send('POST', url, cookie, { caption: 'first' }, filePart(png))).json();
    const second = (await send('POST', url, cookie, { caption: 'second' }, filePart(png))).json();
    expect(second.displayOrder).toBe(1);

    const stranger = await createUser(t.db, { isVerified: true });
    const strangerCookie = await loginAs(t.app, stranger);
    expect((await send('POST', url, strangerCookie, {}, filePart(png))).statusCode).toBe(403);
    expect((await send('POST', url, undefined, {}, filePart(png))).statusCode).toBe(401);
    expect((await call('PATCH', `${url}/${first.id}`, strangerCookie, { caption: 'mine now' })).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${first.id}`, strangerCookie)).statusCode).toBe(403);

    const renamed = await call('PATCH', `${url}/${first.id}`, cookie, { caption: 'Front door' });
    expect(renamed.json()).toMatchObject({ id: first.id, caption: 'Front door' });
    expect((await call('PATCH', `${url}/${first.id}`, cookie, { caption: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call('PATCH', `${url}/${first.id}`, cookie, {})).statusCode).toBe(400);

    // The client's reorder: two PATCH calls swapping neighbours' displayOrder.
    await call('PATCH', `${url}/${first.id}`, cookie, { displayOrder: 1 });
    await call('PATCH', `${url}/${second.id}`, cookie, { displayOrder: 0 });
    expect((await call('GET', url)).json().map((i: { id: number }) => i.id)).toEqual([second.id, first.id]);
    expect((await call('GET', `/api/companies/${company.id}`)).json().firstImage.id).toBe(second.id);

    const other = await ownerWithCompany();
    expect((await call('PATCH', `${other.url}/${first.id}`, other.cookie, { caption: 'x' })).statusCode).toBe(404);

    expect((await call('DELETE', `${url}/${first.id}`, cookie)).json()).toEqual({ success: true });
    expect((await call('GET', first.objectUrl)).statusCode).toBe(404);
    expect((await call('GET', first.thumbnailUrl)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${first.id}`, cookie)).statusCode).toBe(404);
    expect((await call('GET', url)).json().map((i: { id: number }) => i.id)).toEqual([second.id]);
  });
});
