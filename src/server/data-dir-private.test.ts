/**
 * DATA_DIR holds password hashes (the embedded database), reset and verification links (the dev
 * mailbox), the session secret and every upload: the real server process keeps all of it private
 * to the user running it — directories 0700, files 0600 — whatever umask it was started with, on a
 * first start and on a directory an earlier version left readable to everyone.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './test/server-process';
import { createPostgresCopy, dropPostgresCopy, testDatabaseKind } from './test/test-database';

let parent: string;
let database: string | undefined;
const env: Record<string, string> = { SMTP_URL: '', SMS_URL: '' };

beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'lp-private-'));
  if (testDatabaseKind() === 'postgres') {
    const copy = await createPostgresCopy();
    env.DATABASE_URL = copy.databaseUrl;
    database = copy.database;
  }
});
afterAll(async () => {
  rmSync(parent, { recursive: true, force: true });
  if (database) await dropPostgresCopy(database);
});

interface Entry {
  path: string;
  kind: 'dir' | 'file';
  mode: number;
}

/** Every directory and file under `dir`, itself included, with its permission bits. */
function entriesOf(dir: string): Entry[] {
  const stat = lstatSync(dir);
  const here: Entry = { path: dir, kind: stat.isDirectory() ? 'dir' : 'file', mode: stat.mode & 0o777 };
  if (!stat.isDirectory()) return [here];
  return [here, ...readdirSync(dir).flatMap((name) => entriesOf(path.join(dir, name)))];
}

/** The entries that are not private: a directory other than 0700, a file other than 0600. */
function notPrivate(dir: string): string[] {
  return entriesOf(dir)
    .filter((entry) => entry.mode !== (entry.kind === 'dir' ? 0o700 : 0o600))
    .map((entry) => `${path.relative(dir, entry.path) || '.'} ${entry.mode.toString(8)}`);
}

async function stop(running: Running): Promise<void> {
  running.child.kill('SIGTERM');
  expect(await running.exited, running.output().slice(-2000)).toBe(0);
}

/** Signs up (the verification mail lands in DATA_DIR/mail) and uploads a photo (DATA_DIR/objects). */
async function signUpAndUpload(running: Running, dataDir: string): Promise<void> {
  const email = `private.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await fetch(`${running.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Moss', email, password: 'private-pass-1' }),
  });
  expect(signup.status).toBe(201);
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0];
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const upload = await fetch(`${running.base}/api/upload/single`, { method: 'POST', headers: { cookie }, body: form });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const mailed = () => {
    try {
      return readdirSync(path.join(dataDir, 'mail')).some((name) => name.endsWith('.json'));
    } catch {
      return false;
    }
  };
  await expect.poll(mailed, { timeout: 20_000 }).toBe(true);
}

describe('DATA_DIR', () => {
  it('is private after a first start with umask 022: the database, mail, objects and secrets', async () => {
    const dataDir = path.join(parent, 'fresh');
    const running = await startServer({ ...env, DATA_DIR: dataDir }, { umask: '022' });
    try {
      await signUpAndUpload(running, dataDir);
      const names = readdirSync(dataDir);
      expect(names).toEqual(expect.arrayContaining(['mail', 'objects', 'session-secret']));
      if (testDatabaseKind() === 'pglite') expect(names).toContain('pglite');
      expect(entriesOf(path.join(dataDir, 'objects')).filter((e) => e.kind === 'file').length).toBeGreaterThan(0);
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await stop(running);
    }
    // What the database writes as it closes is private too; and nothing needed tightening.
    expect(notPrivate(dataDir)).toEqual([]);
    expect(running.output()).not.toMatch(/made private/);
  }, 180_000);

  it('left readable to everyone by an earlier version is tightened at start, and said once', async () => {
    const dataDir = path.join(parent, 'loose');
    const first = await startServer({ ...env, DATA_DIR: dataDir }, { umask: '022' });
    try {
      await signUpAndUpload(first, dataDir);
    } finally {
      await stop(first);
    }
    // As an earlier version left it under umask 022: directories 0755, files 0644.
    const entries = entriesOf(dataDir);
    for (const entry of entries) chmodSync(entry.path, entry.kind === 'dir' ? 0o755 : 0o644);
    expect(notPrivate(dataDir)).toHaveLength(entries.length);

    const second = await startServer({ ...env, DATA_DIR: dataDir }, { umask: '022' });
    try {
      expect(notPrivate(dataDir)).toEqual([]);
      const said = second.output().match(/DATA_DIR: (\d+) entries .*made private/g) ?? [];
      expect(said, second.output().slice(-3000)).toHaveLength(1);
      expect(said[0]).toContain(`DATA_DIR: ${entries.length} entries`);
    } finally {
      await stop(second);
    }

    const third = await startServer({ ...env, DATA_DIR: dataDir }, { umask: '022' });
    try {
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await stop(third);
    }
    expect(third.output()).not.toMatch(/made private/);
  }, 300_000);
});
