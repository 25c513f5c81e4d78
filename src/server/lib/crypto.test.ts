import { describe, expect, it } from 'vitest';
import { legacyScryptHash } from '@/server/test/legacy-password';
import { hashPassword, needsRehash, verifyPassword } from './crypto';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s strength, salted, and verifies', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('treats one password in different Unicode forms as the same', async () => {
    const composed = 'caf\u00e9-password';
    const decomposed = 'cafe\u0301-password';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('still verifies the old scrypt hashes, and asks for them to be replaced', async () => {
    const old = legacyScryptHash('an-older-password');
    expect(await verifyPassword('an-older-password', old)).toBe(true);
    expect(await verifyPassword('another-password', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    // Weaker argon2 settings are replaced too.
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('refuses malformed and disabled hashes without throwing', async () => {
    for (const stored of ['disabled$', '', 'scrypt$', '$argon2id$garbage', 'plain-text']) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
  });
});
