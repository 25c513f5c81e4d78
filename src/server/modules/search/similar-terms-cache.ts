/**
 * The nearest real words of query words (typo tolerance), remembered between searches: the
 * trigram lookup was one of the three or four statements of every text search.
 *
 * search_terms only grows, and a stamp row moves whenever words are added (migration 0015). The
 * cache reads the stamp at most once per `revalidateMs` and forgets everything when it moved, so
 * on every node a new company's name is typo-tolerant within that time. Query words are visitors'
 * input, so at most `maxEntries` are kept, the least recently used going first.
 */
import type { Db } from '@/server/db/client';
import { StampWatch } from '@/server/lib/stamp-watch';
import { findSimilarTerms, readSearchTermsStamp } from './search.repository';

export interface SimilarTermsCacheOptions {
  maxEntries: number;
  revalidateMs: number;
  now: () => number;
}

const DEFAULTS: SimilarTermsCacheOptions = { maxEntries: 10_000, revalidateMs: 1000, now: Date.now };

export class SimilarTermsCache {
  private readonly entries = new Map<string, string[]>();
  private readonly options: SimilarTermsCacheOptions;
  private readonly stamp: StampWatch;
  /** Bumped on every forget: a lookup that started before must not store its stale answer. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    options: Partial<SimilarTermsCacheOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.stamp = new StampWatch(
      () => readSearchTermsStamp(db),
      () => {
        this.entries.clear();
        this.generation++;
      },
      this.options,
    );
  }

  /** For each word, its nearest real words (none for a known word), as findSimilarTerms. */
  async similar(words: string[]): Promise<Map<string, string[]>> {
    await this.stamp.revalidate();
    const generation = this.generation;
    const missing = [...new Set(words.filter((word) => !this.entries.has(word)))];
    const found = missing.length > 0 ? await findSimilarTerms(this.db, missing) : new Map<string, string[]>();
    const answer = new Map<string, string[]>();
    for (const word of words) {
      const terms = found.get(word) ?? this.touch(word) ?? [];
      answer.set(word, terms);
      if (found.has(word) && generation === this.generation) this.remember(word, terms);
    }
    return answer;
  }

  private touch(word: string): string[] | undefined {
    const terms = this.entries.get(word);
    if (terms) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.entries.delete(word);
      this.entries.set(word, terms);
    }
    return terms;
  }

  private remember(word: string, terms: string[]): void {
    this.entries.delete(word);
    this.entries.set(word, terms);
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
