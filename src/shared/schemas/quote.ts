/** Quotes (001 §3, §5; RUNTIME.md "POST /api/quotes"). */
import { z } from 'zod';
import { requiredText } from './common';

export const QUOTE_STATUSES = ['draft', 'submitted', 'in_progress', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** POST /api/quotes: a draft addressed to companies of one category. */
export const CreateQuoteBodySchema = z.object({
  quoteName: requiredText('Quote name is required', 200),
  description: z.string().max(10_000, 'Description must be at most 10000 characters').default(''),
  companyIds: z
    .array(z.number({ error: 'Company ids must be numbers' }).int().positive().max(2_147_483_647), {
      error: 'You need at least one company in your quote.',
    })
    .min(1, 'You need at least one company in your quote.')
    .max(50, 'A quote can go to at most 50 companies'),
});
export type CreateQuoteBody = z.infer<typeof CreateQuoteBodySchema>;

export const QuoteCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  logoObjectId: z.string().nullable(),
  city: z.string(),
  state: z.string(),
});

export const QuoteSchema = z.object({
  id: z.number(),
  userId: z.number(),
  quoteName: z.string(),
  description: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  companies: z.array(QuoteCompanySchema),
  companyCount: z.number(),
});
export type Quote = z.infer<typeof QuoteSchema>;
