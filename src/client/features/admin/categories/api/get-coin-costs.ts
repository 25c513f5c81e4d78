import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { z } from 'zod';
import type { CoinCostListSchema } from '@/shared/schemas/admin';

export type CoinCost = z.infer<typeof CoinCostListSchema>[number];

/** GET /api/admin/categories/coin-costs: one {categoryId, cost} per category (admins only). */
export const getCoinCosts = () => api<CoinCost[]>('/api/admin/categories/coin-costs');

export const getCoinCostsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'categories', 'coin-costs'], queryFn: getCoinCosts });

export const useCoinCosts = () => useQuery(getCoinCostsQueryOptions());
