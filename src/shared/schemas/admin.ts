/**
 * Administration: the admin screens' records, validation and page sizes. Every admin call answers
 * only to admins (403; 401 signed out).
 */
import { z } from 'zod';
import { MAX_COMPANIES_PER_QUOTE_LIMIT } from '../constants';
import { isLanguage } from '../i18n/languages';
import { emailField, requiredText, wholeNumberText } from './common';
import { QUOTE_STATUSES } from './quote';
import { ratingValue } from './rating';
import { BRAND_NAME_MAX_LENGTH, BRAND_SETTING_KEYS, isHexColour, MIN_CONTRAST, primaryColourContrast } from '../brand';

export const ADMIN_PAGE_SIZES = { companies: 10, ratings: 20, quotes: 20, claims: 20, audit: 50 } as const;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

const page = wholeNumberText(z.number().int().min(1).max(100_000)).catch(1).default(1);
const search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);
const limitOf = (fallback: number) => wholeNumberText(z.number().int().min(1).max(100)).catch(fallback).default(fallback);

// ───────────── dashboard ─────────────
export const AdminStatsSchema = z.object({
  usersCount: z.number(),
  companiesCount: z.number(),
  ratingsCount: z.number(),
  quotesCount: z.number(),
  claimsCount: z.number(),
  categoriesCount: z.number(),
  subcategoriesCount: z.number(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

// ───────────── users ─────────────
export const AdminUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** When the account was deleted (its row stays, with nothing personal); null for a live one. */
  deletedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
/** GET /api/users (admin): a bare array, newest first. */
export const AdminUserListSchema = z.array(AdminUserSchema);

export const ADMIN_USER_MESSAGES = {
  createRequired: 'Please fill in all fields to create a user.',
  updateRequired: 'Please fill in all fields to update the user.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  emailTaken: 'A user with this email already exists',
  selfAdmin: 'You cannot change your own admin status',
} as const;

/** POST /api/users (admin): all four fields; a verification mail goes out. */
export const AdminCreateUserBodySchema = z.object({
  firstName: requiredText(ADMIN_USER_MESSAGES.createRequired, 100),
  lastName: requiredText(ADMIN_USER_MESSAGES.createRequired, 100),
  email: z
    .string({ error: ADMIN_USER_MESSAGES.createRequired })
    .trim()
    .min(1, ADMIN_USER_MESSAGES.createRequired)
    .pipe(emailField()),
  password: z
    .string({ error: ADMIN_USER_MESSAGES.createRequired })
    .min(1, ADMIN_USER_MESSAGES.createRequired)
    .min(8, ADMIN_USER_MESSAGES.passwordTooShort)
    .max(200, 'Password must be at most 200 characters'),
});
export type AdminCreateUserBody = z.infer<typeof AdminCreateUserBodySchema>;

/** The edit dialog's fields (PUT /api/users/{id} by an admin also takes `email`). */
export const AdminEditUserFormSchema = z.object({
  firstName: requiredText(ADMIN_USER_MESSAGES.updateRequired, 100),
  lastName: requiredText(ADMIN_USER_MESSAGES.updateRequired, 100),
  email: z
    .string({ error: ADMIN_USER_MESSAGES.updateRequired })
    .trim()
    .min(1, ADMIN_USER_MESSAGES.updateRequired)
    .pipe(emailField()),
});

/** POST /api/users/{id}/toggle-admin → {message, user}. */
export const ToggleAdminAnswerSchema = z.object({ message: z.string(), user: AdminUserSchema });

// ───────────── companies ─────────────
export const AdminCompaniesQuerySchema = z.object({ page, limit: limitOf(ADMIN_PAGE_SIZES.companies), search });
export const AdminCompanyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  email: z.string(),
  address: z.string(),
  zip: z.string(),
  isActive: z.boolean(),
  avgRating: z.number().nullable(),
  ratingCount: z.number(),
  ownerId: z.number().nullable(),
});
export type AdminCompanyRow = z.infer<typeof AdminCompanyRowSchema>;
export const AdminCompanyPageSchema = z.object({ companies: z.array(AdminCompanyRowSchema), total: z.number() });
/** POST /api/companies/{id}/toggle-active → {message, isActive}. */
export const ToggleActiveAnswerSchema = z.object({ message: z.string(), isActive: z.boolean() });

// ───────────── ratings ─────────────
export const AdminRatingsQuerySchema = z.object({ page, limit: limitOf(ADMIN_PAGE_SIZES.ratings), search });
export const AdminRatingSchema = z.object({
  id: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  editedByAdminAt: z.string().nullable(),
  /** A moderator's hold: 'hidden' (out of the public list and figures) or 'removed' (words erased for good). */
  moderationState: z.enum(['hidden', 'removed']).nullable(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  company: z.object({ id: z.number(), name: z.string(), category: z.string() }),
});
export type AdminRating = z.infer<typeof AdminRatingSchema>;
export const AdminRatingPageSchema = z.object({ ratings: z.array(AdminRatingSchema), total: z.number() });
/** The edit dialog (PUT /api/ratings/{id}): 0.5 to 5 in half stars, and a comment. */
export const ADMIN_RATING_MESSAGE = 'Rating must be between 0.5 and 5 stars.';
export const AdminRatingFormSchema = z.object({ rating: ratingValue, comment: z.string().max(2000) });

// ───────────── quotes ─────────────
export const ADMIN_QUOTE_STATUSES = ['draft', 'in_progress', 'completed'] as const;
export type AdminQuoteStatus = (typeof ADMIN_QUOTE_STATUSES)[number];
export const AdminQuotesQuerySchema = z.object({
  page,
  limit: limitOf(ADMIN_PAGE_SIZES.quotes),
  search,
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
});
export const AdminQuoteRowSchema = z.object({
  id: z.number(),
  quoteName: z.string(),
  description: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  companyCount: z.number(),
  messageCount: z.number(),
});
export type AdminQuoteRow = z.infer<typeof AdminQuoteRowSchema>;
export const AdminQuotePageSchema = z.object({ quotes: z.array(AdminQuoteRowSchema), total: z.number() });
/** GET /api/admin/quotes/stats: from one grouped query (submitted counts as in progress). */
export const AdminQuoteStatsSchema = z.object({
  total: z.number(),
  draft: z.number(),
  inProgress: z.number(),
  completed: z.number(),
});
export const AdminQuoteStatusBodySchema = z.object({
  status: z.enum(ADMIN_QUOTE_STATUSES, { error: 'Status must be draft, in_progress or completed' }),
});

// ───────────── claims ─────────────
export const AdminClaimsQuerySchema = z.object({
  page,
  limit: limitOf(ADMIN_PAGE_SIZES.claims),
  search,
  status: z.enum(['pending', 'redeemed']).optional().catch(undefined),
});
export const AdminClaimSchema = z.object({
  id: z.string(),
  companyId: z.number(),
  quoteId: z.number(),
  company: z.object({ name: z.string(), category: z.string(), city: z.string(), state: z.string() }).nullable(),
  quote: z.object({ quoteName: z.string(), status: z.enum(QUOTE_STATUSES) }).nullable(),
  isMobile: z.boolean(),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  createdAt: z.string(),
  redeemedAt: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
/** `counts` come from all claims matching the search, not from the current page, so they do not change with the page. */
export const AdminClaimPageSchema = z.object({
  claims: z.array(AdminClaimSchema),
  total: z.number(),
  counts: z.object({ pending: z.number(), redeemed: z.number(), total: z.number() }),
});

// ───────────── categories ─────────────
export const CoinCostSchema = z.object({ categoryId: z.number(), cost: z.number() });
export const CoinCostListSchema = z.array(CoinCostSchema);
export const CoinCostBodySchema = z.object({
  cost: z
    .number({ error: 'Coin cost must be a number' })
    .int('Coin cost must be a whole number')
    .min(0, 'Coin cost must be 0 or more')
    .max(100_000, 'Coin cost must be at most 100000'),
});
/** Image URL inputs: trimmed; empty clears (null). */
export const ImageUrlBodySchema = z.object({
  imageUrl: z
    .string()
    .trim()
    .max(2000, 'Image URL must be at most 2000 characters')
    .nullish()
    .transform((value) => value || null)
    .pipe(z.union([z.null(), z.url({ protocol: /^https?$/, error: 'Image URL must be an http(s) URL' })])),
});

// ───────────── platform settings ─────────────
export const BRAND_MESSAGES = {
  name: 'Enter the site name, without < or >',
  colour: 'Enter the primary colour as #rrggbb',
  contrast: 'The primary colour must contrast with white at least 4.5:1 (WCAG AA)',
  email: 'Enter the support address as an email address, or leave it empty',
  upload: 'Upload the logo or favicon as an image; an empty value removes it',
} as const;

export const PLATFORM_SETTING_KEYS = [
  'notifications_email_quotes_enabled',
  'notifications_email_messages_enabled',
  'notifications_sms_quotes_enabled',
  'notifications_sms_messages_enabled',
  'quote_inactivity_timeout_days',
  'quote_max_companies',
  'default_language',
  'offered_languages',
  ...BRAND_SETTING_KEYS,
] as const;
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];
export const PlatformSettingsSchema = z.object({
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
});
const booleanSetting = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: 'Must be true or false',
});
/** PUT /api/admin/platform-settings: a flat object of the six keys, booleans and a number or their strings. */
export const PlatformSettingsBodySchema = z
  .object({
    notifications_email_quotes_enabled: booleanSetting,
    notifications_email_messages_enabled: booleanSetting,
    notifications_sms_quotes_enabled: booleanSetting,
    notifications_sms_messages_enabled: booleanSetting,
    // A number or its string form in plain digits ("30"), as the settings are stored as text.
    quote_inactivity_timeout_days: wholeNumberText(
      z
        .number({ error: 'The inactivity timeout must be a number of days' })
        .int('The inactivity timeout must be a whole number of days')
        .min(0, 'The inactivity timeout must be between 0 and 365 days')
        .max(365, 'The inactivity timeout must be between 0 and 365 days'),
    ),
    quote_max_companies: wholeNumberText(
      z
        .number({ error: 'The company limit must be a number' })
        .int('The company limit must be a whole number')
        .min(0, `The company limit must be between 0 and ${MAX_COMPANIES_PER_QUOTE_LIMIT}`)
        .max(MAX_COMPANIES_PER_QUOTE_LIMIT, `The company limit must be between 0 and ${MAX_COMPANIES_PER_QUOTE_LIMIT}`),
    ),
    // The language of pages, mails and texts for whoever has not chosen one, and the languages a
    // visitor may choose from (a list, or its comma-separated text as stored); unset, the
    // environment's DEFAULT_LANGUAGE and LANGUAGES decide.
    default_language: z.string({ error: 'Choose a language' }).refine(isLanguage, 'Choose a language the app ships'),
    offered_languages: z
      .union([z.array(z.string()), z.string().transform((list) => list.split(','))], { error: 'Choose the languages offered' })
      .pipe(
        z
          .array(z.string().trim().refine(isLanguage, 'Choose languages the app ships'))
          .min(1, 'Offer at least one language')
          .transform((codes) => [...new Set(codes)]),
      ),
    // The brand. The logo and favicon are uploaded by their own calls; '' here puts the product's
    // own back.
    brand_name: z
      .string({ error: BRAND_MESSAGES.name })
      .trim()
      .min(1, BRAND_MESSAGES.name)
      .max(BRAND_NAME_MAX_LENGTH, `The site name must be at most ${BRAND_NAME_MAX_LENGTH} characters`)
      .refine((name) => !/[\p{Cc}<>]/u.test(name), BRAND_MESSAGES.name),
    brand_primary_color: z
      .string({ error: BRAND_MESSAGES.colour })
      .trim()
      .toLowerCase()
      .refine(isHexColour, BRAND_MESSAGES.colour)
      .refine((hex) => primaryColourContrast(hex) >= MIN_CONTRAST, BRAND_MESSAGES.contrast),
    brand_support_email: z.union(
      [
        z.literal(''),
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.email({ error: BRAND_MESSAGES.email })),
      ],
      {
        error: BRAND_MESSAGES.email,
      },
    ),
    brand_logo_object_id: z.literal('', { error: BRAND_MESSAGES.upload }),
    brand_favicon_object_id: z.literal('', { error: BRAND_MESSAGES.upload }),
  })
  .partial();
export type PlatformSettingsBody = z.infer<typeof PlatformSettingsBodySchema>;

// ───────────── audit log ─────────────
export const AuditQuerySchema = z.object({ page, entityType: z.string().trim().max(50).optional() });
export const AuditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  actor: z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), total: z.number() });
