import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import type { OfferHistory } from '@/shared/schemas/offers';

/**
 * GET /api/quotes/{id}/companies/{companyId}/offers → the company's offer on the request, every
 * version newest first (both sides of the conversation read it).
 */
export const getOfferHistory = (quoteId: number, companyId: number) =>
  api<OfferHistory>(`/api/quotes/${quoteId}/companies/${companyId}/offers`);

/** Under ['quotes'] beside the thread, so the frames that refresh the thread refresh it too. */
export const getOfferHistoryQueryOptions = (quoteId: number, companyId: number) =>
  queryOptions({
    queryKey: [...quotesQueryKey, quoteId, 'offers', companyId],
    queryFn: () => getOfferHistory(quoteId, companyId),
  });

export const useOfferHistory = (quoteId: number, companyId: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getOfferHistoryQueryOptions(quoteId, companyId), enabled });
