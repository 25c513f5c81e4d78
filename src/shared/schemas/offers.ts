/**
 * Priced offers: a pro's reply may carry a price — fixed, hourly, or a range — what it includes,
 * and how long it is valid. An offer is an estimate, binding no one. It travels as a message of its
 * conversation (so it is part of a reply, never a second charge), can be revised (every version is
 * kept and shown) or withdrawn until the customer hires. Prices are in the product's currency only.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants';

export const OFFER_KINDS = ['fixed', 'hourly', 'range'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  fixed: 'Fixed price',
  hourly: 'Hourly rate',
  range: 'Price range',
};

/** The largest price an offer may name, in the currency's main unit. */
export const MAX_OFFER_PRICE = 10_000_000;
export const OFFER_INCLUDES_MAX = 1000;
export const MIN_OFFER_VALID_DAYS = 1;
export const MAX_OFFER_VALID_DAYS = 90;
export const DEFAULT_OFFER_VALID_DAYS = 14;

/** Digits after the decimal point the currency uses (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `amount` in the currency's smallest unit, or undefined when it has more decimals than the currency. */
export function toMinorUnits(amount: number, currency: string): number | undefined {
  const factor = 10 ** currencyDigits(currency);
  const minor = Math.round(amount * factor);
  return Math.abs(minor - amount * factor) < 1e-6 ? minor : undefined;
}

export const fromMinorUnits = (minor: number, currency: string): number => minor / 10 ** currencyDigits(currency);

/** Money in the product's locale and currency: "$1,250.00". */
export function formatMoney(amount: number, locale: string, currency: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

const MAX_PRICE_TEXT = MAX_OFFER_PRICE.toLocaleString('en-US');
/** A price field's refusals, each written whole: its translation is found by its words. */
const price = (refusals: { number: string; positive: string; max: string }) =>
  z.number({ error: refusals.number }).positive(refusals.positive).max(MAX_OFFER_PRICE, refusals.max);

/**
 * POST /api/quotes/{id}/companies/{companyId}/offers: a new offer, or a new version of the
 * current one. `currency` must be the product's; the server checks it and the decimals.
 */
export const OfferBodySchema = z
  .object({
    kind: z.enum(OFFER_KINDS, { error: 'Please choose a fixed price, an hourly rate or a price range' }),
    amount: price({
      number: 'Please enter the price as a number',
      positive: 'The price must be more than 0',
      max: `The price can be at most ${MAX_PRICE_TEXT}`,
    }).optional(),
    low: price({
      number: 'Please enter the lowest price as a number',
      positive: 'The lowest price must be more than 0',
      max: `The lowest price can be at most ${MAX_PRICE_TEXT}`,
    }).optional(),
    high: price({
      number: 'Please enter the highest price as a number',
      positive: 'The highest price must be more than 0',
      max: `The highest price can be at most ${MAX_PRICE_TEXT}`,
    }).optional(),
    currency: z
      .string({ error: 'Please give the currency' })
      .trim()
      .regex(/^[A-Z]{3}$/, 'The currency is a 3-letter code such as USD'),
    includes: z
      .string({ error: 'What the price includes must be text' })
      .trim()
      .max(OFFER_INCLUDES_MAX, `What the price includes can be at most ${OFFER_INCLUDES_MAX} characters`)
      .default(''),
    validDays: z
      .number({ error: 'Please say how many days the offer is valid' })
      .int('Please say how many days the offer is valid')
      .min(MIN_OFFER_VALID_DAYS, `An offer is valid for ${MIN_OFFER_VALID_DAYS} to ${MAX_OFFER_VALID_DAYS} days`)
      .max(MAX_OFFER_VALID_DAYS, `An offer is valid for ${MIN_OFFER_VALID_DAYS} to ${MAX_OFFER_VALID_DAYS} days`),
    /** A note sent with the offer, in the conversation. */
    message: z.string().trim().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`).optional(),
    /** The first reply's price the pro's screen showed (an offer sent as the first reply is that reply). */
    coinCost: z.number().int().min(0).max(1_000_000).optional(),
  })
  .superRefine((offer, ctx) => {
    if (offer.kind === 'range') {
      if (offer.low === undefined) ctx.addIssue({ code: 'custom', path: ['low'], message: 'Please enter the lowest price' });
      if (offer.high === undefined) ctx.addIssue({ code: 'custom', path: ['high'], message: 'Please enter the highest price' });
      if (offer.low !== undefined && offer.high !== undefined && offer.low >= offer.high) {
        ctx.addIssue({ code: 'custom', path: ['high'], message: 'The highest price must be above the lowest' });
      }
      if (offer.amount !== undefined)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A price range has a lowest and a highest price' });
    } else {
      if (offer.amount === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: offer.kind === 'hourly' ? 'Please enter the hourly rate' : 'Please enter the price',
        });
      }
      if (offer.low !== undefined || offer.high !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [offer.low !== undefined ? 'low' : 'high'],
          message: 'Only a price range has a lowest and a highest price',
        });
      }
    }
  });
export type OfferBody = z.infer<typeof OfferBodySchema>;

export const OFFER_CURRENCY_MESSAGE = (currency: string) => `Offers are made in ${currency}`;
export const offerDecimalsMessage = (currency: string) =>
  currencyDigits(currency) === 0
    ? `Prices in ${currency} are whole numbers`
    : `Prices in ${currency} have at most ${currencyDigits(currency)} decimals`;
export const OFFER_NEEDS_REPLY_MESSAGE = 'Reply to the request before making an offer';
export const OFFER_AFTER_HIRE_MESSAGE = 'The customer has already decided on this request, so the offer can no longer change';
export const NO_OFFER_MESSAGE = 'There is no offer to withdraw';

export const OfferSchema = z.object({
  id: z.number(),
  quoteId: z.number(),
  companyId: z.number(),
  /** 1 for the first offer, then one more per revision. */
  version: z.number(),
  kind: z.enum(OFFER_KINDS),
  /** In the currency's main unit: `amount` for fixed and hourly, `low`/`high` for a range. */
  amount: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  currency: z.string(),
  includes: z.string(),
  validUntil: z.string(),
  createdAt: z.string(),
  withdrawnAt: z.string().nullable(),
  /** Past its validity (it can still be hired on, knowing that). */
  expired: z.boolean(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** GET …/offers: every version, newest first; `current` is the one standing (none once withdrawn). */
export const OfferHistorySchema = z.object({ current: OfferSchema.nullable(), versions: z.array(OfferSchema) });
export type OfferHistory = z.infer<typeof OfferHistorySchema>;

/** An offer in words: "$250.00", "$80.00 per hour", "$200.00–$400.00". */
export function offerPriceText(offer: Pick<Offer, 'kind' | 'amount' | 'low' | 'high' | 'currency'>, locale: string): string {
  const money = (value: number | null) => formatMoney(value ?? 0, locale, offer.currency);
  if (offer.kind === 'range') return `${money(offer.low)}–${money(offer.high)}`;
  if (offer.kind === 'hourly') return `${money(offer.amount)} per hour`;
  return money(offer.amount);
}
