/**
 * Listing appearances (a company's card on a search or category page) and searches, counted in
 * memory and added to the database in batches. A listing page shows up to a dozen cards: a write
 * per card per page would cost more than the page. Each node adds its own counts every
 * FLUSH_INTERVAL_MS and when it stops; a node that dies loses at most that interval's counts
 * (these are statistics, not money), and a failed write keeps its counts for the next one.
 *
 * Searches are kept as their words and place per day, how often they were made and how often
 * nothing was found: never who searched. They are deleted after the retention days
 * (ANALYTICS_RETENTION_DAYS) by the `insight.search-log-retention` job.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/client';
import { BackgroundLoop } from '@/server/platform/background-loop';
import { addAppearances, addSearches, deleteSearchesBefore, type AppearanceCount, type SearchCount } from './activity.repository';

export type ListingSource = AppearanceCount['source'];

/** What listings report as they answer: the cards a page showed, the searches made. */
export interface ListingActivity {
  countAppearances(source: ListingSource, companyIds: readonly number[]): void;
  countSearch(words: string | undefined, place: string | undefined, found: number): void;
}

/** How often a node adds what it counted. */
export const FLUSH_INTERVAL_MS = 15_000;
/** Distinct counts a node holds at most between two writes; past it new ones are dropped (and counted). */
export const MAX_PENDING = 50_000;
const STOP_GRACE_MS = 5_000;
/** The longest words and place kept: a search's text is cut there. */
const WORDS_KEPT = 100;
const PLACE_KEPT = 60;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** Words as people mean them: case, spacing and surrounding blanks do not make another search. */
const normalised = (text: string | undefined, length: number) =>
  (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ').slice(0, length).trim();

export class ActivityCounter implements ListingActivity {
  private appearances = new Map<string, AppearanceCount>();
  private searches = new Map<string, SearchCount>();
  private dropped = 0;
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { retentionDays: number; now?: () => Date },
  ) {
    this.loop = new BackgroundLoop(
      () => this.write(),
      (error) => this.log.error({ err: error }, 'adding listing appearances and searches failed; kept for the next try'),
    );
  }

  /** Counts dropped because too many were waiting (a database that did not answer for long). */
  get droppedCounts(): number {
    return this.dropped;
  }

  start(): void {
    this.loop.start(FLUSH_INTERVAL_MS);
  }

  /** Adds what is left and takes no more passes. */
  async stop(): Promise<void> {
    await this.loop.stop(STOP_GRACE_MS);
    await this.write().catch((error: unknown) => this.log.error({ err: error }, 'listing counts lost at shutdown'));
  }

  /** Deletes the search log's days past the retention; answers how many rows went. */
  forgetOldSearches(): Promise<number> {
    return deleteSearchesBefore(this.db, this.options.retentionDays);
  }

  /** Adds everything counted so far, after a write already under way (one write at a time). */
  async flush(): Promise<void> {
    this.loop.poke();
    await this.loop.idle();
  }

  /** These companies' cards were shown on a page of this listing. */
  countAppearances(source: ListingSource, companyIds: readonly number[]): void {
    const day = dayOf(this.options.now?.() ?? new Date());
    for (const companyId of companyIds) {
      const key = `${day}|${source}|${companyId}`;
      const known = this.appearances.get(key);
      if (known) known.appearances += 1;
      else if (this.appearances.size < MAX_PENDING) this.appearances.set(key, { day, source, companyId, appearances: 1 });
      else this.dropped += 1;
    }
  }

  /** A search was made (its first page) and found `found` companies. */
  countSearch(words: string | undefined, place: string | undefined, found: number): void {
    const search = { words: normalised(words, WORDS_KEPT), place: normalised(place, PLACE_KEPT) };
    if (!search.words && !search.place) return;
    const day = dayOf(this.options.now?.() ?? new Date());
    const key = JSON.stringify([day, search.words, search.place]);
    const empty = found === 0 ? 1 : 0;
    const known = this.searches.get(key);
    if (known) {
      known.searches += 1;
      known.empty += empty;
    } else if (this.searches.size < MAX_PENDING) this.searches.set(key, { day, ...search, searches: 1, empty });
    else this.dropped += 1;
  }

  /** Adds everything counted so far; on failure the counts wait for the next pass. */
  private async write(): Promise<void> {
    const appearances = this.appearances;
    const searches = this.searches;
    if (!appearances.size && !searches.size) return;
    this.appearances = new Map();
    this.searches = new Map();
    try {
      if (appearances.size) await addAppearances(this.db, [...appearances.values()]);
    } catch (error) {
      this.keep(appearances, searches);
      throw error;
    }
    try {
      if (searches.size) await addSearches(this.db, [...searches.values()]);
    } catch (error) {
      this.keep(new Map(), searches);
      throw error;
    }
  }

  /** Puts counts that could not be written back with those counted since. */
  private keep(appearances: Map<string, AppearanceCount>, searches: Map<string, SearchCount>): void {
    for (const [key, count] of appearances) {
      const known = this.appearances.get(key);
      if (known) known.appearances += count.appearances;
      else if (this.appearances.size < MAX_PENDING) this.appearances.set(key, count);
      else this.dropped += count.appearances;
    }
    for (const [key, count] of searches) {
      const known = this.searches.get(key);
      if (known) {
        known.searches += count.searches;
        known.empty += count.empty;
      } else if (this.searches.size < MAX_PENDING) this.searches.set(key, count);
      else this.dropped += count.searches;
    }
  }
}
