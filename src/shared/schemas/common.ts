/** Small zod building blocks shared by every form and payload. */
import { z } from 'zod';

/** A trimmed, lower-cased e-mail address with the spec's message. */
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

/** A positive integer id from a path parameter; anything else is a 404 at the service. */
export const IdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type IdParam = z.infer<typeof IdParamSchema>;
/** /api/quotes/{id}/companies/{companyId}/…: one conversation of a quote. */
export const ConversationParamsSchema = IdParamSchema.extend({
  companyId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** The error body every refusal carries. */
export const ErrorSchema = z.object({ success: z.literal(false), error: z.string(), code: z.string().optional() });
