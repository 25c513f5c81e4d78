/** A password hash in the format the app wrote before argon2id (scrypt, N=2^14), for upgrade tests. */
import { randomBytes, scryptSync } from 'node:crypto';

export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}
