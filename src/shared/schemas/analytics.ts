import { z } from 'zod';

/** The operator's periods: the last 7, 30, 90 or 365 days (UTC), today included. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export const ANALYTICS_PERIOD_MESSAGE = 'The period must be 7, 30, 90 or 365 days';
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];
export const ANALYTICS_TABLES = ['series', 'categories', 'funnel'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/** GET /api/admin/analytics/figures?days=7|30|90|365&interval=day|week|month */
export const AnalyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90', '365'], { error: ANALYTICS_PERIOD_MESSAGE })
    .default('30')
    .transform((days) => Number(days) as (typeof ANALYTICS_PERIODS)[number]),
  interval: z.enum(ANALYTICS_INTERVALS, { error: 'The interval must be day, week or month' }).default('day'),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** GET /api/admin/analytics/figures.csv: the same query and which table. */
export const AnalyticsCsvQuerySchema = AnalyticsQuerySchema.extend({
  table: z.enum(ANALYTICS_TABLES, { error: 'The table must be series, categories or funnel' }).default('series'),
});
export type AnalyticsCsvQuery = z.infer<typeof AnalyticsCsvQuerySchema>;

/**
 * What the operator counts, per day (UTC): each is a sum, so periods add up. Requests count on the
 * day they were sent (their replies with them); hires, coins and money on the day they moved.
 */
export const PLATFORM_FIGURES = [
  'signups',
  'companiesCreated',
  'companiesActivated',
  'searches',
  'emptySearches',
  'searchAppearances',
  'categoryAppearances',
  'pageViews',
  'drafts',
  'requests',
  'requestsReplied',
  'hires',
  'coinsSold',
  'revenueCents',
  'coinsSpent',
  'coinsRefunded',
  'badLeadCredits',
] as const;
export type PlatformFigure = (typeof PLATFORM_FIGURES)[number];

/** The figures that belong to a category (the company's, or the request's). */
export const CATEGORY_FIGURES = [
  'companiesCreated',
  'companiesActivated',
  'searchAppearances',
  'categoryAppearances',
  'pageViews',
  'drafts',
  'requests',
  'requestsReplied',
  'hires',
  'coinsSpent',
  'coinsRefunded',
  'badLeadCredits',
] as const satisfies readonly PlatformFigure[];

const figureShape = Object.fromEntries(PLATFORM_FIGURES.map((figure) => [figure, z.number()])) as Record<
  PlatformFigure,
  z.ZodNumber
>;

/** A set of figures, with the two derived from them. */
export const FiguresSchema = z.object({
  ...figureShape,
  /** Requests with at least one reply, of those sent (0–1), or null without a request. */
  replyShare: z.number().nullable(),
  /** The middle request's wait for its first reply, in minutes (in steps that widen with the wait). */
  medianFirstReplyMinutes: z.number().nullable(),
});
export type Figures = z.infer<typeof FiguresSchema>;

export const FUNNEL_STEPS = [
  'searches',
  'searchesWithResults',
  'pageViews',
  'drafts',
  'requests',
  'requestsReplied',
  'hires',
] as const;

export const PlatformAnalyticsSchema = z.object({
  days: z.number(),
  interval: z.enum(ANALYTICS_INTERVALS),
  /** The first and the last day of the period. */
  since: z.string(),
  through: z.string(),
  /** Money is counted in this currency (CURRENCY); payments in another are left out. */
  currency: z.string(),
  totals: FiguresSchema,
  /** One entry per day, week (from Monday) or month of the period; the first starts on `since`. */
  series: z.array(FiguresSchema.extend({ start: z.string() })),
  /** Per category, for the figures that have one; `categoryId` 0 is "no category". */
  categories: z.array(
    FiguresSchema.pick(
      Object.fromEntries([...CATEGORY_FIGURES, 'replyShare', 'medianFirstReplyMinutes'].map((k) => [k, true])) as Record<
        (typeof CATEGORY_FIGURES)[number] | 'replyShare' | 'medianFirstReplyMinutes',
        true
      >,
    ).extend({ categoryId: z.number(), name: z.string() }),
  ),
  /** From a search to a hire, over the period. */
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number() })),
  /** The last day read from the daily roll-ups (null: none yet); the days after it are computed live. */
  rolledUpThrough: z.string().nullable(),
});
export type PlatformAnalytics = z.infer<typeof PlatformAnalyticsSchema>;
export type CategoryFigures = PlatformAnalytics['categories'][number];

/** What each figure is called on the screen and in the CSV files. */
export const FIGURE_LABELS: Record<PlatformFigure | 'replyShare' | 'medianFirstReplyMinutes', string> = {
  signups: 'Sign-ups',
  companiesCreated: 'Companies created',
  companiesActivated: 'Companies activated',
  searches: 'Searches',
  emptySearches: 'Searches without a result',
  searchAppearances: 'Appearances in searches',
  categoryAppearances: 'Appearances on category pages',
  pageViews: 'Company page views',
  drafts: 'Requests started',
  requests: 'Requests sent',
  requestsReplied: 'Requests replied to',
  hires: 'Hires',
  coinsSold: 'Coins sold',
  revenueCents: 'Revenue',
  coinsSpent: 'Coins spent',
  coinsRefunded: 'Coins refunded',
  badLeadCredits: 'Coins credited for bad leads',
  replyShare: 'Share replied to',
  medianFirstReplyMinutes: 'Median first reply (minutes)',
};

export const FUNNEL_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  searches: 'Searches',
  searchesWithResults: 'Searches with a result',
  pageViews: 'Company page views',
  drafts: 'Requests started',
  requests: 'Requests sent',
  requestsReplied: 'Requests replied to',
  hires: 'Hires',
};
