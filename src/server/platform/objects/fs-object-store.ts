/** Objects as files under DATA_DIR/objects, fanned out by the first two characters of the key. */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStore } from './object-store';

export class FsObjectStore implements ObjectStore {
  readonly kind = 'fs' as const;

  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file, a crash leaves only a temp file.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await copyFile(source, temp);
    await rename(temp, file);
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
