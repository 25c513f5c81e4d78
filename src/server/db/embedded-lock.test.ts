/** The embedded database's lock: one process at a time, and a DATA_DIR made on its first use. */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUse, lockFileOf, readEmbeddedLock, takeEmbeddedLock } from './embedded-lock';

describe('the embedded database lock', () => {
  it('makes a DATA_DIR that does not exist yet, private, and lets one holder at a time', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'lp-lock-')), 'fresh', 'data');
    const pglite = path.join(dataDir, 'pglite');
    const release = takeEmbeddedLock(pglite, '/tmp/lp-socket');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(lockFileOf(pglite)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(lockFileOf(pglite), 'utf8'))).toEqual({ pid: process.pid, socketDir: '/tmp/lp-socket' });
    release();
    expect(existsSync(lockFileOf(pglite))).toBe(false);
    // Another live process holding it (the test's parent stands in): refused, its lock kept.
    writeFileSync(lockFileOf(pglite), JSON.stringify({ pid: process.ppid, socketDir: '/tmp/lp-other' }));
    expect(readEmbeddedLock(pglite)).toMatchObject({ pid: process.ppid });
    expect(() => takeEmbeddedLock(pglite, '/tmp/lp-socket')).toThrow(EmbeddedDatabaseInUse);
  });
});
