/**
 * The typo-tolerance lookup is remembered between searches and forgotten on every node once
 * words are added to search_terms (the stamp row of migration 0015), within `revalidateMs`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/client';
import { openTestDatabase } from '@/server/test/test-database';
import { findSimilarTerms, readSearchTermsStamp } from './search.repository';
import { SimilarTermsCache } from './similar-terms-cache';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const addWords = (text: string) => handle.db.execute(sql`SELECT add_search_terms(${text})`);

/** A cache whose clock only moves when the test moves it. */
function frozenCache(options: { maxEntries?: number } = {}) {
  let now = 0;
  const cache = new SimilarTermsCache(handle.db, { ...options, revalidateMs: 1000, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('similar terms cache', () => {
  it('answers as the lookup does', async () => {
    const { cache } = frozenCache();
    const words = ['plumbng', 'plumbing', 'electrcian', 'qqqzzz'];
    const expected = await findSimilarTerms(handle.db, words);
    expect(await cache.similar(words)).toEqual(expected);
    expect(await cache.similar(words)).toEqual(expected);
    expect(expected.get('plumbng')).toContain('plumbing');
  });

  it('moves the stamp only when a name brings a new word', async () => {
    const before = await readSearchTermsStamp(handle.db);
    await addWords('Plumbing Services');
    expect(await readSearchTermsStamp(handle.db)).toBe(before);
    await addWords('Plumbing Zanzibarite');
    expect(await readSearchTermsStamp(handle.db)).toBe(before + 1);
  });

  it('remembers an answer until the stamp moves, then asks again', async () => {
    const { cache, advance } = frozenCache();
    expect((await cache.similar(['quarvelo'])).get('quarvelo')).toEqual([]);
    await addWords('Quarvelos Roofing');
    // Remembered: the same (now stale) answer, without asking the database.
    expect((await cache.similar(['quarvelo'])).get('quarvelo')).toEqual([]);
    advance(999);
    expect((await cache.similar(['quarvelo'])).get('quarvelo')).toEqual([]);
    advance(1);
    expect((await cache.similar(['quarvelo'])).get('quarvelo')).toEqual(['quarvelos']);
  });

  it('keeps at most maxEntries words, forgetting the least recently used', async () => {
    const { cache } = frozenCache({ maxEntries: 2 });
    await cache.similar(['brindlex']);
    await cache.similar(['toskavar']);
    await cache.similar(['brindlex']); // used again: toskavar is now the oldest
    await cache.similar(['mervolin']); // evicts toskavar
    await addWords('Brindlexa Toskavara Mervolina');
    expect((await cache.similar(['brindlex'])).get('brindlex')).toEqual([]);
    expect((await cache.similar(['mervolin'])).get('mervolin')).toEqual([]);
    expect((await cache.similar(['toskavar'])).get('toskavar')).toEqual(['toskavara']);
  });
});
