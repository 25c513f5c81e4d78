import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import type { VendorQuoteRowSchema } from '@/shared/schemas/quote';

export type VendorQuoteRow = z.infer<typeof VendorQuoteRowSchema>;

/** GET /api/vendor-quotes → one row per quote and company of the caller. */
export const getVendorQuotes = () => api<VendorQuoteRow[]>('/api/vendor-quotes');

/** Under ['vendor-quotes'], which live frames (new_message, message_read…) invalidate. */
export const getVendorQuotesQueryOptions = () =>
  queryOptions({ queryKey: [...vendorQuotesQueryKey, 'list'], queryFn: getVendorQuotes });

export const useVendorQuotes = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getVendorQuotesQueryOptions(), enabled });
