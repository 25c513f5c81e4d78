/** Lead controls: what a company takes leads on, set by its owner or an admin. */
import { z } from 'zod';
import { operatingCountry } from '../operating-country';
import { postalCodeRulesOf } from '../postal-codes';
import { postalCodeField, postalCodeMessage } from './postal-code';

export const MAX_WEEKLY_COIN_CAP = 100_000;
/** A pause's return date lies within this many days from today. */
export const MAX_PAUSE_DAYS = 365;
const WEEKLY_CAP_RANGE = `The weekly coin cap must be between 1 and ${MAX_WEEKLY_COIN_CAP.toLocaleString('en-US')} coins`;
const RETURN_DATE_RANGE = `The return date must be after today and within ${MAX_PAUSE_DAYS} days`;

/** Today's date in UTC as YYYY-MM-DD (return dates are UTC dates). */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);
/** The UTC date `days` after `day` (both YYYY-MM-DD). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A service area: wherever the ZIP radius search finds the company, a radius from its ZIP code, or ZIP codes. */
export const SERVICE_AREA_TYPES = ['anywhere', 'radius', 'zips'] as const;
export type ServiceAreaType = (typeof SERVICE_AREA_TYPES)[number];
export const MAX_SERVICE_RADIUS_MILES = 500;
export const MAX_SERVICE_ZIPS = 100;
const SERVICE_RADIUS_RANGE = `The service radius must be between 1 and ${MAX_SERVICE_RADIUS_MILES} miles`;
export const SERVICE_RADIUS_REQUIRED = 'Enter the service radius in miles';
export const SERVICE_ZIPS_REQUIRED = { zip: 'Enter at least one ZIP code', postal: 'Enter at least one postal code' };
export const unknownZipsMessage = (zips: string[]) =>
  postalCodeMessage(
    zips.length === 1
      ? { zip: `This ZIP code is not known: ${zips[0]}`, postal: `This postal code is not known: ${zips[0]}` }
      : {
          zip: `These ZIP codes are not known: ${zips.join(', ')}`,
          postal: `These postal codes are not known: ${zips.join(', ')}`,
        },
  );
export const NOT_LISTED_SUBCATEGORY_MESSAGE = "Only the company's own services can be chosen";

const SERVICE_ZIP_MESSAGE = {
  zip: 'Each ZIP code must be 5 digits',
  postal: 'Each postal code must be a postal code or area of the country',
};
const SERVICE_ZIPS_LIST_MESSAGE = { zip: 'The ZIP codes must be a list', postal: 'The postal codes must be a list' };
const SERVICE_ZIPS_MAX_MESSAGE = {
  zip: `At most ${MAX_SERVICE_ZIPS} ZIP codes`,
  postal: `At most ${MAX_SERVICE_ZIPS} postal codes`,
};

/**
 * "10001, 10002\n10003" or ["10001", …]: each a postal code (a US ZIP code's five digits) or an
 * area (a British outward code) in stored form, duplicates dropped. Codes are separated by commas,
 * semicolons or line breaks, and by spaces too where the country's codes hold none.
 */
const serviceZips = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const spaced = postalCodeRulesOf(operatingCountry()).example.includes(' ');
    return value.split(spaced ? /\s*[,;\n]+\s*/ : /[\s,;]+/).filter((part) => part.trim());
  },
  z
    .array(postalCodeField(SERVICE_ZIP_MESSAGE, { areas: true, usFiveDigits: true }), {
      error: () => postalCodeMessage(SERVICE_ZIPS_LIST_MESSAGE),
    })
    .refine((zips) => zips.length <= MAX_SERVICE_ZIPS, { error: () => postalCodeMessage(SERVICE_ZIPS_MAX_MESSAGE) })
    .transform((zips) => [...new Set(zips)].sort()),
);

/**
 * PUT /api/companies/{id}/lead-preferences: the fields to change (a missing one stays as it is).
 * `weeklyCoinCap` null (or "") is no cap; `returnsOn` null (or "") pauses until switched back.
 */
export const LeadPreferencesBodySchema = z
  .object({
    // Not unions: zod answers a union's failure with "Invalid input", not the rule that failed.
    weeklyCoinCap: z
      .preprocess(
        emptyToNull,
        z
          .number({ error: 'The weekly coin cap must be a number of coins' })
          .int('The weekly coin cap must be a whole number of coins')
          .min(1, WEEKLY_CAP_RANGE)
          .max(MAX_WEEKLY_COIN_CAP, WEEKLY_CAP_RANGE)
          .nullable(),
      )
      .optional(),
    paused: z.boolean({ error: 'Paused must be true or false' }).optional(),
    returnsOn: z
      .preprocess(
        emptyToNull,
        z
          .string({ error: 'The return date must be a date (YYYY-MM-DD)' })
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'The return date must be a date (YYYY-MM-DD)')
          .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day, {
            error: 'The return date must be a date (YYYY-MM-DD)',
            abort: true,
          })
          .refine((day) => day > utcToday() && day <= addDays(utcToday(), MAX_PAUSE_DAYS), { error: RETURN_DATE_RANGE })
          .nullable(),
      )
      .optional(),
    serviceArea: z.enum(SERVICE_AREA_TYPES, { error: 'The service area must be anywhere, a radius or ZIP codes' }).optional(),
    serviceRadiusMiles: z
      .preprocess(
        emptyToNull,
        z
          .number({ error: 'The service radius must be a number of miles' })
          .int('The service radius must be a whole number of miles')
          .min(1, SERVICE_RADIUS_RANGE)
          .max(MAX_SERVICE_RADIUS_MILES, SERVICE_RADIUS_RANGE)
          .nullable(),
      )
      .optional(),
    serviceZips: serviceZips.optional(),
    /** The subcategories it takes requests for, among its own; empty: every one. */
    subcategoryIds: z
      .array(z.number({ error: 'Services must be given by their ids' }).int().positive().max(2_147_483_647), {
        error: 'Services must be a list',
      })
      .max(500, 'Too many services')
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to update' })
  // The area's type says which of its fields must come with it.
  .refine((body) => body.serviceArea !== 'radius' || (body.serviceRadiusMiles ?? null) !== null, {
    error: SERVICE_RADIUS_REQUIRED,
    path: ['serviceRadiusMiles'],
  })
  .refine((body) => body.serviceArea !== 'zips' || (body.serviceZips?.length ?? 0) > 0, {
    error: () => postalCodeMessage(SERVICE_ZIPS_REQUIRED),
    path: ['serviceZips'],
  })
  .refine((body) => body.serviceArea !== undefined || (body.serviceRadiusMiles === undefined && body.serviceZips === undefined), {
    error: 'Say which service area the radius or ZIP codes are for',
    path: ['serviceArea'],
  });
export type LeadPreferencesBody = z.infer<typeof LeadPreferencesBodySchema>;

export const LeadPreferencesSchema = z.object({
  companyId: z.number(),
  weeklyCoinCap: z.number().nullable(),
  /** Coins spent on first replies since the week began, refunded ones left out. */
  weeklySpend: z.number(),
  /** Monday 00:00 UTC of this week. */
  weekStartsAt: z.string(),
  /** The pause switch as set, and the day it ends (UTC, taking requests again from then). */
  paused: z.boolean(),
  returnsOn: z.string().nullable(),
  /** False while paused and before the return date. */
  takingRequests: z.boolean(),
  serviceArea: z.object({
    type: z.enum(SERVICE_AREA_TYPES),
    /** Set for 'radius', miles from the company's ZIP code. */
    radiusMiles: z.number().nullable(),
    /** Set for 'zips', in order. */
    zips: z.array(z.string()),
  }),
  /** The subcategories it takes requests for; empty: every one it lists. */
  subcategoryIds: z.array(z.number()),
});
export type LeadPreferences = z.infer<typeof LeadPreferencesSchema>;

/** The refusal of a reply that would pass the company's weekly cap (409 WEEKLY_CAP_REACHED). */
export const weeklyCapMessage = (companyName: string, spend: number, cap: number, cost: number) =>
  `Replying costs ${cost} coins, which would take ${companyName}'s spend this week to ${spend + cost} coins, ` +
  `past its weekly cap of ${cap}. Raise the cap in the Leads tab of your profile to reply.`;

/** What a paused company's card and page say. */
export { NOT_TAKING_REQUESTS, notTakingRequestsText } from '../listing-words';

/** The radius of "near its ZIP code" in the owner's placement: the search's default. */
export const PLACEMENT_RADIUS_MILES = 25;

const ListingPlacementSchema = z.object({
  /** 1-based place in the listing (Top Rated), and its page; null when the company is not listed there. */
  position: z.number().nullable(),
  page: z.number().nullable(),
  total: z.number(),
});

/** GET /api/companies/{id}/placement: where the company appears for its category and its ZIP code, and why. */
export const PlacementSchema = z.object({
  companyId: z.number(),
  categoryName: z.string(),
  categorySlug: z.string(),
  zip: z.string(),
  /** Its category's page, Top Rated. */
  category: ListingPlacementSchema,
  /** A search near its ZIP code (all categories, Top Rated, PLACEMENT_RADIUS_MILES); null when the ZIP is unknown. */
  nearZip: ListingPlacementSchema.nullable(),
  /** Why, in the order the listing applies them. */
  reasons: z.array(z.string()),
});
export type Placement = z.infer<typeof PlacementSchema>;

/**
 * Where a company works, on its page: a radius from its ZIP code or a list of ZIP codes;
 * null when it set none (found by the ZIP radius search around its ZIP code). With the services
 * it takes requests for, when it narrowed them (null: every one it lists).
 */
export const WorkAreaSchema = z.object({
  serviceArea: z.union([
    z.object({ type: z.literal('radius'), radiusMiles: z.number(), zip: z.string() }),
    z.object({ type: z.literal('zips'), zips: z.array(z.string()) }),
    z.null(),
  ]),
  takesSubcategoryIds: z.array(z.number()).nullable(),
});
export type WorkArea = z.infer<typeof WorkAreaSchema>;

export { workAreaText } from '../listing-words';
