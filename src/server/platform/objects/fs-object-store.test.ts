/** The file-system store: bytes and files in, streams out, and nothing half-written left behind. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, expect, it } from 'vitest';
import { FsObjectStore } from './fs-object-store';
import type { ObjectStore } from './object-store';

const directory = mkdtempSync(path.join(os.tmpdir(), 'lp-fs-store-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

it('puts bytes and local files, gets them back, and deletes them; a missing key is undefined', async () => {
  const store: ObjectStore = new FsObjectStore(path.join(directory, 'objects'));
  await store.put('bytesKey_0123456789', Buffer.from('hello disk'), 'text/plain');
  expect((await buffer((await store.get('bytesKey_0123456789'))!)).toString()).toBe('hello disk');

  const file = path.join(directory, 'archive.bin');
  const bytes = randomBytes(2 * 1024 * 1024 + 5);
  writeFileSync(file, bytes);
  await store.putFile('fileKey_0123456789ab', file, 'application/zip');
  expect((await buffer((await store.get('fileKey_0123456789ab'))!)).equals(bytes)).toBe(true);
  // Written beside its final name and renamed: no temp file stays.
  expect(readdirSync(path.join(directory, 'objects', 'fi'))).toEqual(['fileKey_0123456789ab']);

  await store.delete('fileKey_0123456789ab');
  expect(await store.get('fileKey_0123456789ab')).toBeUndefined();
  await expect(store.putFile('../../etc/passwd', file, 'text/plain')).rejects.toThrow(/unsafe object key/);
});
