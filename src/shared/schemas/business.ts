/**
 * The business form and the owner's calls around it: one schema for the dialog's fields and the
 * server's multipart parse, so both sides give the same messages.
 */
import { z } from 'zod';
import { BUSINESS_DESCRIPTION_MIN_LENGTH, MAX_COMPANY_PHOTOS } from '../constants';
import { idParam, requiredText, wholeNumberText } from './common';
import { CompanySchema } from './company';
import { addressDivisionOf } from '../address-divisions';
import { operatingCountry } from '../operating-country';
import { postalCodeField } from './postal-code';
import { phoneField } from './user';

export const BUSINESS_MESSAGES = {
  name: 'Business name is required',
  description: `Description must be at least ${BUSINESS_DESCRIPTION_MIN_LENGTH} characters`,
  category: 'Category is required',
  subcategories: 'Select at least one subcategory',
  phone: 'Valid phone number is required',
  email: 'Valid email address is required',
  website: 'Must be a valid URL',
  address: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'Valid ZIP code is required',
} as const;

/** The address's division where the operator's country asks for one ("State is required" in the US). */
export const DIVISION_REQUIRED_MESSAGES = {
  state: BUSINESS_MESSAGES.state,
  province: 'Province is required',
  county: 'County is required',
} as const;

/**
 * The state, province or county: required where the operator's country's addresses need one,
 * optional (blank allowed) where it is customary, and stored blank where addresses name none.
 */
const divisionField = z
  .preprocess(
    (value) => value ?? '',
    z.string({ error: BUSINESS_MESSAGES.state }).trim().max(50, 'Must be at most 50 characters'),
  )
  .transform((value, ctx) => {
    const rule = addressDivisionOf(operatingCountry());
    if (!rule) return '';
    if (rule.required && value === '') {
      ctx.addIssue({ code: 'custom', message: DIVISION_REQUIRED_MESSAGES[rule.division] });
      return z.NEVER;
    }
    return value;
  });

/** The business's postal code, in the wording of the operator's country. */
export const BUSINESS_POSTAL_CODE_MESSAGE = { zip: BUSINESS_MESSAGES.zip, postal: 'Valid postal code is required' };

/**
 * '' (or no field at all: the website is optional) stays empty; 'example.com' becomes
 * 'https://example.com'; anything else must be an http(s) URL.
 */
export const websiteField = z.preprocess(
  (value) => value ?? '',
  z
    .string({ error: BUSINESS_MESSAGES.website })
    .trim()
    .max(300, BUSINESS_MESSAGES.website)
    .transform((value) => (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
    .refine((value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, BUSINESS_MESSAGES.website),
);

const emailField = z
  .string({ error: BUSINESS_MESSAGES.email })
  .trim()
  .max(254, BUSINESS_MESSAGES.email)
  .toLowerCase()
  .pipe(z.email({ error: BUSINESS_MESSAGES.email }));

/** The business dialog's values. Subcategories are slugs. */
export const BusinessFormSchema = z.object({
  name: requiredText(BUSINESS_MESSAGES.name, 120),
  description: z
    .string({ error: BUSINESS_MESSAGES.description })
    .trim()
    .min(BUSINESS_DESCRIPTION_MIN_LENGTH, BUSINESS_MESSAGES.description)
    .max(5000, 'Description must be at most 5000 characters'),
  category: requiredText(BUSINESS_MESSAGES.category, 100),
  subcategories: z
    .array(z.string().trim().min(1).max(100), { error: BUSINESS_MESSAGES.subcategories })
    .min(1, BUSINESS_MESSAGES.subcategories)
    .max(50, 'Select at most 50 subcategories'),
  phone: phoneField,
  email: emailField,
  website: websiteField,
  address: requiredText(BUSINESS_MESSAGES.address, 200),
  city: requiredText(BUSINESS_MESSAGES.city, 100),
  state: divisionField,
  zip: postalCodeField(BUSINESS_POSTAL_CODE_MESSAGE),
});
export type BusinessForm = z.input<typeof BusinessFormSchema>;
export type BusinessFields = z.output<typeof BusinessFormSchema>;

/** A subcategory as clients send it: a name, a slug, or an object carrying either. */
const subcategoryRef = z.union([
  z.string(),
  z.object({ slug: z.string().optional(), name: z.string().optional() }).transform((o) => o.slug ?? o.name ?? ''),
]);

/**
 * POST /api/companies and PUT /api/companies/{id}: the form's fields as multipart text parts,
 * subcategories as a JSON string, and a categoryId (used when `category` names nothing).
 */
export const BusinessMultipartSchema = BusinessFormSchema.extend({
  category: z.string().trim().max(100).optional().default(''),
  categoryId: wholeNumberText(z.number().int().positive().max(2_147_483_647)).optional().catch(undefined),
  subcategories: z
    .string({ error: BUSINESS_MESSAGES.subcategories })
    .max(10_000, BUSINESS_MESSAGES.subcategories)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // A bare name or slug instead of a JSON list.
        if (text.trim()) return [text.trim()];
        ctx.addIssue({ code: 'custom', message: BUSINESS_MESSAGES.subcategories });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(subcategoryRef, { error: BUSINESS_MESSAGES.subcategories })
        .transform((refs) => refs.map((ref) => ref.trim()).filter(Boolean))
        .pipe(z.array(z.string().max(100)).min(1, BUSINESS_MESSAGES.subcategories).max(50)),
    ),
});
export type BusinessMultipart = z.output<typeof BusinessMultipartSchema>;

export const CreateCompanyResponseSchema = z.object({
  id: z.number(),
  company: CompanySchema,
  /** Coins granted with this company (launch credits, once per user); 0 when none. */
  launchCoins: z.number(),
});

export const LogoBodySchema = z.object({
  logoObjectId: z.string().max(100).nullable(),
});

export const ActiveBodySchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const CompanyImageSchema = z.object({
  id: z.number(),
  objectUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  caption: z.string().nullable(),
  displayOrder: z.number(),
});
export type CompanyImage = z.infer<typeof CompanyImageSchema>;

export const CAPTION_MAX_LENGTH = 200;
export const captionField = z.string().trim().max(CAPTION_MAX_LENGTH, `Caption must be at most ${CAPTION_MAX_LENGTH} characters`);

export const UpdateCompanyImageBodySchema = z
  .object({
    caption: captionField.nullable().optional(),
    displayOrder: z.number().int().min(0).max(1000).optional(),
  })
  .refine((body) => body.caption !== undefined || body.displayOrder !== undefined, 'Nothing to update');

export const TOO_MANY_PHOTOS = `A company can have at most ${MAX_COMPANY_PHOTOS} photos`;

export const ImageParamsSchema = z.object({
  id: idParam(),
  imageId: idParam(),
});

export const UserCompaniesResponseSchema = z.object({ companies: z.array(CompanySchema) });

/** The owner's lead log: one row per day of the last `days` days. */
export const LeadLogDaySchema = z.object({
  day: z.string(),
  pageViews: z.number(),
  quoteRequests: z.number(),
  repliesSent: z.number(),
  coinsSpent: z.number(),
  /** Requests that ended with the customer hiring the company, by the day of the hire. */
  hires: z.number(),
});
export const LeadLogSchema = z.object({
  companyId: z.number(),
  days: z.array(LeadLogDaySchema),
  totals: LeadLogDaySchema.omit({ day: true }),
  /** Coins spent (net of refunds) over the period ÷ hires in it; null without a hire. */
  costPerHire: z.number().nullable(),
});
export type LeadLog = z.infer<typeof LeadLogSchema>;
export const LEAD_LOG_DAYS = 30;
