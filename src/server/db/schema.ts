/**
 * The whole data model of both spec documents, in one place.
 *
 * Invariants live in the database where they can: foreign keys, one rating per user and company,
 * ratings 0.5–5 in half steps, balances never negative, one ledger row per reference.
 * Extensions (pg_trgm) and the search-vector triggers are in the custom migration next to the
 * generated ones, because drizzle-kit does not write them.
 */
import { sql } from 'drizzle-orm';
import { CREDENTIAL_KINDS, CREDENTIAL_STATUSES } from '../../shared/schemas/credentials';
import { CLOSE_REASONS } from '../../shared/schemas/hires';
import { OFFER_KINDS } from '../../shared/schemas/offers';
import { QUESTION_KINDS } from '../../shared/schemas/questions';
import { MESSAGE_EVENTS, QUOTE_STATUSES } from '../../shared/schemas/quote';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** An answer as stored on its quote (shared/schemas/questions.ts, StoredAnswer). */
export type StoredAnswerRow = import('../../shared/schemas/questions').StoredAnswer;

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ───────────────────────────── accounts ─────────────────────────────

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased and trimmed; the unique index makes addresses case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    isVerified: boolean('is_verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    emailNotificationsQuotes: boolean('email_notifications_quotes').notNull().default(true),
    emailNotificationsMessages: boolean('email_notifications_messages').notNull().default(true),
    textNotifications: boolean('text_notifications').notNull().default(false),
    textNotificationsQuotes: boolean('text_notifications_quotes').notNull().default(false),
    textNotificationsMessages: boolean('text_notifications_messages').notNull().default(false),
    /** A company owner's Monday mail with the last week's figures of their companies. */
    emailWeeklySummary: boolean('email_weekly_summary').notNull().default(true),
    /**
     * The language the user reads the site and their mails in (a shipped language's code); none
     * means the operator's default. Set at sign-up from the page's language and by their own choice.
     */
    language: text('language'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * The account was deleted: the row stays (the ledger and other people's records point at it)
     * but holds nothing personal any more (modules/privacy/personal-data.repository.ts).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    // The hourly deleted-accounts sweep looks for the few deleted rows among all users.
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random token held in the cookie; the token itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** true: a 30-day cookie ("remember me"); false: a browser-session cookie. */
    isPersistent: boolean('is_persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** E-mail verification and password-reset tokens: random, stored hashed, single use, expiring. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/** Counters behind the rate limits (lib/rate-limits.ts), shared by every app node. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);

// ───────────────────────────── catalogue ─────────────────────────────

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    /** A lucide icon name, used by the mobile category chips. */
    icon: text('icon'),
    imageUrl: text('image_url'),
    /** The default questions were given once; an admin's later edits (even to none) are kept. */
    questionsSeeded: boolean('questions_seeded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug), uniqueIndex('categories_name_key').on(t.name)],
);

/** What the quote form asks after the description, per category, in `position` order. */
export const categoryQuestions = pgTable(
  'category_questions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    label: text('label').notNull(),
    helpText: text('help_text'),
    required: boolean('required').notNull().default(false),
    /** The choices of a choice question, in order (empty for the other kinds). */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** A number question's unit ("rooms", "sq ft"). */
    unit: text('unit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('category_questions_category_idx').on(t.categoryId, t.position),
    check('category_questions_kind_check', sql`${t.kind} in ('single_choice', 'multiple_choice', 'number', 'date', 'text')`),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subcategories_slug_key').on(t.slug),
    uniqueIndex('subcategories_category_name_key').on(t.categoryId, t.name),
    index('subcategories_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Coins a company pays for its first reply to a quote in this category. */
export const categoryCoinCosts = pgTable(
  'category_coin_costs',
  {
    categoryId: integer('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    cost: integer('cost').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('category_coin_costs_cost_check', sql`${t.cost} >= 0`)],
);

// search_terms (every word of category, subcategory and company names, trigram-indexed, for typo
// tolerance) lives only in migration 0003: it is filled by triggers and read with raw SQL; so does
// search_terms_stamp (migration 0015), moved by a trigger whenever words are added.

/**
 * The postal codes of the operator's country and their centres, for radius search: the US ZIP
 * codes of the `zipcodes` package at first start, or what `npm run geo:import` loaded (it replaces
 * the whole table). `zip` is the code in its stored form (postal-codes.ts), `state` the first-level
 * division's code (a US state, a British nation) or '', `area` the area the code lies in (a
 * British outward code) where the country names areas. zip_codes_stamp (migration 0049), moved by
 * every import that changes a row, tells the running app to forget the places it remembers.
 */
export const zipCodes = pgTable(
  'zip_codes',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    area: text('area'),
    /** The place's IANA zone outside the US (the import's); null in the US, whose zones are us_time_zone's. */
    timeZone: text('time_zone'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('zip_codes_city_state_idx').on(sql`lower(${t.city})`, t.state),
    index('zip_codes_area_idx')
      .on(t.area)
      .where(sql`${t.area} IS NOT NULL`),
  ],
);

// ───────────────────────────── objects ─────────────────────────────

/** Every stored file (logos, photos, quote and message images); bytes live in the object store. */
export const storedObjects = pgTable(
  'stored_objects',
  {
    /** Random, unguessable id; also the key in the object store. */
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: ['logo', 'company_image', 'quote_image', 'message_image', 'upload', 'credential_document'],
    }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    etag: text('etag').notNull(),
    /** The smaller WebP rendition of this object, when one was generated. */
    thumbnailId: text('thumbnail_id'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stored_objects_created_by_idx').on(t.createdByUserId),
    // A private thumbnail is served to whoever may see the image it belongs to.
    index('stored_objects_thumbnail_idx')
      .on(t.thumbnailId)
      .where(sql`${t.thumbnailId} IS NOT NULL`),
    // The hourly sweep of unused uploads reads only old generic uploads.
    index('stored_objects_upload_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'upload'`),
  ],
);

// ───────────────────────────── companies ─────────────────────────────

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** null for an unclaimed listing; set when a user creates the company or redeems a claim. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Legacy single-subcategory string of the spec; the list lives in company_subcategories. */
    subcategory: text('subcategory'),
    phone: text('phone').notNull(),
    /** The listing's phone takes texts: claim links go by SMS instead of e-mail. */
    isMobilePhone: boolean('is_mobile_phone').notNull().default(false),
    email: text('email').notNull(),
    website: text('website'),
    /** Legacy logo path of the spec; new logos use logo_object_id. */
    logo: text('logo'),
    logoObjectId: text('logo_object_id').references(() => storedObjects.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * IANA time zone of the company's ZIP code (its opening hours are in it), set by a trigger on
     * every write of the ZIP code or state (see the credentials-and-hours migration).
     */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The owner holds coins (paid placement). Kept by triggers on coin_balances and owner changes
     * (migration 0005), so that listings can read their order straight from an index.
     */
    isPremium: boolean('is_premium').notNull().default(false),
    /**
     * The company set a service area or narrowed its services (written with its lead
     * preferences). Listings about a place or a subcategory test the preferences only for the
     * companies that have it: the others cost one boolean. Never false while a preference is set.
     */
    hasLeadScope: boolean('has_lead_scope').notNull().default(false),
    /** Kept exact by the ratings service in the same transaction as each rating change. */
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    ratingsCount: integer('ratings_count').notNull().default(0),
    favoritesCount: integer('favorites_count').notNull().default(0),
    /**
     * Median minutes from a quote's submission to this company's first reply, over the last 90
     * days, and how many replies it rests on (kept hourly by the responsiveness sweep).
     */
    replyMedianMinutes: integer('reply_median_minutes'),
    replySampleSize: integer('reply_sample_size').notNull().default(0),
    /**
     * Requests that ended with the customer hiring this company: kept in the transaction of each
     * hire (and of an admin's status change that undoes one), never by the owner.
     */
    hireCount: integer('hire_count').notNull().default(0),
    /** Set by a moderator's decision (moderation_cases): 'hidden' or 'removed' listings are inactive and stay so. */
    moderationState: text('moderation_state', { enum: ['hidden', 'removed'] }),
    /**
     * While a moderator holds the listing down: whether its owner wants it listed (as it was when
     * hidden, or as the owner switched it since), so a decision that un-hides it restores that
     * and not a listing its owner had paused.
     */
    activeAfterModeration: boolean('active_after_moderation'),
    /** Weighted: name A, category and subcategory names B, description C (maintained by trigger). */
    searchVector: tsvector('search_vector'),
    /**
     * The grid cells the company's map position lies in, at six sizes (lib/place-cells.ts): a
     * listing about a place reads the words and the place from one index.
     */
    placeCells: tsvector('place_cells').generatedAlwaysAs(sql`place_cells_of(latitude, longitude)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_owner_id_idx').on(t.ownerId),
    index('companies_created_idx').on(t.createdAt),
    // Is this object still someone's logo? (logo changes, the upload sweep)
    index('companies_logo_object_id_idx')
      .on(t.logoObjectId)
      .where(sql`${t.logoObjectId} IS NOT NULL`),
    index('companies_category_active_idx').on(t.categoryId, t.isActive),
    index('companies_zip_idx').on(t.zip),
    // Words, and words near a place: a GIN index answers a condition on either column alone as
    // well as a single-column one, and both together without reading every company holding the word.
    index('companies_words_places_idx').using('gin', t.searchVector, t.placeCells),
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('companies_location_idx').on(t.latitude, t.longitude),
    // Companies with premium placement come first in a by-distance listing from the whole circle,
    // while the rest are read from a smaller one: these few, on their own.
    index('companies_premium_location_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.isActive} AND ${t.isPremium}`),
    // The listing orders (premium first, then each sort the spec offers), for active companies, and
    // per category: a page of a common word or a category reads a few index entries in order
    // instead of sorting every match, and the walk's bound (companies.repository.ts, boundaryQuery) is an index-only read.
    index('companies_top_rated_idx')
      .on(t.isPremium.desc(), t.averageRating.desc().nullsLast(), t.ratingsCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('companies_most_reviewed_idx')
      .on(t.isPremium.desc(), t.ratingsCount.desc(), t.averageRating.desc().nullsLast(), t.id)
      .where(sql`${t.isActive}`),
    index('companies_most_favorited_idx')
      .on(t.isPremium.desc(), t.favoritesCount.desc(), t.averageRating.desc().nullsLast(), t.ratingsCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('companies_category_top_rated_idx')
      .on(t.categoryId, t.isPremium.desc(), t.averageRating.desc().nullsLast(), t.ratingsCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('companies_category_most_reviewed_idx')
      .on(t.categoryId, t.isPremium.desc(), t.ratingsCount.desc(), t.averageRating.desc().nullsLast(), t.id)
      .where(sql`${t.isActive}`),
    index('companies_category_most_favorited_idx')
      .on(
        t.categoryId,
        t.isPremium.desc(),
        t.favoritesCount.desc(),
        t.averageRating.desc().nullsLast(),
        t.ratingsCount.desc(),
        t.id,
      )
      .where(sql`${t.isActive}`),
    check('companies_ratings_count_check', sql`${t.ratingsCount} >= 0`),
    check('companies_favorites_count_check', sql`${t.favoritesCount} >= 0`),
    check('companies_hire_count_check', sql`${t.hireCount} >= 0`),
    // A listing a moderator hid or removed is never active: nothing can switch it back on but a decision.
    check('companies_moderated_inactive_check', sql`${t.moderationState} IS NULL OR NOT ${t.isActive}`),
  ],
);

export const companySubcategories = pgTable(
  'company_subcategories',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.subcategoryId] }),
    // With the company: a subcategory's companies are read from the index alone (its count).
    index('company_subcategories_subcategory_company_idx').on(t.subcategoryId, t.companyId),
  ],
);

/**
 * What a company takes leads on, set by its owner or an admin. No row means the defaults: no weekly
 * cap, taking requests.
 */
export const companyLeadPreferences = pgTable(
  'company_lead_preferences',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Coins the company may spend on first replies per week (Monday 00:00 UTC on); null is no cap. */
    weeklyCoinCap: integer('weekly_coin_cap'),
    /** "Not taking new requests": left out of new quotes until `pausedUntil` (UTC date, excluded) if set. */
    paused: boolean('paused').notNull().default(false),
    pausedUntil: date('paused_until', { mode: 'string' }),
    /**
     * Service area: within this many miles of the company's ZIP code's centre; or, when null, the
     * ZIP codes of company_service_zips if it has any; else wherever the ZIP radius search finds it.
     */
    serviceRadiusMiles: integer('service_radius_miles'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_lead_preferences_weekly_coin_cap_check', sql`${t.weeklyCoinCap} > 0`),
    check('company_lead_preferences_service_radius_check', sql`${t.serviceRadiusMiles} BETWEEN 1 AND 500`),
  ],
);

/** A service area given as ZIP codes: the company works in these and nowhere else. */
export const companyServiceZips = pgTable(
  'company_service_zips',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    zip: text('zip').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.zip] })],
);

/**
 * The subcategories a company takes requests for, among those it lists; none: every
 * one. A subcategory it stops listing drops out with it (the listing's row is what is taken).
 */
export const companyLeadSubcategories = pgTable(
  'company_lead_subcategories',
  {
    companyId: integer('company_id').notNull(),
    subcategoryId: integer('subcategory_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.subcategoryId] }),
    foreignKey({
      name: 'company_lead_subcategories_listed_fk',
      columns: [t.companyId, t.subcategoryId],
      foreignColumns: [companySubcategories.companyId, companySubcategories.subcategoryId],
    }).onDelete('cascade'),
  ],
);

export const LEAD_REPORT_REASONS = ['unreachable', 'outside_area', 'wrong_service', 'duplicate', 'spam'] as const;
/**
 * `already_refunded`: an administrator accepted the report, but the reply's coins had already come
 * back another way (the unread-reply refund), so nothing was credited.
 */
export const LEAD_REPORT_STATUSES = ['pending', 'credited', 'refused', 'already_refunded'] as const;

/**
 * A pro's report of a lead it paid for: one per request and company, within 14 days of
 * the charge. Credited at once when the product can tell (a duplicate), else decided by an admin;
 * the coins come back under the reply's refund reference, so a lead is credited once at most.
 */
export const leadReports = pgTable(
  'lead_reports',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: LEAD_REPORT_REASONS }).notNull(),
    note: text('note'),
    status: text('status', { enum: LEAD_REPORT_STATUSES }).notNull().default('pending'),
    /** What the reply cost: what a credit gives back. */
    coins: integer('coins').notNull(),
    /** Null while pending, and for a decision the product made by itself. */
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lead_reports_quote_company_key').on(t.quoteId, t.companyId),
    index('lead_reports_status_created_idx').on(t.status, t.createdAt),
    index('lead_reports_reporter_idx').on(t.reporterUserId),
  ],
);

export const companyImages = pgTable(
  'company_images',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    objectId: text('object_id')
      .notNull()
      .references(() => storedObjects.id),
    caption: text('caption'),
    displayOrder: integer('display_order').notNull().default(0),
    /** 'hidden' by a moderator: left out of the public gallery (a removed photo is deleted). */
    moderationState: text('moderation_state', { enum: ['hidden'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_images_company_order_idx').on(t.companyId, t.displayOrder),
    index('company_images_object_id_idx').on(t.objectId),
  ],
);

/** Daily page views per company, for the owners' lead log. */
export const companyPageViews = pgTable(
  'company_page_views',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), index('company_page_views_day_idx').on(t.day)],
);

/**
 * A company's cards shown on listing pages, per day and listing (a search, a category page):
 * counted in memory and added in batches (modules/insight/activity-counter.ts), never a write per
 * card.
 */
export const companyAppearances = pgTable(
  'company_appearances',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    appearances: integer('appearances').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.source] }),
    check('company_appearances_source_check', sql`${t.source} in ('search', 'category')`),
    index('company_appearances_day_idx').on(t.day),
  ],
);

/**
 * What customers searched for, per day: the words and the place as typed (trimmed, lower case),
 * how often, and how often nothing was found — never who searched. Deleted after
 * ANALYTICS_RETENTION_DAYS.
 */
export const searchLog = pgTable(
  'search_log',
  {
    day: date('day', { mode: 'string' }).notNull(),
    words: text('words').notNull(),
    place: text('place').notNull(),
    searches: integer('searches').notNull().default(0),
    emptySearches: integer('empty_searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.words, t.place] })],
);

/**
 * The operator's figures, rolled up per day (UTC) and category by the job `insight.daily-figures`
 * so that a period's figures read one row per day and figure instead of every quote and payment.
 * `category_id` 0 holds what belongs to no category (sign-ups, coins sold, searches). Days after
 * the last rolled-up one (today at least) are computed live by the same query.
 */
export const dailyFigures = pgTable(
  'daily_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    figure: text('figure').notNull(),
    categoryId: integer('category_id').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.figure, t.categoryId] })],
);

/**
 * Requests by minutes to their first reply, per day sent and category, in steps that widen with
 * the wait (modules/insight/reply-time-steps.ts): a period's median is read from the summed
 * counts, which daily medians could not give.
 */
export const dailyReplyTimes = pgTable(
  'daily_reply_times',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryId: integer('category_id').notNull().default(0),
    minutes: integer('minutes').notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId, t.minutes] })],
);

/**
 * Listing appearances and page views per day and category, kept as they are counted (in the
 * same statements as the per-company counts): today's figures by category are read from here
 * without joining a day's company rows with every company.
 */
export const categoryActivity = pgTable(
  'category_activity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryId: integer('category_id').notNull(),
    figure: text('figure').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.categoryId, t.figure] }),
    check('category_activity_figure_check', sql`${t.figure} in ('searchAppearances', 'categoryAppearances', 'pageViews')`),
  ],
);

/** The days `daily_figures` and `daily_reply_times` hold, and when each was last computed. */
export const rolledUpDays = pgTable('rolled_up_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
});

// ───────────────────────────── reviews and favourites ─────────────────────────────

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    comment: text('comment'),
    /** The company owner's one public reply to this review. */
    ownerReply: text('owner_reply'),
    ownerReplyAt: timestamp('owner_reply_at', { withTimezone: true }),
    /** Set when an admin edits the review, so the public page can say so. */
    editedByAdminAt: timestamp('edited_by_admin_at', { withTimezone: true }),
    /**
     * The author hired the company through the product: the request, and the job's category and
     * hire date as they were (kept if the request is deleted later), shown as "Hired through …".
     */
    hiredQuoteId: integer('hired_quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    hiredCategoryName: text('hired_category_name'),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
    /**
     * 'hidden' by a moderator: left out of the public list and of the company's average and count.
     * 'removed' by a moderator, or deleted by its author while hidden: its words are gone, and the
     * row stays so its author cannot post the same review again.
     */
    moderationState: text('moderation_state', { enum: ['hidden', 'removed'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ratings_user_company_key').on(t.userId, t.companyId),
    index('ratings_company_created_idx').on(t.companyId, t.createdAt),
    // The admin list, newest first.
    index('ratings_created_idx').on(t.createdAt),
    check('ratings_rating_range', sql`${t.rating} >= 0.5 and ${t.rating} <= 5 and ${t.rating} * 2 = trunc(${t.rating} * 2)`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('favorites_company_idx').on(t.companyId)],
);

// ───────────────────────────── quotes and messages ─────────────────────────────

// The statuses are defined once, with the quote lifecycle's other shared words (shared/schemas/quote.ts).

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteName: text('quote_name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    /** The category the quote was sent in: its companies' category when the draft was made. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /**
     * What a company's first reply costs, in coins: the category's cost when the quote was
     * submitted, fixed from then on (a company moving to a cheaper category, or an admin's new
     * price, never changes it). Set on every quote past draft.
     */
    replyCoinCost: integer('reply_coin_cost'),
    /** Where the job is (a 5-digit ZIP code) and the service asked for, when the customer said. */
    zip: text('zip'),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Last message or submission; the inactivity sweeper completes quotes idle past the timeout. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Answers to the category's questions, each with the question's wording as it was asked. */
    answers: jsonb('answers').$type<StoredAnswerRow[]>().notNull().default([]),
    /** How the customer ended the request: hired a company, or closed it with a reason. Only on a completed quote. */
    outcome: text('outcome', { enum: ['hired', 'closed'] }),
    hiredCompanyId: integer('hired_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The offer version accepted with the hire, if any. */
    hiredOfferId: integer('hired_offer_id').references((): AnyPgColumn => quoteOffers.id, { onDelete: 'set null' }),
    closeReason: text('close_reason', { enum: CLOSE_REASONS }),
    closeNote: text('close_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A company's hires, counted (and recounted by the tests) from here.
    index('quotes_hired_company_idx')
      .on(t.hiredCompanyId)
      .where(sql`${t.hiredCompanyId} IS NOT NULL`),
    check(
      'quotes_outcome_check',
      sql`${t.outcome} IS NULL OR (${t.status} = 'completed' AND ${t.decidedAt} IS NOT NULL AND (
        (${t.outcome} = 'hired' AND ${t.closeReason} IS NULL) OR
        (${t.outcome} = 'closed' AND ${t.closeReason} IN ('hired_elsewhere', 'no_longer_needed', 'too_expensive', 'other') AND ${t.hiredCompanyId} IS NULL)))`,
    ),
    index('quotes_user_created_idx').on(t.userId, t.createdAt),
    index('quotes_user_status_idx').on(t.userId, t.status),
    index('quotes_status_activity_idx').on(t.status, t.lastActivityAt),
    index('quotes_created_idx').on(t.createdAt),
    // The operator's figures read a day's requests and hires from these (today's live, the rest rolled up).
    index('quotes_submitted_idx')
      .on(t.submittedAt)
      .where(sql`${t.submittedAt} IS NOT NULL`),
    index('quotes_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} IS NOT NULL`),
    check('quotes_status_check', sql`${t.status} in ('draft', 'submitted', 'in_progress', 'completed')`),
    check(
      'quotes_reply_coin_cost_check',
      sql`${t.status} = 'draft' OR (${t.replyCoinCost} IS NOT NULL AND ${t.replyCoinCost} >= 0)`,
    ),
  ],
);

export const quoteCompanies = pgTable(
  'quote_companies',
  {
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The company said "Not interested" (free, before any reply); the conversation is closed. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** When the lead's coins came back on the company's report: the conversation takes no more messages. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * As the company's lead preferences stood when the request was sent: true when its
     * service area did not cover the job's ZIP code / it did not take the service asked for;
     * false when it did; null when the request did not say (no ZIP code, no service).
     */
    outsideServiceArea: boolean('outside_service_area'),
    outsideServices: boolean('outside_services'),
    /** Where the customer picked the company (REQUEST_SOURCES); null when the request did not say. */
    source: text('source'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.companyId] }),
    index('quote_companies_company_idx').on(t.companyId),
    check('quote_companies_source_check', sql`${t.source} in ('search', 'category', 'favorites')`),
  ],
);

export const quoteImages = pgTable(
  'quote_images',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    objectId: text('object_id')
      .notNull()
      .references(() => storedObjects.id),
    caption: text('caption'),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_images_quote_idx').on(t.quoteId),
    // Serving a private image asks which quote it belongs to.
    index('quote_images_object_idx').on(t.objectId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'system': the product's own note in the conversation (how the request ended). */
    senderType: text('sender_type', { enum: ['user', 'company', 'system'] }).notNull(),
    message: text('message'),
    /** What the message records besides its words (an offer made, revised, withdrawn; the request's end). */
    event: text('event', { enum: MESSAGE_EVENTS }),
    offerId: integer('offer_id').references((): AnyPgColumn => quoteOffers.id, { onDelete: 'set null' }),
    imageObjectId: text('image_object_id').references(() => storedObjects.id),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** 'hidden': the other party sees a placeholder; 'removed': the words and image are erased for good. */
    moderationState: text('moderation_state', { enum: ['hidden', 'removed'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_thread_idx').on(t.quoteId, t.companyId, t.createdAt),
    index('messages_unread_idx')
      .on(t.quoteId, t.companyId, t.senderType)
      .where(sql`${t.isRead} = false`),
    index('messages_company_created_idx').on(t.companyId, t.createdAt),
    index('messages_image_object_idx')
      .on(t.imageObjectId)
      .where(sql`${t.imageObjectId} IS NOT NULL`),
    check('messages_sender_type_check', sql`${t.senderType} in ('user', 'company', 'system')`),
    check(
      'messages_event_check',
      sql`${t.event} IS NULL OR ${t.event} in ('offer_made', 'offer_revised', 'offer_withdrawn', 'hired', 'not_chosen', 'request_closed')`,
    ),
    // An offer's withdrawal or the product's note may carry no words of its own.
    check('messages_has_content', sql`${t.message} is not null or ${t.imageObjectId} is not null or ${t.event} is not null`),
  ],
);

/**
 * A company's priced offers on a request, every version kept: the current offer is the highest
 * version, unless withdrawn. Prices are in the currency's smallest unit.
 */
export const quoteOffers = pgTable(
  'quote_offers',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id').notNull(),
    companyId: integer('company_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    amountMinor: integer('amount_minor'),
    lowMinor: integer('low_minor'),
    highMinor: integer('high_minor'),
    currency: text('currency').notNull(),
    includes: text('includes').notNull().default(''),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.quoteId, t.companyId],
      foreignColumns: [quoteCompanies.quoteId, quoteCompanies.companyId],
    }).onDelete('cascade'),
    uniqueIndex('quote_offers_version_key').on(t.quoteId, t.companyId, t.version),
    index('quote_offers_company_idx').on(t.companyId),
    check('quote_offers_kind_check', sql`${t.kind} in ('fixed', 'hourly', 'range')`),
    check(
      'quote_offers_price_check',
      sql`(${t.kind} in ('fixed', 'hourly') AND ${t.amountMinor} > 0 AND ${t.lowMinor} IS NULL AND ${t.highMinor} IS NULL)
        OR (${t.kind} = 'range' AND ${t.amountMinor} IS NULL AND ${t.lowMinor} > 0 AND ${t.highMinor} > ${t.lowMinor})`,
    ),
  ],
);

// ───────────────────────────── coins and payments ─────────────────────────────

export const coinBalances = pgTable(
  'coin_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('coin_balances_balance_check', sql`${t.balance} >= 0`), index('coin_balances_balance_idx').on(t.balance)],
);

export const LEDGER_REASONS = ['launch_credit', 'purchase', 'reply_charge', 'refund', 'admin_adjustment'] as const;

/**
 * Every coin movement. `reference` is unique: `purchase:{intentId}`, `reply:{quoteId}:{companyId}`,
 * `launch:{userId}`, `refund:{quoteId}:{companyId}`, `admin:{auditId}` — so a movement can never
 * be recorded twice, and balances always equal the sum of their ledger.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    reference: text('reference').notNull(),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coin_ledger_reference_key').on(t.reference),
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt),
    index('coin_ledger_company_idx').on(t.companyId),
    // The refund sweep walks reply charges by age.
    index('coin_ledger_reply_charge_created_idx')
      .on(t.createdAt)
      .where(sql`${t.reason} = 'reply_charge'`),
    index('coin_ledger_refund_created_idx')
      .on(t.createdAt)
      .where(sql`${t.reason} = 'refund'`),
    check('coin_ledger_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerIntentId: text('provider_intent_id').notNull(),
    packageType: text('package_type').notNull(),
    coins: integer('coins').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', {
      enum: ['requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled'],
    })
      .notNull()
      .default('requires_payment_method'),
    failureMessage: text('failure_message'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_intent_key').on(t.provider, t.providerIntentId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_credited_idx')
      .on(t.creditedAt)
      .where(sql`${t.creditedAt} IS NOT NULL`),
    check('payments_coins_check', sql`${t.coins} > 0`),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The built-in test payment provider's own records: it plays the part of a card
 * processor with its state in the database, so every app node sees the same intents.
 */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded', 'failed'] })
    .notNull()
    .default('requires_payment_method'),
  failureMessage: text('failure_message'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ───────────────────────────── claims ─────────────────────────────

/** A link that lets the business behind an unclaimed listing take it over and answer a quote. */
export const claims = pgTable(
  'claims',
  {
    /** Unguessable random token; the claim link is APP_URL/quotes?cid={id}. */
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    isMobile: boolean('is_mobile').notNull().default(false),
    phoneNumber: text('phone_number'),
    emailAddress: text('email_address'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('claims_company_quote_key').on(t.companyId, t.quoteId),
    index('claims_quote_idx').on(t.quoteId),
    index('claims_created_idx').on(t.createdAt),
    index('claims_redeemed_idx').on(t.redeemedAt),
  ],
);

// ───────────────────────────── platform ─────────────────────────────

/** The platform's key/value switches, values stored as strings, as the API answers them. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The operator's own words: a catalogue message replaced in one language ("Credits" for "Coins").
 * Pages, the browser and mails read the shipped catalogue with these laid over it.
 */
export const textOverrides = pgTable(
  'text_overrides',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.language, t.key] })],
);

/** Mail and texts waiting to leave; a worker sends them with retries (FOR UPDATE SKIP LOCKED). */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    kind: text('kind').notNull(),
    /** Optional idempotency key: the same event never queues the same notice twice. */
    dedupeKey: text('dedupe_key'),
    /** Sends tried so far, counted when a node takes the notice (so a crash mid-send counts too). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a node until then: a node that dies mid-send hands the notice back when it passes. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last attempt; an admin may try it again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_outbox_dedupe_key').on(t.dedupeKey),
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // Retention deletes old sent notices.
    index('notification_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    check('notification_outbox_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

/** Who changed what as an admin, with the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

// ───────────────────────────── reports and moderation ─────────────────────────────

export const MODERATION_ITEM_TYPES = ['company', 'review', 'message', 'photo'] as const;
export const MODERATION_REASONS = ['fake_or_spam', 'offensive', 'wrong_information', 'scam_or_fraud', 'other'] as const;
export const MODERATION_CASE_STATUSES = ['open', 'appealed', 'decided'] as const;
export const MODERATION_DECISIONS = ['keep', 'hide', 'remove'] as const;

/**
 * One case per reported item (a listing, a review, a message, a company photo): every report of
 * the item gathers in it. `decision` is the latest one; `appealed_at` set means the author used
 * their one appeal, and the decision after it is final. item_id is text-free: messages have
 * bigint ids, the rest fit in it too. No foreign key to the item, so that a removed item's case
 * and history stay.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: serial('id').primaryKey(),
    itemType: text('item_type', { enum: MODERATION_ITEM_TYPES }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** The company the item belongs to (the listing itself, the reviewed company, the conversation's, the photo's). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** Who wrote the item: the listing's or photo's owner, the reviewer, the sender; null when nobody owns it. */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: MODERATION_CASE_STATUSES }).notNull().default('open'),
    decision: text('decision', { enum: MODERATION_DECISIONS }),
    decisionReason: text('decision_reason'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('moderation_cases_item_key').on(t.itemType, t.itemId),
    index('moderation_cases_status_idx').on(t.status, t.updatedAt),
    index('moderation_cases_author_idx').on(t.authorUserId),
    check('moderation_cases_item_type_check', sql`${t.itemType} in ('company', 'review', 'message', 'photo')`),
    check('moderation_cases_status_check', sql`${t.status} in ('open', 'appealed', 'decided')`),
    check('moderation_cases_decision_check', sql`${t.decision} IS NULL OR ${t.decision} in ('keep', 'hide', 'remove')`),
  ],
);

/** A person's report of an item: one per person and item, whatever races (the unique index). */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: MODERATION_ITEM_TYPES }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** What the item was when reported ("Review of Acme Plumbing"), for the reporter's list after it is gone. */
    itemLabel: text('item_label').notNull(),
    reason: text('reason', { enum: MODERATION_REASONS }).notNull(),
    note: text('note'),
    /** Null while the case is open; the decision that answered this report (kept, hidden, removed). */
    outcome: text('outcome', { enum: MODERATION_DECISIONS }),
    outcomeReason: text('outcome_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('moderation_reports_reporter_item_key').on(t.reporterUserId, t.itemType, t.itemId),
    index('moderation_reports_case_idx').on(t.caseId),
    check(
      'moderation_reports_reason_check',
      sql`${t.reason} in ('fake_or_spam', 'offensive', 'wrong_information', 'scam_or_fraud', 'other')`,
    ),
  ],
);

/** What happened to a case, in order: reports, decisions, appeals, the owner's edits of a hidden listing. */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['report', 'decision', 'appeal', 'edit'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The decision or reason, and its words. */
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_events_case_idx').on(t.caseId, t.createdAt)],
);

// ───────────────────────────── periodic jobs ─────────────────────────────

/**
 * Periodic work (platform/jobs): one row a job, with its clock and its last run, so that a restart
 * runs what is due at once and never resets the clock, and admins see how each job fares.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  intervalSeconds: integer('interval_seconds').notNull(),
  nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull().defaultNow(),
  /** A node runs the job until then; one that dies leaves it to the next after that. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastOutcome: text('last_outcome', { enum: ['ok', 'failed'] }),
  /** When a run last finished well (how stale the job's work is: /metrics, the System page). */
  lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
  /** What the last run did ("3 quotes completed"), or why it failed. */
  lastResult: text('last_result'),
  lastError: text('last_error'),
  lastDurationMs: integer('last_duration_ms'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});

// ───────────────────────────── credentials and opening hours ─────────────────────────────

/**
 * A company's licence or insurance, with a private document image (served to the company's owner
 * and admins only). Badges show the verified ones whose expiry date has not passed. A trigger on
 * companies (custom migration) sends verified ones back to `needs_recheck` when the company's name
 * or owner changes, whichever path changes it.
 */
export const companyCredentials = pgTable(
  'company_credentials',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CREDENTIAL_KINDS }).notNull(),
    number: text('number').notNull(),
    issuer: text('issuer').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    documentObjectId: text('document_object_id')
      .notNull()
      .references(() => storedObjects.id),
    status: text('status', { enum: CREDENTIAL_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The expiry date the owner was reminded of (once, 30 days before); a new date reminds again. */
    remindedForExpiry: date('reminded_for_expiry', { mode: 'string' }),
    /**
     * Set by the re-check trigger when a change of the company's name or owner took this verified
     * credential's badge off; the owner is mailed once (a job) and it is cleared.
     */
    recheckNoticeDue: boolean('recheck_notice_due').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('company_credentials_company_idx').on(t.companyId, t.createdAt),
    // The badges of a page of cards: a few index entries per listed company.
    index('company_credentials_verified_company_idx')
      .on(t.companyId)
      .where(sql`${t.status} = 'verified'`),
    // The expiry job and its reminder read only verified ones, by date.
    index('company_credentials_verified_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'verified'`),
    // The re-check notices' job reads the few flagged rows every minute.
    index('company_credentials_recheck_notice_idx')
      .on(t.companyId)
      .where(sql`${t.recheckNoticeDue}`),
    // The admin queue: pending first.
    index('company_credentials_status_created_idx').on(t.status, t.createdAt),
    index('company_credentials_document_idx').on(t.documentObjectId),
    check('company_credentials_kind_check', sql`${t.kind} in ('licence', 'insurance')`),
    check(
      'company_credentials_status_check',
      sql`${t.status} in ('pending', 'verified', 'rejected', 'expired', 'needs_recheck')`,
    ),
  ],
);

/**
 * A company's opening hours: `week` holds seven entries, Monday first, each `{opens, closes}`
 * ("HH:MM", closes after opens, "24:00" for midnight) or null for closed; in the company's
 * time_zone. No row: the company has not given its hours.
 */
export const companyOpeningHours = pgTable('company_opening_hours', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  week: jsonb('week').$type<({ opens: string; closes: string } | null)[]>().notNull(),
  note: text('note'),
  updatedAt: updatedAt(),
});

// ───────────────────────────── personal data ─────────────────────────────

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'downloaded', 'expired', 'failed'] as const;

/**
 * A user's request for a copy of their data: prepared by the job `privacy.build-exports` into a ZIP
 * in the object store (never a stored_objects row, so nothing serves it but its link), then mailed
 * as a link that works once. The archive goes when the link is used or expires; the row a day
 * later (so a used or expired link can still be told apart from an unknown one).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    /** SHA-256 of the mailed link's token; set when the archive is ready. */
    tokenHash: text('token_hash'),
    /** The archive's key in the object store, until it is deleted. */
    objectKey: text('object_key'),
    byteSize: integer('byte_size'),
    /** A node building the archive holds it until then; one that dies leaves it to the next run. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One archive in preparation per user, however many requests race.
    uniqueIndex('data_exports_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('data_exports_token_key').on(t.tokenHash),
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    index('data_exports_status_idx').on(t.status, t.createdAt),
    check('data_exports_status_check', sql`${t.status} in ('pending', 'ready', 'downloaded', 'expired', 'failed')`),
  ],
);
