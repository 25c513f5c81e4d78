import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import type { Quote } from '@/shared/schemas/quote';

/** GET /api/quotes/{id}: a vendor of one of the quote's companies may read a submitted quote. */
export const getVendorQuote = (quoteId: number) => api<Quote>(`/api/quotes/${quoteId}`);

export const getVendorQuoteQueryOptions = (quoteId: number) =>
  queryOptions({ queryKey: [...vendorQuotesQueryKey, 'quote', quoteId], queryFn: () => getVendorQuote(quoteId) });

export const useVendorQuote = (quoteId: number | undefined) =>
  useQuery({ ...getVendorQuoteQueryOptions(quoteId ?? 0), enabled: quoteId !== undefined });
