/**
 * A company's licences and insurances: submitted by its owner with a document image, checked by an
 * administrator, shown as badges while verified and unexpired.
 */
import { z } from 'zod';
import { CREDENTIAL_KINDS } from '../credential-badges';
import { wholeNumberText } from './common';

export { CREDENTIAL_KIND_LABELS, CREDENTIAL_KINDS, credentialBadgeLabel, type CredentialKind } from '../credential-badges';

/**
 * - `pending`: waiting for an administrator;
 * - `verified`: checked, shown as a badge until it expires;
 * - `rejected`: refused, with the reason;
 * - `expired`: its expiry date passed while it was verified, or still waiting for an administrator;
 * - `needs_recheck`: was verified, but the company's name or owner changed since: hidden until an
 *   administrator checks it again.
 */
export const CREDENTIAL_STATUSES = ['pending', 'verified', 'rejected', 'expired', 'needs_recheck'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export const CREDENTIAL_STATUS_LABELS: Record<CredentialStatus, string> = {
  pending: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
  needs_recheck: 'Needs re-check',
};

/** A company keeps at most this many credentials (each with its document). */
export const MAX_CREDENTIALS_PER_COMPANY = 10;
/** The owner is reminded once, this many days before a verified credential expires. */
export const CREDENTIAL_REMINDER_DAYS = 30;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The text fields of POST (and PUT) /api/companies/{id}/credentials, a multipart form with `document`. */
export const CredentialFieldsSchema = z.object({
  kind: z.enum(CREDENTIAL_KINDS, { error: 'Choose the kind: licence or insurance' }),
  number: z
    .string({ error: 'Give the licence or policy number' })
    .trim()
    .min(1, 'Give the licence or policy number')
    .max(100, 'The number must be at most 100 characters'),
  issuer: z
    .string({ error: 'Give the issuing authority or region' })
    .trim()
    .min(1, 'Give the issuing authority or region')
    .max(200, 'The issuing authority must be at most 200 characters'),
  expiresOn: z
    .string({ error: 'Give the expiry date as YYYY-MM-DD' })
    .trim()
    .regex(DATE_PATTERN, 'Give the expiry date as YYYY-MM-DD')
    .refine(isRealDate, 'The expiry date is not a real date'),
});
export type CredentialFields = z.infer<typeof CredentialFieldsSchema>;

export const CREDENTIAL_EXPIRED_MESSAGE = 'The expiry date must be after today';
export const TOO_MANY_CREDENTIALS = `A company can keep at most ${MAX_CREDENTIALS_PER_COMPANY} credentials; remove one first`;
export const CREDENTIAL_SEEN_REQUIRED = "Give the credential's updatedAt as shown in the queue";
export const CREDENTIAL_CHANGED_MESSAGE = 'This credential changed since you opened it: look at it again before deciding';
export const DOCUMENT_REQUIRED = 'Attach a photo or scan of the document (JPG, PNG, GIF or WebP)';

export const CredentialSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  kind: z.enum(CREDENTIAL_KINDS),
  number: z.string(),
  issuer: z.string(),
  expiresOn: z.string(),
  status: z.enum(CREDENTIAL_STATUSES),
  /** Why it was rejected (or the note of the last decision). */
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The document, served only to the company's owner and administrators. */
  documentUrl: z.string(),
  documentThumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Credential = z.infer<typeof CredentialSchema>;

export const CredentialListSchema = z.object({ credentials: z.array(CredentialSchema) });

export const CredentialParamsSchema = z.object({
  id: wholeNumberText(z.number().int().positive().max(2_147_483_647)),
  credentialId: wholeNumberText(z.number({ error: 'Credential not found' }).int().positive().max(2_147_483_647)),
});

/**
 * A verified, unexpired credential as listings and the company page show it; `id` tells apart two
 * of one kind and date (licences of two states).
 */
export const CredentialBadgeSchema = z.object({ id: z.number(), kind: z.enum(CREDENTIAL_KINDS), expiresOn: z.string() });
export type CredentialBadge = z.infer<typeof CredentialBadgeSchema>;

/** POST /api/admin/credentials/{id}/decision */
export const CredentialDecisionBodySchema = z
  .object({
    decision: z.enum(['verify', 'reject'], { error: 'Choose verify or reject' }),
    reason: z
      .string({ error: 'The reason must be text' })
      .trim()
      .max(1000, 'The reason must be at most 1000 characters')
      .nullish()
      .transform((reason) => (reason ? reason : null)),
    /**
     * The credential's `updatedAt` as the admin saw it: a decision is about that document and that
     * company, and a replacement or a change of the company's name or owner moves it.
     */
    updatedAt: z
      .string({ error: CREDENTIAL_SEEN_REQUIRED })
      .refine((value) => !Number.isNaN(Date.parse(value)), CREDENTIAL_SEEN_REQUIRED),
  })
  .refine((body) => body.decision !== 'reject' || body.reason !== null, {
    message: 'Give the reason for rejecting the credential',
    path: ['reason'],
  });
export type CredentialDecisionBody = z.infer<typeof CredentialDecisionBodySchema>;

/** GET /api/admin/credentials: pending first (oldest first), then the rest, newest change first. */
export const CredentialQueueQuerySchema = z.object({
  status: z.enum(CREDENTIAL_STATUSES).optional().catch(undefined),
  page: wholeNumberText(z.number().int().min(1).max(100_000)).catch(1).default(1),
});

export const CredentialQueueSchema = z.object({
  total: z.number(),
  credentials: z.array(
    CredentialSchema.extend({
      companyName: z.string(),
      ownerName: z.string().nullable(),
      ownerEmail: z.string().nullable(),
    }),
  ),
});
export type CredentialQueue = z.infer<typeof CredentialQueueSchema>;
