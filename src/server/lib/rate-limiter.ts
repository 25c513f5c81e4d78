/**
 * Fixed-window counters kept in PostgreSQL, so that every app node shares one count per key.
 * `@fastify/rate-limit` keeps its counts per process and counts every request; the login limit
 * must count failures only and hold across nodes, so the limits of RUNTIME.md live here.
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

export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function refusal(rule: RateLimitRule, now: number): AppError {
  const wait = retryAfterSeconds(rule, now);
  return new AppError('TOO_MANY_REQUESTS', `${rule.message} Please try again in ${describeWait(wait)}.`, {}, wait);
}

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit and throws 429 once the window holds more than the limit. */
  async hit(rule: RateLimitRule, key: string): Promise<void> {
    const now = this.now();
    const hits = await this.increment(rule, key, now);
    if (hits > rule.limit) throw refusal(rule, now);
  }

  /** Throws 429 if the window is already full, without counting (for "failures only" limits). */
  async check(rule: RateLimitRule, key: string): Promise<void> {
    const now = this.now();
    const rows = await this.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(
        sql`${rateLimitHits.bucket} = ${rule.bucket} and ${rateLimitHits.key} = ${key} and ${rateLimitHits.windowStart} = ${windowStart(rule, now)}`,
      );
    if ((rows[0]?.hits ?? 0) >= rule.limit) throw refusal(rule, now);
  }

  /** Counts one hit without refusing (a failed login is answered 401; the next one gets 429). */
  async record(rule: RateLimitRule, key: string): Promise<void> {
    await this.increment(rule, key, this.now());
  }

  /** Drops windows that ended more than a day ago. */
  async prune(): Promise<void> {
    await this.db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(this.now() - 86_400_000)));
  }

  private async increment(rule: RateLimitRule, key: string, now: number): Promise<number> {
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ bucket: rule.bucket, key, windowStart: windowStart(rule, now), hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
        set: { hits: sql`${rateLimitHits.hits} + 1` },
      })
      .returning({ hits: rateLimitHits.hits });
    return row!.hits;
  }
}
