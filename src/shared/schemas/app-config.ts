import { z } from 'zod';

/** GET /api/app-config: deployment facts the client adapts to. */
export const AppConfigSchema = z.object({
  /** Test pages such as /upload-test are for admins only in production. */
  isProduction: z.boolean(),
  objectStore: z.enum(['fs', 's3']),
  /** Which card form the Purchase Coins dialog shows: Stripe's (with its publishable key) or the built-in test provider's. */
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('test') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
    // No provider (production without Stripe keys): the dialog shows `message` instead of a card form.
    z.object({ provider: z.literal('none'), message: z.string() }),
  ]),
  /** The operator's country (COUNTRY), ISO 3166-1 alpha-2: the rules postal codes are checked by. */
  country: z.string(),
  /** The unit distances are shown in and a search's radius is read in (DISTANCE_UNIT). */
  distanceUnit: z.enum(['km', 'mi']),
  /** The locale dates and numbers are written in (LOCALE), such as en-US. */
  locale: z.string(),
  /** The currency money is shown in (CURRENCY), an ISO 4217 code such as USD. */
  currency: z.string(),
  /** The interface's language when a visitor asks for no offered one (DEFAULT_LANGUAGE). */
  defaultLanguage: z.string(),
  /** The operator's brand (Platform Settings): the site's name, its colour, support address, logo and favicon (null: the product's own). */
  brand: z.object({
    name: z.string(),
    primaryColor: z.string(),
    supportEmail: z.string(),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
  }),
  /** The languages a visitor may choose (LANGUAGES), the default first, each named in itself. */
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AppConfigAnswer = z.infer<typeof AppConfigSchema>;
