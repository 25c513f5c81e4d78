import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CoinPackages } from '@/shared/schemas/payments';

export const coinPackagesQueryKey = ['coins', 'packages'] as const;

/** GET /api/coins/packages → {small, medium, large}: {coins, price in dollars}. */
export const getCoinPackages = () => api<CoinPackages>('/api/coins/packages');

/** Prices change only with a deployment, so the grid does not refetch while the app runs. */
export const getCoinPackagesQueryOptions = () =>
  queryOptions({ queryKey: coinPackagesQueryKey, queryFn: getCoinPackages, staleTime: 60 * 60 * 1000 });

export const useCoinPackages = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getCoinPackagesQueryOptions(), enabled });
