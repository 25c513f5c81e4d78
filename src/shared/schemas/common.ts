/** Small zod building blocks shared by every form and payload. */
import { MAX_INT4_ID } from '@/shared/constants';
import { z } from 'zod';

/** A trimmed, lower-cased e-mail address; `message` for anything else. */
export function emailField(message = 'Invalid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .toLowerCase()
    .pipe(z.email({ error: message }));
}

/** A trimmed required text field: missing, blank or too long all give `message`. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/**
 * Text that carries a whole number — a path or query parameter, a multipart form field, a form's
 * input: plain decimal digits, with a minus sign for a negative one (so that a range rule, not a
 * type error, answers "-3"), and nothing else, so "0x10", "1e3", "+4", "" or "true" stay as they
 * are and the number schema after it refuses them. JSON bodies do not use it: there a number is a
 * JSON number.
 */
export const wholeNumberFromText = (value: unknown): unknown =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
/** The same for a decimal number ("2.5"), for query parameters such as a search radius. */
export const decimalFromText = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{1,9}(\.\d{1,6})?$/.test(value.trim()) ? Number(value.trim()) : value;

/** A number schema fed by text (see `wholeNumberFromText`). */
export const wholeNumberText = <T extends z.ZodType>(schema: T) => z.preprocess(wholeNumberFromText, schema);

/** A positive integer id from a path parameter; anything else is a 404 at the service. */
export const idParam = () => wholeNumberText(z.number().int().positive().max(MAX_INT4_ID));
export const IdParamSchema = z.object({ id: idParam() });
export type IdParam = z.infer<typeof IdParamSchema>;
/** /api/quotes/{id}/companies/{companyId}/…: one conversation of a quote. */
export const ConversationParamsSchema = IdParamSchema.extend({
  companyId: idParam(),
});

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** The error body every refusal carries. */
export const ErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  /**
   * The one input the refusal is about, as a dotted path into the body or query
   * ("weeklyCoinCap", "serviceArea.radiusMiles", "serviceZips.1"); absent when it is about no one input.
   */
  field: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorSchema>;
