/**
 * Passwords and random tokens (tokens are stored only as SHA-256 hashes).
 *
 * Passwords are hashed with argon2id at OWASP's recommended strength (19 MiB, 2 passes, 1 lane:
 * the Password Storage Cheat Sheet's first configuration) through @node-rs/argon2, which runs on
 * libuv's thread pool, never on the event loop. Hashes run a few at a time (one fewer than the
 * cores), so a burst of logins queues here instead of taking every core from the requests around
 * it (docs/decisions/004-argon2id-passwords.md). Older scrypt hashes still verify and are
 * replaced by an argon2id hash at the next successful login (`needsRehash`).
 */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1. */
export const ARGON2_PARAMS = {
  algorithm: 2 satisfies Algorithm.Argon2id, // a const enum, which isolatedModules cannot read
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

type Argon2Params = { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number };

/**
 * The settings new hashes are made with. Production code never changes them; a test process
 * lowers them (`hashPasswordsCheaplyForTests`) because the suite signs up and logs in hundreds of
 * users and a production-strength hash costs about 40 ms of a core each.
 */
let params: Argon2Params = ARGON2_PARAMS;

/**
 * For test processes only (their setup file calls it): argon2id at its lowest cost. The unit
 * tests, which do not call it, and a spawned server in the API suite prove the production settings.
 */
export function hashPasswordsCheaplyForTests(): void {
  params = { algorithm: ARGON2_PARAMS.algorithm, memoryCost: 64, timeCost: 1, parallelism: 1 };
}

/** Hashes running at once; the rest wait their turn. */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(HASH_CONCURRENCY);

/** The same password in any Unicode form gives the same hash. */
const normalize = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return hashing(() => argon2Hash(normalize(password), params));
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    return hashing(() => argon2Verify(stored, normalize(password)).catch(() => false));
  }
  if (stored.startsWith('scrypt$')) return hashing(() => verifyLegacyScrypt(password, stored));
  return Promise.resolve(false);
}

/** True for a hash made with older or weaker settings than today's: replace it at the next login. */
export function needsRehash(stored: string): boolean {
  const { memoryCost, timeCost, parallelism } = params;
  return !stored.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

// ── scrypt, the format before argon2id: scrypt$N$r$p$salt$hash (base64url) ──

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scrypt(normalize(password), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  }).catch(() => undefined);
  return key !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password hash that no password matches, for accounts created without one (demo reviewers). */
export const UNUSABLE_PASSWORD_HASH = 'disabled$';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
