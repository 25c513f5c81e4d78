/**
 * The offer form's values and their check: the inputs' text becomes the request's body, which the
 * server's own schema (OfferBodySchema) checks first, with the currency's decimals on top (the
 * server refuses those too), so the form says what the server would.
 */
import {
  DEFAULT_OFFER_VALID_DAYS,
  MAX_OFFER_VALID_DAYS,
  MIN_OFFER_VALID_DAYS,
  OfferBodySchema,
  offerDecimalsMessage,
  toMinorUnits,
  type Offer,
  type OfferBody,
  type OfferKind,
} from '@/shared/schemas/offers';

/** The form: the inputs' text and choice, named as the request's body names them. */
export interface OfferFormInput {
  kind: OfferKind;
  amount: string;
  low: string;
  high: string;
  includes: string;
  validDays: string;
  message: string;
}
export type OfferFormField = keyof OfferFormInput;

/** The inputs that show their own error; a refusal of anything else (the currency, the cost) is the form's. */
export const OFFER_FORM_FIELDS = ['kind', 'amount', 'low', 'high', 'includes', 'validDays', 'message'] as const;

const DAY_MS = 86_400_000;

/** An empty form, or the standing offer's values to revise (its validity counted again from today). */
export function offerFormValues(offer: Offer | null): OfferFormInput {
  if (!offer) {
    return {
      kind: 'fixed',
      amount: '',
      low: '',
      high: '',
      includes: '',
      validDays: String(DEFAULT_OFFER_VALID_DAYS),
      message: '',
    };
  }
  const days = Math.round((Date.parse(offer.validUntil) - Date.parse(offer.createdAt)) / DAY_MS);
  const validDays = Number.isFinite(days)
    ? Math.min(MAX_OFFER_VALID_DAYS, Math.max(MIN_OFFER_VALID_DAYS, days))
    : DEFAULT_OFFER_VALID_DAYS;
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    kind: offer.kind,
    amount: text(offer.amount),
    low: text(offer.low),
    high: text(offer.high),
    includes: offer.includes,
    validDays: String(validDays),
    message: '',
  };
}

/** Typed text as a number: empty is not given (the schema asks for it), anything else a number or NaN. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The request's body: the price fields of the chosen kind only (a range's bounds stay in the form
 * while another kind is chosen), the product's currency, and the first reply's shown cost.
 */
export function toOfferBody(input: OfferFormInput, currency: string, coinCost?: number) {
  const isRange = input.kind === 'range';
  return {
    kind: input.kind,
    amount: isRange ? undefined : numberOf(input.amount),
    low: isRange ? numberOf(input.low) : undefined,
    high: isRange ? numberOf(input.high) : undefined,
    currency,
    includes: input.includes,
    validDays: numberOf(input.validDays),
    message: input.message.trim() || undefined,
    coinCost,
  };
}

export type OfferFormCheck =
  { ok: true; body: OfferBody } | { ok: false; errors: Partial<Record<OfferFormField | 'root', string>> };

/** The body, or the first message per input (as the server would word it). */
export function checkOfferForm(input: OfferFormInput, currency: string, coinCost?: number): OfferFormCheck {
  const errors: Partial<Record<OfferFormField | 'root', string>> = {};
  const result = OfferBodySchema.safeParse(toOfferBody(input, currency, coinCost));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const head = issue.path[0];
      const name = typeof head === 'string' && head in input ? (head as OfferFormField) : 'root';
      errors[name] ??= issue.message;
    }
    return { ok: false, errors };
  }
  for (const field of ['amount', 'low', 'high'] as const) {
    const value = result.data[field];
    if (value !== undefined && toMinorUnits(value, currency) === undefined) errors[field] ??= offerDecimalsMessage(currency);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body: result.data };
}
