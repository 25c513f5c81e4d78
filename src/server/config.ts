/**
 * The server's environment variables (README.md, "Configuration"), parsed once. Nothing else reads
 * process.env.
 * An invalid value stops start-up with every bad key named.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CoinPackagesSchema, type CoinPackages } from '@/shared/schemas/payments';
import { RATE_LIMIT_NAMES, RATE_LIMITS, type RateLimitCounts } from './lib/rate-limits';
import { LANGUAGE_CODES, SOURCE_LANGUAGE, type Language } from '@/shared/i18n/languages';
import { getCountries } from 'libphonenumber-js/max';
import { distanceUnitOfLocale, type DistanceUnit } from '@/shared/distance';

/** ISO 3166-1 countries (libphonenumber's list: every country that has phone numbers). */
const COUNTRY_CODES: ReadonlySet<string> = new Set(getCountries());

/** English as written in a country, the locale an operator gets without setting LOCALE (en-US, en-GB, en-CA). */
function defaultLocaleOf(country: string): string {
  return Intl.DateTimeFormat.supportedLocalesOf(`en-${country}`)[0] ?? 'en-US';
}

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const positiveInt = z.coerce.number().int().positive();

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://');

/** A locale tag this server's Intl knows, in its canonical spelling ("en-us" → "en-US"). */
const localeTag = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    let supported: string[] = [];
    try {
      supported = Intl.DateTimeFormat.supportedLocalesOf(raw);
    } catch {
      // not a well-formed tag: reported below
    }
    if (supported[0] === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a supported locale such as en-US or de-DE' });
      return z.NEVER;
    }
    return supported[0];
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  /** A read replica of DATABASE_URL: company listings (search, category pages) read from it. */
  DATABASE_REPLICA_URL: postgresUrl.optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanString.default(true),
  LAUNCH_COINS: z.coerce.number().int().min(0).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LocalPros <no-reply@localpros.example>'),
  SMS_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The coin packages on sale, as JSON `{"small":{"coins":20,"price":19},…}` (small, medium, large). */
  COIN_PACKAGES: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(CoinPackagesSchema.refine((p) => Object.keys(p).length === 3, 'must name small, medium and large'))
    .optional(),
  OBJECT_STORE: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The operator's country (ISO 3166-1 alpha-2): its postal codes' rules and data, how a phone
   * number without a country code is read, and the defaults of LOCALE and DISTANCE_UNIT.
   */
  COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code in capitals, such as US, GB or CA')
    .refine((code) => COUNTRY_CODES.has(code), 'must be an ISO 3166-1 country code, such as US, GB or CA')
    .default('US'),
  /** How the client writes dates and numbers (BCP 47 locale tag); unset: English as written in COUNTRY (en-US, en-GB). */
  LOCALE: localeTag.optional(),
  /** `km` or `mi`; unset: miles where LOCALE's region counts in miles (the US, Liberia, Myanmar), kilometres elsewhere. */
  DISTANCE_UNIT: z.enum(['km', 'mi']).optional(),
  /** The interface's language when a visitor asks for none of the offered ones (en, es or ar). */
  DEFAULT_LANGUAGE: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).default(SOURCE_LANGUAGE),
  /** The languages visitors may choose, comma-separated; unset: every shipped language. */
  LANGUAGES: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.enum(LANGUAGE_CODES as [Language, ...Language[]], {
            message: `must list languages among ${LANGUAGE_CODES.join(', ')}`,
          }),
        )
        .min(1),
    )
    .optional(),
  /** The currency coin prices are shown in (ISO 4217 code). */
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code in capitals, such as USD or EUR')
    .default('USD'),
  /** The only way to read GET /metrics: `Authorization: Bearer …` with it; unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json` (one object a line, for a collector); unset: pretty only in development. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * Who takes the coin payments: `stripe` (needs the keys), `test` (the built-in provider) or
   * `none` (the shop is closed). Unset: Stripe when its keys are set, else the test provider
   * outside production and none in production.
   */
  PAYMENTS_PROVIDER: z.enum(['stripe', 'test', 'none']).optional(),
  /**
   * Guessing a visitor's ZIP from their IP address, off unless set: an HTTP URL with
   * `{ip}` in it that answers JSON with a `postal`, `postal_code` or `zip` field.
   */
  IP_GEOLOCATION_URL: z
    .string()
    .regex(/^https?:\/\/.*\{ip\}/, 'must be an http(s) URL containing {ip}')
    .optional(),
  /**
   * Which reverse proxies may name the client's address in X-Forwarded-For: `false`, a hop count,
   * or a comma-separated list of proxy addresses, CIDRs or the names loopback, linklocal and
   * uniquelocal. `true` is read as one hop (never "trust every hop", which lets a client choose
   * its own address).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((raw, ctx): TrustProxy => {
      const value = raw.toLowerCase();
      if (['false', '0', 'no', 'off'].includes(value)) return false;
      if (['true', 'yes', 'on'].includes(value)) return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be false, a hop count, or proxy addresses/CIDRs (not ${bad.join(', ') || 'empty'})`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .default(false),
  /** Sends of a notice before it is given up on (shown to admins as failed; they may retry it). */
  OUTBOX_MAX_ATTEMPTS: positiveInt.default(15),
  /** The longest one send may take; a node holds a notice for twice that before another may take it. */
  OUTBOX_SEND_TIMEOUT_SECONDS: positiveInt.default(60),
  /** Sent notices are kept this long (their links are removed at once), then deleted. */
  OUTBOX_RETENTION_DAYS: positiveInt.default(14),
  /** What customers searched for (words and place, never who) is kept this many days, then deleted. */
  ANALYTICS_RETENTION_DAYS: positiveInt.max(3650).default(90),
  /** How long the mailed link to a copy of a user's data works (and the archive is kept), in hours. */
  DATA_EXPORT_LINK_HOURS: positiveInt.max(720).default(48),
  // One variable per named limit (lib/rate-limits.ts).
  ...(Object.fromEntries(
    RATE_LIMIT_NAMES.map((name) => [RATE_LIMITS[name].env, positiveInt.default(RATE_LIMITS[name].limit)]),
  ) as Record<string, z.ZodDefault<typeof positiveInt>>),
});

/** Every variable the server reads (.env.example lists each one; a test holds them in step). */
export const ENV_KEYS = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

/** The default a variable takes when unset, as it would be written; undefined when it has none. */
export function envDefault(key: (typeof ENV_KEYS)[number]): string | undefined {
  const field = EnvSchema.shape[key] as z.ZodType;
  if (!(field instanceof z.ZodDefault)) return undefined;
  const value = (field.def as { defaultValue: unknown }).defaultValue;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** false, a hop count, or the proxies' addresses/CIDRs (Fastify's trustProxy takes all three). */
export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Bigger packages cost less per coin: $1.00, $0.90 and $0.80. */
export const DEFAULT_COIN_PACKAGES: CoinPackages = {
  small: { coins: 20, price: 20 },
  medium: { coins: 50, price: 45 },
  large: { coins: 120, price: 96 },
};

export type PaymentsProviderName = 'stripe' | 'test' | 'none';

export interface OutboxConfig {
  maxAttempts: number;
  sendTimeoutSeconds: number;
  retentionDays: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseReplicaUrl: string | undefined;
  sessionSecret: string;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  launchCoins: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsUrl: string | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  /** Who takes coin payments; `none` closes the shop (production without Stripe keys). */
  paymentsProvider: PaymentsProviderName;
  coinPackages: CoinPackages;
  /** The operator's country (COUNTRY), ISO 3166-1 alpha-2. */
  country: string;
  /** The unit distances are shown and a search radius is read in (DISTANCE_UNIT). */
  distanceUnit: DistanceUnit;
  /** The locale the client formats dates and numbers in (LOCALE). */
  locale: string;
  /** The currency money is shown in (CURRENCY). */
  currency: string;
  /** The language of a visitor who asks for none of the offered ones (DEFAULT_LANGUAGE). */
  defaultLanguage: Language;
  /** The languages visitors may choose (LANGUAGES), the default first. */
  languages: Language[];
  objectStore:
    | { kind: 'fs'; dir: string }
    | { kind: 's3'; endpoint: string | undefined; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  logLevel: string;
  logFormat: 'pretty' | 'json';
  /** The bearer token GET /metrics requires; without it /metrics answers 404 to everyone. */
  metricsToken: string | undefined;
  rateLimits: RateLimitCounts;
  outbox: OutboxConfig;
  /** Days the search log is kept (ANALYTICS_RETENTION_DAYS). */
  analyticsRetentionDays: number;
  /** Hours a mailed data-export link works (DATA_EXPORT_LINK_HOURS). */
  dataExportLinkHours: number;
  trustProxy: TrustProxy;
  ipGeolocationUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the generated secret from DATA_DIR, creating it once. */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Rules between keys, checked on the raw values so they are reported with every other problem. */
function crossKeyProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    problems.push(`${env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: ADMIN_EMAIL and ADMIN_PASSWORD must be set together`);
  }
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    problems.push('DATABASE_REPLICA_URL: needs DATABASE_URL (the embedded database has no replicas)');
  }
  if (env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY: required with PAYMENTS_PROVIDER=stripe');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    problems.push('STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (the card form needs it)');
  }
  if (env.OBJECT_STORE === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!env[key]) problems.push(`${key}: required when OBJECT_STORE=s3`);
    }
  }
  return problems;
}

/** Parses an environment (process.env by default) into a frozen config; throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "unset" (a common way to blank a variable in a shell or compose file).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`)),
    ...crossKeyProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const config: AppConfig = {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    launchCoins: e.LAUNCH_COINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : undefined,
    paymentsProvider: e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : e.NODE_ENV === 'production' ? 'none' : 'test'),
    coinPackages: e.COIN_PACKAGES ?? DEFAULT_COIN_PACKAGES,
    country: e.COUNTRY,
    locale: e.LOCALE ?? defaultLocaleOf(e.COUNTRY),
    distanceUnit: e.DISTANCE_UNIT ?? distanceUnitOfLocale(e.LOCALE ?? defaultLocaleOf(e.COUNTRY)),
    currency: e.CURRENCY,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    languages: [...new Set([e.DEFAULT_LANGUAGE, ...(e.LANGUAGES ?? LANGUAGE_CODES)])],
    objectStore:
      e.OBJECT_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: 'fs', dir: path.join(dataDir, 'objects') },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    rateLimits: Object.fromEntries(
      RATE_LIMIT_NAMES.map((name) => [name, (e as Record<string, unknown>)[RATE_LIMITS[name].env] as number]),
    ) as RateLimitCounts,
    outbox: {
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      sendTimeoutSeconds: e.OUTBOX_SEND_TIMEOUT_SECONDS,
      retentionDays: e.OUTBOX_RETENTION_DAYS,
    },
    trustProxy: e.TRUST_PROXY,
    ipGeolocationUrl: e.IP_GEOLOCATION_URL,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    dataExportLinkHours: e.DATA_EXPORT_LINK_HOURS,
  };
  return Object.freeze(config);
}

/** loadConfig at a process's start: a bad environment is printed, key by key, and the process exits 78 (EX_CONFIG). */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
