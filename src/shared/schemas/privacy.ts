/** Personal data: a copy of everything the product holds about a user, and deleting the account. */
import { z } from 'zod';

/**
 * Where a user's latest request for their data stands, as the profile shows it:
 * `none` (never asked, or the last copy is gone), `preparing` (the job is building the archive),
 * `mailed` (the link is in their inbox and still works), `downloaded` (the link was used),
 * `expired` (the link ran out unused), `failed` (the archive could not be built: ask again).
 */
export const DATA_EXPORT_STATES = ['none', 'preparing', 'mailed', 'downloaded', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const DataExportStatusSchema = z.object({
  status: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string().nullable(),
  /** When the link was mailed, and until when it works. */
  mailedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** How long a mailed link works, in hours (DATA_EXPORT_LINK_HOURS). */
  linkHours: z.number(),
});
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>;

const exportTokenSchema = z
  .string({ error: 'The download link is incomplete' })
  .min(1, 'The download link is incomplete')
  .max(200, 'The download link is not valid');

/** The mailed link's check: GET /api/data-export/link?token=… (never spends it). */
export const DataExportLinkQuerySchema = z.object({ token: exportTokenSchema });

/** The check's answer for a link that still works (a used, expired or unknown one is 410/404). */
export const DataExportLinkSchema = z.object({ success: z.literal(true), expiresAt: z.string() });
export type DataExportLink = z.infer<typeof DataExportLinkSchema>;

/** Spending the link: POST /api/data-export/download with the token in the body (a form or JSON). */
export const DataExportDownloadBodySchema = z.object({ token: exportTokenSchema });

/** An old-style or prefetched GET of the download path: the token is optional, it only travels on. */
export const DataExportDownloadQuerySchema = z.object({ token: z.string().max(200).optional() });

export const DeleteAccountBodySchema = z.object({
  password: z
    .string({ error: 'Enter your password to delete your account' })
    .min(1, 'Enter your password to delete your account')
    .max(1000, 'Password is too long'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const WRONG_PASSWORD_MESSAGE = 'That password is not right. Your account was not deleted.';
export const EXPORT_IN_PROGRESS_MESSAGE = 'A copy of your data is already being prepared. We will e-mail you when it is ready.';
export const EXPORT_LINK_USED_MESSAGE = 'This download link was already used. Ask for a new copy from your profile.';
export const EXPORT_LINK_EXPIRED_MESSAGE = 'This download link has expired. Ask for a new copy from your profile.';
export const EXPORT_LINK_UNKNOWN_MESSAGE = 'This download link is not valid. Ask for a new copy from your profile.';

/** How a deleted account is named wherever others still see what it wrote. */
export const FORMER_CUSTOMER = 'Former customer';
export const FORMER_MEMBER = 'Former member';
