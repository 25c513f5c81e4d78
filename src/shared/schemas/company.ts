/** Companies as discovery answers them, and the search and listing calls. */
import { z } from 'zod';
import { DISTANCE_UNITS } from '../distance';
import { decimalFromText, wholeNumberText } from './common';
import { SEARCH_PAGE_SIZE, SORTS } from '../constants';
import { CredentialBadgeSchema } from './credentials';
import { WorkAreaSchema } from './leads';
import { OpeningHoursSchema } from './opening-hours';

// Plain constants live in ../constants (zod-free, so client pages can use them without zod).
export { SORTS, type Sort } from '../constants';

export const SubcategoryRefSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type SubcategoryRef = z.infer<typeof SubcategoryRefSchema>;

export const CompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** The category's slug (the API names it `category`). */
  category: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  subcategories: z.array(SubcategoryRefSchema),
  /** Legacy single subcategory, for clients that read one: the first one's name. */
  subcategory: z.string().nullable(),
  /** As people of the operator's country write it: nationally for its own numbers ("020 7946 0958"), internationally for others. */
  phone: z.string(),
  /** The same number in E.164 (`+442079460958`), for a `tel:` link; null for a number stored before numbers were checked that cannot be read. */
  phoneE164: z.string().nullable(),
  email: z.string(),
  website: z.string().nullable(),
  /** Legacy logo path; new logos are objects. */
  logo: z.string().nullable(),
  logoObjectId: z.string().nullable(),
  /** Where to fetch the logo, or null for the default logo. */
  logoUrl: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isActive: z.boolean(),
  /** The owner holds coins: shown first and badged (paid placement). */
  isPremium: z.boolean(),
  averageRating: z.number().nullable(),
  ratingsCount: z.number(),
  favoritesCount: z.number(),
  /** Median minutes to a first reply over 90 days, once there are enough replies; else null. */
  replyMedianMinutes: z.number().nullable(),
  /** Requests that ended with the customer hiring this company here (kept by the product, never by the owner). */
  hireCount: z.number(),
  ownerId: z.number().nullable(),
  /** False while the company has paused new requests; `returnsOn` is when that ends (UTC date), if set. */
  takingRequests: z.boolean(),
  returnsOn: z.string().nullable(),
  firstImage: z.object({ id: z.number(), objectUrl: z.string(), thumbnailUrl: z.string().nullable() }).nullable(),
  /** On the company's page (GET /api/companies/{id}) only: where it works and the services it takes. */
  workArea: WorkAreaSchema.optional(),
  /** Miles from the searched location, when a location was given. */
  distanceMiles: z.number().nullable().optional(),
  /** Verified credentials whose expiry date has not passed ("Licence verified · expires 2027-06"). */
  credentialBadges: z.array(CredentialBadgeSchema),
  /** On the company's page only: its opening hours, time zone and whether it is open now. */
  openingHours: OpeningHoursSchema.optional(),
});
export type Company = z.infer<typeof CompanySchema>;

export const PaginationSchema = z.object({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  /** The total stops counting at 1,000 matches ("1,000+"); false on every page whose total is exact. */
  totalCapped: z.boolean(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

const page = wholeNumberText(z.number().int().min(1).max(10_000)).catch(1).default(1);
const limit = wholeNumberText(z.number().int().min(1).max(50)).catch(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE);
const sort = z.enum(SORTS).catch('topRated').default('topRated');
/**
 * Comma-separated company ids ("My Favorites" of a visitor, from local storage). Parts that are no
 * id are dropped, so `ids=none` (what the browser sends for an empty list) lists no company, where
 * no `ids` at all means no restriction.
 */
const ids = z
  .string()
  .max(5000)
  .transform((value) =>
    value
      .split(',')
      .map((part) => Number(part))
      .filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647)
      .slice(0, 500),
  )
  .optional();

/** GET /api/search. Unknown or malformed values fall back to defaults instead of failing a page. */
export const SearchQuerySchema = z.object({
  q: z.string().max(200, 'Search text is too long').optional(),
  location: z.string().max(100, 'Location is too long').optional(),
  /** In `unit`: kilometres or miles, by default the deployment's (DISTANCE_UNIT). */
  radius: z.preprocess(decimalFromText, z.number().min(1).max(500)).catch(25).default(25),
  unit: z.enum(DISTANCE_UNITS).optional().catch(undefined),
  sort,
  page,
  limit,
  category: z.string().max(100).optional(),
  subcategory: z.string().max(100).optional(),
  ids,
  /** `true` (or "1", "on"): only companies open now by their opening hours, in their own time zones. */
  openNow: z
    .union([z.boolean(), z.string()])
    .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')
    .catch(false)
    .optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchLocationSchema = z.object({
  query: z.string(),
  /** 'Austin, TX' or 'Austin, TX 78701'; null when the location was not recognised. */
  label: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusMiles: z.number(),
});

export const SearchResponseSchema = z.object({
  results: z.array(CompanySchema),
  pagination: PaginationSchema,
  location: SearchLocationSchema.nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** GET /api/categories/{id}/companies. */
export const CategoryCompaniesQuerySchema = z.object({ sort, page, limit, subcategory: z.string().max(100).optional(), ids });
export type CategoryCompaniesQuery = z.infer<typeof CategoryCompaniesQuerySchema>;

export const CategoryCompaniesResponseSchema = z.object({ companies: z.array(CompanySchema), pagination: PaginationSchema });
export type CategoryCompaniesResponse = z.infer<typeof CategoryCompaniesResponseSchema>;

export const CategoryWithSubcategoriesSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  imageUrl: z.string().nullable(),
  subcategories: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string(), imageUrl: z.string().nullable() })),
});
export type CategoryWithSubcategories = z.infer<typeof CategoryWithSubcategoriesSchema>;
