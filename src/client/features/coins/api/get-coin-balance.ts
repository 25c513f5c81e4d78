import { queryOptions, useQuery } from '@tanstack/react-query';
import { coinBalanceQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { z } from 'zod';
import type { CoinBalanceSchema } from '@/shared/schemas/coins';

export type CoinBalance = z.infer<typeof CoinBalanceSchema>;

// Every coins key starts with 'coins', so a purchase or a reply (or a live frame) can invalidate ['coins'].
export { coinBalanceQueryKey, coinsQueryKey } from '@/client/entities/live-refresh';

/** GET /api/coins/balance → {balance}. */
export const getCoinBalance = () => api<CoinBalance>('/api/coins/balance');

export const getCoinBalanceQueryOptions = () => queryOptions({ queryKey: coinBalanceQueryKey, queryFn: getCoinBalance });

export const useCoinBalance = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getCoinBalanceQueryOptions(), enabled });
