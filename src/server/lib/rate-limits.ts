/**
 * Every named limit of the product in one place (docs/security.md, "Limits", lists them): what it
 * counts, per account or per address, its window, its environment variable and its default.
 * Defaults are set well above anything a real user does; a refusal is 429 with Retry-After. The
 * counting itself is lib/rate-limiter.ts (one atomic upsert; why in PostgreSQL:
 * docs/decisions/003-limits-in-postgres.md).
 */
import type { RateLimitRule } from './rate-limiter';

export interface RateLimitDefinition {
  /** The environment variable that changes `limit`. */
  env: string;
  limit: number;
  windowSeconds: number;
  /** Whose count: the signed-in account (the address when anonymous), the address, or the e-mail given. */
  per: 'account' | 'address' | 'email';
  /** What the refusal says before "Please try again in …". */
  message: string;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export const RATE_LIMITS = {
  // ── accounts: logins, sign-ups, password resets, e-mail checks ──
  loginPerAccount: {
    env: 'RATE_LIMIT_LOGIN_PER_ACCOUNT',
    limit: 10,
    windowSeconds: 15 * MINUTE,
    per: 'email',
    message: 'Too many failed login attempts.',
  },
  loginPerIp: {
    env: 'RATE_LIMIT_LOGIN_PER_IP',
    limit: 100,
    windowSeconds: 15 * MINUTE,
    per: 'address',
    message: 'Too many failed login attempts.',
  },
  signupPerIp: {
    env: 'RATE_LIMIT_SIGNUP_PER_IP',
    limit: 60,
    windowSeconds: HOUR,
    per: 'address',
    message: 'Too many sign-ups from this network.',
  },
  forgotPerEmail: {
    env: 'RATE_LIMIT_FORGOT_PER_EMAIL',
    limit: 5,
    windowSeconds: HOUR,
    per: 'email',
    message: 'Too many password reset requests for this address.',
  },
  forgotPerIp: {
    env: 'RATE_LIMIT_FORGOT_PER_IP',
    limit: 20,
    windowSeconds: HOUR,
    per: 'address',
    message: 'Too many password reset requests.',
  },
  checkEmailPerIp: {
    env: 'RATE_LIMIT_CHECK_EMAIL_PER_IP',
    limit: 60,
    windowSeconds: MINUTE,
    per: 'address',
    message: 'Too many e-mail checks.',
  },
  resendVerification: {
    env: 'RATE_LIMIT_RESEND_VERIFICATION_PER_ACCOUNT',
    limit: 5,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many verification e-mails for this address.',
  },

  // ── writes that reach other people or cost storage ──
  quoteCreate: {
    env: 'RATE_LIMIT_QUOTE_CREATE_PER_ACCOUNT',
    limit: 30,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many quotes created.',
  },
  quoteSubmit: {
    env: 'RATE_LIMIT_QUOTE_SUBMIT_PER_ACCOUNT',
    limit: 20,
    windowSeconds: DAY,
    per: 'account',
    message: 'Too many quote requests sent today.',
  },
  messages: {
    env: 'RATE_LIMIT_MESSAGES_PER_ACCOUNT',
    limit: 300,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many messages sent.',
  },
  uploads: {
    env: 'RATE_LIMIT_UPLOADS_PER_ACCOUNT',
    limit: 200,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many uploads.',
  },
  reviews: {
    env: 'RATE_LIMIT_REVIEWS_PER_ACCOUNT',
    limit: 30,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many reviews and replies written.',
  },
  companies: {
    env: 'RATE_LIMIT_COMPANIES_PER_ACCOUNT',
    limit: 10,
    windowSeconds: DAY,
    per: 'account',
    message: 'Too many businesses added today.',
  },
  claimRedemptions: {
    env: 'RATE_LIMIT_CLAIM_REDEMPTIONS_PER_ACCOUNT',
    limit: 20,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many claim links redeemed.',
  },
  paymentIntents: {
    env: 'RATE_LIMIT_PAYMENT_INTENTS_PER_ACCOUNT',
    limit: 30,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many payment attempts.',
  },
  offers: {
    env: 'RATE_LIMIT_OFFERS_PER_ACCOUNT',
    limit: 120,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many offers sent or changed.',
  },
  quoteDecisions: {
    env: 'RATE_LIMIT_QUOTE_DECISIONS_PER_ACCOUNT',
    limit: 30,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many requests completed.',
  },
  catalogEdits: {
    env: 'RATE_LIMIT_CATALOG_EDITS_PER_ACCOUNT',
    limit: 300,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many changes to the catalogue.',
  },
  reports: {
    env: 'RATE_LIMIT_REPORTS_PER_ACCOUNT',
    limit: 30,
    windowSeconds: HOUR,
    per: 'account',
    message: 'Too many reports sent.',
  },
  dataExports: {
    env: 'RATE_LIMIT_DATA_EXPORTS_PER_ACCOUNT',
    limit: 5,
    windowSeconds: DAY,
    per: 'account',
    message: 'Too many copies of your data asked for today.',
  },
  companyViews: {
    env: 'RATE_LIMIT_COMPANY_VIEWS_PER_IP',
    limit: 600,
    windowSeconds: HOUR,
    per: 'address',
    message: 'Too many page views recorded.',
  },
} as const satisfies Record<string, RateLimitDefinition>;

export type RateLimitName = keyof typeof RATE_LIMITS;
/** The configured count of every limit (config.rateLimits). */
export type RateLimitCounts = Record<RateLimitName, number>;

export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];

/** The rule the limiter applies for `name`, with the configured count. */
export function rateLimitRule(name: RateLimitName, counts: RateLimitCounts): RateLimitRule {
  const definition = RATE_LIMITS[name];
  return { bucket: name, limit: counts[name], windowSeconds: definition.windowSeconds, message: definition.message };
}

/** Human words for a window ("15 minutes", "hour", "day"), for docs and the start log. */
export function describeWindow(seconds: number): string {
  if (seconds === DAY) return 'day';
  if (seconds === HOUR) return 'hour';
  if (seconds === MINUTE) return 'minute';
  return `${seconds / MINUTE} minutes`;
}

/**
 * Every limit's variable set far past any traffic, for load tests and benchmarks that drive a few
 * accounts as hard as the machine allows (the limits are proved in plugins/rate-limits.test.ts).
 */
export function limitsOffEnv(): Record<string, string> {
  return Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [RATE_LIMITS[name].env, '1000000000']));
}
