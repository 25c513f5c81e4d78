/** Lead controls (issue 19): what a company takes leads on, set by its owner or an admin. */
import { z } from 'zod';

export const MAX_WEEKLY_COIN_CAP = 100_000;
const WEEKLY_CAP_RANGE = `The weekly coin cap must be between 1 and ${MAX_WEEKLY_COIN_CAP.toLocaleString('en-US')} coins`;

/** PUT /api/companies/{id}/lead-preferences: null (or an empty string) is no cap. */
export const LeadPreferencesBodySchema = z.object({
  // Not a union: zod answers a union's failure with "Invalid input", not the rule that failed.
  weeklyCoinCap: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.coerce
      .number({ error: 'The weekly coin cap must be a number of coins' })
      .int('The weekly coin cap must be a whole number of coins')
      .min(1, WEEKLY_CAP_RANGE)
      .max(MAX_WEEKLY_COIN_CAP, WEEKLY_CAP_RANGE)
      .nullable(),
  ),
});
export type LeadPreferencesBody = z.infer<typeof LeadPreferencesBodySchema>;

export const LeadPreferencesSchema = z.object({
  companyId: z.number(),
  weeklyCoinCap: z.number().nullable(),
  /** Coins spent on first replies since the week began, refunded ones left out. */
  weeklySpend: z.number(),
  /** Monday 00:00 UTC of this week. */
  weekStartsAt: z.string(),
});
export type LeadPreferences = z.infer<typeof LeadPreferencesSchema>;

/** The refusal of a reply that would pass the company's weekly cap (409 WEEKLY_CAP_REACHED). */
export const weeklyCapMessage = (companyName: string, spend: number, cap: number, cost: number) =>
  `Replying costs ${cost} coins, which would take ${companyName}'s spend this week to ${spend + cost} coins, ` +
  `past its weekly cap of ${cap}. Raise the cap in the Leads tab of your profile to reply.`;
