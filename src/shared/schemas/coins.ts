/** Coin balance and history (the profile's Coins tab). */
import { z } from 'zod';
import { wholeNumberText } from './common';

export const LEDGER_REASON_LABELS = {
  launch_credit: 'Launch credits',
  purchase: 'Coin purchase',
  reply_charge: 'Reply to a quote request',
  refund: 'Refund of an unread reply',
  admin_adjustment: 'Adjustment by an administrator',
} as const;
export type LedgerReason = keyof typeof LEDGER_REASON_LABELS;

export const CoinBalanceSchema = z.object({ balance: z.number() });

export const LedgerEntrySchema = z.object({
  id: z.number(),
  delta: z.number(),
  reason: z.enum(Object.keys(LEDGER_REASON_LABELS) as [LedgerReason, ...LedgerReason[]]),
  note: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  quoteId: z.number().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const COIN_HISTORY_PAGE_SIZE = 20;
export const CoinHistoryQuerySchema = z.object({
  page: wholeNumberText(z.number().int().min(1).max(10_000)).catch(1).default(1),
});
export const CoinHistorySchema = z.object({
  balance: z.number(),
  entries: z.array(LedgerEntrySchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type CoinHistory = z.infer<typeof CoinHistorySchema>;
