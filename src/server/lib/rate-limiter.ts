/**
 * Fixed-window counters kept in PostgreSQL, so that every app node shares one count per key, and
 * each count and its decision are one upsert, so parallel requests never pass a limit.
 * `@fastify/rate-limit` keeps its counts per process and counts every request; the login limit
 * must count failures only and hold across nodes, so the product's limits (lib/rate-limits.ts) live
 * here (docs/decisions/003-limits-in-postgres.md weighs rate-limiter-flexible too).
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rateLimitHits } from '@/server/db/schema';
import { AppError } from './app-error';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** What the refusal says before "Please try again in …". */
  message: string;
}

function windowStart(rule: RateLimitRule, now: number): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now / windowMs) * windowMs);
}

function retryAfterSeconds(rule: RateLimitRule, now: number): number {
  const end = windowStart(rule, now).getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/** Each wording written whole, as the catalogue finds its translation by the words (modules/i18n). */
export function describeWait(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function refusal(rule: RateLimitRule, now: number): AppError {
  const wait = retryAfterSeconds(rule, now);
  return new AppError('RATE_LIMITED', `${rule.message} Please try again in ${describeWait(wait)}.`, {}, wait);
}

/** A counted attempt, handed back to `refund` when it turns out not to count (a good password). */
export interface RateLimitSlot {
  rule: RateLimitRule;
  key: string;
  windowStart: Date;
}

export class RateLimiter {
  /**
   * The count: built once; on PostgreSQL also a named prepared statement, planned once per
   * connection. Building the query on every call cost half of a limited request's time in the
   * limiter (docs/decisions/003-limits-in-postgres.md). On the embedded database all the pool's
   * connections share one session, where a name exists once, so Drizzle's one name cannot be used
   * (reads name theirs per connection there: db/prepared-reads.ts).
   */
  private readonly incrementStatement;

  constructor(
    private readonly db: Db,
    options: { prepareStatements?: boolean; now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    const increment = db
      .insert(rateLimitHits)
      .values({
        bucket: sql.placeholder('bucket'),
        key: sql.placeholder('key'),
        windowStart: sql.placeholder('windowStart'),
        hits: 1,
      })
      .onConflictDoUpdate({
        target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
        set: { hits: sql`${rateLimitHits.hits} + 1` },
      })
      .returning({ hits: rateLimitHits.hits });
    this.incrementStatement = options.prepareStatements ? increment.prepare('rate_limit_hit') : increment;
  }

  private readonly now: () => number;

  /**
   * Counts one attempt and throws 429 once the window holds more than the limit. Count and
   * decision are one upsert, so N parallel attempts never get more than the limit through; a
   * refused attempt hands its count back, so only attempts that went ahead are counted.
   */
  async hit(rule: RateLimitRule, key: string): Promise<RateLimitSlot> {
    const now = this.now();
    const slot = { rule, key, windowStart: windowStart(rule, now) };
    const hits = await this.increment(rule, key, slot.windowStart);
    if (hits > rule.limit) {
      await this.refund(slot);
      throw refusal(rule, now);
    }
    return slot;
  }

  /**
   * Gives back an attempt counted by `hit` (limits that count failures only: the attempt is
   * counted before the password is tested, and handed back when it was right). Only the window it
   * was counted in is touched.
   */
  async refund(slot: RateLimitSlot): Promise<void> {
    // One decrement that re-reads the row it waited for: deleting the row at its last count
    // instead (a DELETE and an UPDATE in one statement, both judged on one snapshot) lost one of
    // two refunds racing on the same window. A row left at zero goes with its window (`prune`).
    await this.db.execute(sql`
      UPDATE rate_limit_hits SET hits = hits - 1
       WHERE bucket = ${slot.rule.bucket} AND key = ${slot.key} AND window_start = ${slot.windowStart} AND hits > 0`);
  }

  /** Drops windows that ended more than a day ago (the longest window is a day); answers how many. */
  async prune(): Promise<number> {
    const rows = await this.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(this.now() - 86_400_000)))
      .returning({ key: rateLimitHits.key });
    return rows.length;
  }

  private async increment(rule: RateLimitRule, key: string, start: Date): Promise<number> {
    const [row] = await this.incrementStatement.execute({ bucket: rule.bucket, key, windowStart: start });
    return row.hits;
  }
}
