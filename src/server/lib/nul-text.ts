/** PostgreSQL text cannot hold U+0000: inputs carrying it are refused at the door with this message. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** Whether any string (key or value) in a parsed input holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}
