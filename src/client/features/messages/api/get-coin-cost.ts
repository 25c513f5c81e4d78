import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import type { CoinCostSchema } from '@/shared/schemas/quote';

export type CoinCost = z.infer<typeof CoinCostSchema>;

/**
 * GET /api/quotes/{id}/companies/{companyId}/coin-cost → {coinCost, canAfford, userBalance,
 * hasReplied, companyCount, repliedCount} (the last two: the competition, shown before paying so a
 * pro can weigh the lead).
 */
export const getCoinCost = (quoteId: number, companyId: number) =>
  api<CoinCost>(`/api/quotes/${quoteId}/companies/${companyId}/coin-cost`);

/** Under ['vendor-quotes'] (a vendor's view), refreshed by message frames. */
export const getCoinCostQueryOptions = (quoteId: number, companyId: number) =>
  queryOptions({
    queryKey: [...vendorQuotesQueryKey, quoteId, 'coin-cost', companyId],
    queryFn: () => getCoinCost(quoteId, companyId),
  });

export const useCoinCost = (quoteId: number, companyId: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getCoinCostQueryOptions(quoteId, companyId), enabled });
