import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeTightening, makePrivate } from './private-data-dir';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lp-private-unit-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const modeOf = (file: string) => lstatSync(file).mode & 0o777;

describe('makePrivate', () => {
  it("takes group and others' permissions off every entry, keeps the owner's, and counts what it changed", () => {
    const data = path.join(work, 'data');
    mkdirSync(path.join(data, 'mail'), { recursive: true });
    writeFileSync(path.join(data, 'mail', 'a.json'), '{}');
    writeFileSync(path.join(data, 'session-secret'), 'x');
    writeFileSync(path.join(data, 'already'), 'x');
    chmodSync(data, 0o755);
    chmodSync(path.join(data, 'mail'), 0o775);
    chmodSync(path.join(data, 'mail', 'a.json'), 0o666);
    chmodSync(path.join(data, 'session-secret'), 0o644);
    chmodSync(path.join(data, 'already'), 0o400);

    expect(makePrivate(data)).toEqual({ tightened: 4, failed: [] });
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(path.join(data, 'mail'))).toBe(0o700);
    expect(modeOf(path.join(data, 'mail', 'a.json'))).toBe(0o600);
    expect(modeOf(path.join(data, 'session-secret'))).toBe(0o600);
    expect(modeOf(path.join(data, 'already'))).toBe(0o400);
    expect(makePrivate(data)).toEqual({ tightened: 0, failed: [] });
  });

  it('neither follows nor changes a symbolic link inside, but follows one given as the directory', () => {
    const outside = path.join(work, 'outside.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    const data = path.join(work, 'data');
    mkdirSync(data, { mode: 0o700 });
    symlinkSync(outside, path.join(data, 'link'));
    expect(makePrivate(data).tightened).toBe(0);
    expect(modeOf(outside)).toBe(0o644);

    const real = path.join(work, 'real');
    mkdirSync(real, { mode: 0o755 });
    chmodSync(real, 0o755);
    symlinkSync(real, path.join(work, 'alias'));
    expect(makePrivate(path.join(work, 'alias')).tightened).toBe(1);
    expect(modeOf(real)).toBe(0o700);
  });

  it('finds nothing to do in a directory that does not exist yet', () => {
    expect(makePrivate(path.join(work, 'missing'))).toEqual({ tightened: 0, failed: [] });
  });
});

describe('describeTightening', () => {
  it('says nothing when nothing changed, and names the count otherwise', () => {
    expect(describeTightening('/d', { tightened: 0, failed: [] })).toBeUndefined();
    expect(describeTightening('/d', { tightened: 1, failed: [] })).toMatch(/^DATA_DIR: 1 entry under \/d .* made private/);
    expect(describeTightening('/d', { tightened: 0, failed: [{ path: '/d/x', reason: 'EPERM' }] })).toMatch(
      /1 entry under \/d could not be made private \(first: \/d\/x, EPERM\)/,
    );
  });
});
