import { queryOptions, useQuery } from '@tanstack/react-query';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import { ApiError, api } from '@/client/lib/api';
import type { Comparison } from '@/shared/schemas/hires';

/** GET /api/quotes/{id}/comparison → the companies' replies side by side, and how the request ended. */
export const getComparison = (quoteId: number) => api<Comparison>(`/api/quotes/${quoteId}/comparison`);

/** Under ['quotes'], so a new message, an offer made or revised, or the outcome refreshes it. */
export const comparisonQueryKey = (quoteId: number) => [...quotesQueryKey, quoteId, 'comparison'] as const;

export const getComparisonQueryOptions = (quoteId: number) =>
  queryOptions({
    queryKey: comparisonQueryKey(quoteId),
    queryFn: () => getComparison(quoteId),
    // A refusal or a missing quote will not change on a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const useComparison = (quoteId: number) => useQuery(getComparisonQueryOptions(quoteId));
