import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import type { Quote } from '@/shared/schemas/quote';

/** GET /api/quotes/{id} → the quote with its companies and images. */
export const getQuote = (id: number) => api<Quote>(`/api/quotes/${id}`);

export const quoteQueryKey = (id: number) => [...quotesQueryKey, id, 'detail'] as const;

export const getQuoteQueryOptions = (id: number) =>
  queryOptions({
    queryKey: quoteQueryKey(id),
    queryFn: () => getQuote(id),
    // A refusal (403) or a missing quote (404) will not change on a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const useQuote = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getQuoteQueryOptions(id), enabled });
