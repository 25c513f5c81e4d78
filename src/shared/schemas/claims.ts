/** Claims of unclaimed listings: the link that hands a listing to its business. */
import { z } from 'zod';
import { QUOTE_STATUSES } from './quote';

/** A claim id is an unguessable token of URL-safe characters: the link alone hands over a company. */
export const CLAIM_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const ClaimParamsSchema = z.object({ id: z.string().max(100) });

/** GET /api/claims/{id}: readable signed out, so it carries only what the landing page shows. */
export const ClaimSchema = z.object({
  id: z.string(),
  companyId: z.number(),
  quoteId: z.number(),
  isMobile: z.boolean(),
  createdAt: z.string(),
  /** null while pending. */
  redeemedAt: z.string().nullable(),
  company: z.object({
    id: z.number(),
    name: z.string(),
    category: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  quote: z.object({
    id: z.number(),
    quoteName: z.string(),
    status: z.enum(QUOTE_STATUSES),
    description: z.string(),
    createdAt: z.string(),
  }),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** POST /api/claims/{id}/redeem → 200. */
export const RedeemClaimAnswerSchema = z.object({ quoteId: z.number(), companyId: z.number() });

export const CLAIM_MESSAGES = {
  notFound: 'Claim not found',
  alreadyRedeemed: 'This claim has already been redeemed',
  ownedByAnother: 'This business has already been claimed by another account',
} as const;

/** The stored redirect intent (where to go after signing in), in session storage. */
export type ClaimRedirectIntent = {
  type: 'vendor_quote';
  quoteId: number;
  redirectUrl: string;
};
