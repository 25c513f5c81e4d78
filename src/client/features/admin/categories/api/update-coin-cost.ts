import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { getCoinCostsQueryOptions, type CoinCost } from './get-coin-costs';

/** PUT /api/admin/categories/{categoryId}/coin-cost {cost} → {categoryId, cost}. */
export const updateCoinCost = ({ categoryId, cost }: CoinCost) =>
  api<CoinCost>(`/api/admin/categories/${categoryId}/coin-cost`, { method: 'PUT', body: { cost } });

export function useUpdateCoinCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoinCost,
    onSuccess: (saved) => {
      const { queryKey } = getCoinCostsQueryOptions();
      queryClient.setQueryData(queryKey, (costs) => {
        const others = (costs ?? []).filter((entry) => entry.categoryId !== saved.categoryId);
        return [...others, saved];
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
      ]);
    },
  });
}
