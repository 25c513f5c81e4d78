import { z } from 'zod';

/** The periods a pro's insight covers: the last 7, 30 or 90 days (UTC), today included. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export const INSIGHT_PERIOD_MESSAGE = 'The period must be 7, 30 or 90 days';

/** GET /api/companies/{id}/insight?days=7|30|90 (30 when left out). */
export const CompanyInsightQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: INSIGHT_PERIOD_MESSAGE })
    .default('30')
    .transform((days) => Number(days) as (typeof INSIGHT_PERIODS)[number]),
});

/**
 * One UTC day of a company's insight, counted as the totals are: requests (and the replies to
 * them) on the day the request was sent, hires on the day of the hire, coins on the day they were
 * spent.
 */
export const InsightDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  pageViews: z.number(),
  /** Card appearances on search and category listings together. */
  appearances: z.number(),
  requests: z.number(),
  replied: z.number(),
  hires: z.number(),
  coinsSpent: z.number(),
});
export type InsightDay = z.infer<typeof InsightDaySchema>;

/**
 * What a company's listing brought over a period: who saw it, the requests it received and what
 * became of them, and what they cost. Requests are counted by the day they were sent; hires by
 * the day of the hire; coins by the day they moved.
 */
export const CompanyInsightSchema = z.object({
  companyId: z.number(),
  days: z.number(),
  /** The first day counted (YYYY-MM-DD, UTC). */
  since: z.string(),
  /** Visits to the company's page (the owner's own not counted). */
  pageViews: z.number(),
  /** Times its card was shown on a page of search results / of its category. */
  appearances: z.object({ search: z.number(), category: z.number() }),
  /** Requests sent to the company. */
  requests: z.number(),
  /** Of those, the ones it declined ("Not interested"). */
  declined: z.number(),
  /** Of those, the ones it replied to. */
  replied: z.number(),
  /**
   * The requests by where the customer picked the company: a search, its category's listing,
   * their favourites; `other` when the request did not say (sent by an API client, or before this
   * was recorded).
   */
  sources: z.object({ search: z.number(), category: z.number(), favorites: z.number(), other: z.number() }),
  /** Customers who hired the company. */
  hires: z.number(),
  /** Coins paid for first replies. */
  coinsSpent: z.number(),
  /** Coins given back (replies the customer never read, bad-lead reports credited). */
  coinsCredited: z.number(),
  /** Coins spent less those given back, per hire; null without a hire. */
  costPerHire: z.number().nullable(),
  /** The same per request replied to; null without a reply. */
  costPerReply: z.number().nullable(),
  /** Median time from a request to the company's first reply, in minutes; null without a reply. */
  medianFirstReplyMinutes: z.number().nullable(),
  /** Every day of the period, oldest first, days without activity as zeros. */
  series: z.array(InsightDaySchema),
});
export type CompanyInsight = z.infer<typeof CompanyInsightSchema>;

/** GET /api/admin/analytics/searches(.csv)?days=7|30|90&found=none|any */
export const SearchLogQuerySchema = CompanyInsightQuerySchema.extend({
  /** `none` (the default): only searches that found nothing at least once; `any`: every search. */
  found: z.enum(['none', 'any'], { error: 'Found must be none or any' }).default('none'),
});
export type SearchLogQuery = z.infer<typeof SearchLogQuerySchema>;

/** The most frequent searches of a period, by their words and place (never who made them). */
export const SearchLogSchema = z.object({
  days: z.number(),
  since: z.string(),
  searches: z.array(
    z.object({
      words: z.string(),
      place: z.string(),
      searches: z.number(),
      /** Of those, how many found no company. */
      emptySearches: z.number(),
    }),
  ),
});
export type SearchLog = z.infer<typeof SearchLogSchema>;
/** Searches a report lists at most. */
export const SEARCH_LOG_LIMIT = 100;
