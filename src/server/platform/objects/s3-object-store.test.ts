/**
 * The S3 driver against a real S3-compatible server on loopback (s3rver): the store's own calls,
 * and an upload through the app served back from the bucket.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '@/server/test/factories';
import { apiCaller, freePort, multipartCaller, startTestApp, type TestApp } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { S3ObjectStore } from './s3-object-store';

const BUCKET = 'localpros-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let endpoint: string;
let directory: string;
let t: TestApp;

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'lp-s3-'));
  const port = await freePort();
  server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    OBJECT_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('S3 object store', () => {
  it('puts, gets and deletes objects; a missing key is undefined', async () => {
    const store = new S3ObjectStore({ endpoint, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS });
    const key = 'roundTripKey_0123456789';
    await store.put(key, Buffer.from('hello bucket'), 'text/plain');
    expect((await bytesOf((await store.get(key))!)).toString()).toBe('hello bucket');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await store.delete(key); // already gone: not an error
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/unsafe object key/);
    store.close();
  });

  it('stores a local file streamed, byte for byte (a data-export archive)', async () => {
    const store = new S3ObjectStore({ endpoint, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS });
    const file = path.join(directory, 'archive.bin');
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    writeFileSync(file, bytes);
    const key = 'streamedFileKey_0123456789';
    await store.putFile(key, file, 'application/zip');
    expect((await bytesOf((await store.get(key))!)).equals(bytes)).toBe(true);
    await store.delete(key);
    store.close();
  });

  it('serves an upload made through the app from the bucket', async () => {
    expect(t.app.services.images.store.kind).toBe('s3');
    const cookie = await loginAs(t.app, await createUser(t.db));
    const png = await pngBytes(50, 30);
    const upload = await multipartCaller(t.app)(
      'POST',
      '/api/upload/single',
      cookie,
      {},
      filePart(png, 'a.png', 'image/png', 'file'),
    );
    expect(upload.statusCode).toBe(201);
    const { objectUrl, byteSize } = upload.json();
    const served = await apiCaller(t.app)('GET', objectUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.length).toBe(byteSize);
  });
});
