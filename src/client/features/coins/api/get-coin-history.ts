import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CoinHistory } from '@/shared/schemas/coins';

export const coinHistoryQueryKey = (page: number) => ['coins', 'history', { page }] as const;

/** GET /api/coins/history?page=N → balance, entries (newest first), total, page, totalPages. */
export const getCoinHistory = (page: number) => api<CoinHistory>('/api/coins/history', { params: { page } });

export const getCoinHistoryQueryOptions = (page: number) =>
  queryOptions({ queryKey: coinHistoryQueryKey(page), queryFn: () => getCoinHistory(page) });

/** The page shown stays on screen while the next one loads. */
export const useCoinHistory = (page: number) =>
  useQuery({ ...getCoinHistoryQueryOptions(page), placeholderData: keepPreviousData });
