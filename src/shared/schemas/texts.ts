/**
 * The override screen: every catalogue message, found by its key or its words, and the
 * operator's own words for it in one language.
 */
import { z } from 'zod';
import { isLanguage } from '../i18n/languages';
import { wholeNumberText } from './common';

export const TEXTS_PAGE_SIZE = 25;
export const TEXT_OVERRIDE_MAX_LENGTH = 5000;
/** The Platform Settings that choose the languages; a change to them reaches every node as an override does. */
export const LANGUAGE_SETTING_KEYS = ['default_language', 'offered_languages'] as const;

export const TextsQuerySchema = z.object({
  language: z.string({ error: 'Choose a language' }).refine(isLanguage, 'Choose a language the app ships'),
  q: z.string().trim().max(200, 'The search must be at most 200 characters').optional(),
  /** Only the messages this operator has overridden. */
  overridden: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  page: wholeNumberText(z.number().int().min(1).max(100_000)).catch(1).default(1),
});
export type TextsQuery = z.infer<typeof TextsQuerySchema>;

export const TextEntrySchema = z.object({
  key: z.string(),
  english: z.string(),
  /** The message as shipped in the language asked for. */
  shipped: z.string(),
  /** The operator's words, or null when the shipped message shows. */
  override: z.string().nullable(),
  /** What the code fills in: an override must keep exactly these. */
  placeholders: z.array(z.string()),
});
export type TextEntry = z.infer<typeof TextEntrySchema>;

export const TextsAnswerSchema = z.object({
  texts: z.array(TextEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TextsAnswer = z.infer<typeof TextsAnswerSchema>;

export const TextParamsSchema = z.object({ language: z.string().max(10), key: z.string().max(200) });
export const TextOverrideBodySchema = z.object({ message: z.string({ error: 'Enter the text' }) });
