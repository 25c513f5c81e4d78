import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { adminStatsQueryKey } from '../../dashboard/api/get-admin-stats';
import { adminCompaniesQueryKey } from './get-admin-companies';

/** POST /api/companies/{id}/toggle-active (admin) → {message, isActive}. */
export const toggleCompanyActive = (id: number) =>
  api<{ message: string; isActive: boolean }>(`/api/companies/${id}/toggle-active`, { method: 'POST' });

export function useToggleCompanyActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCompanyActive,
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompaniesQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
        // Public listings hide inactive companies; the company's own page changes too.
        queryClient.invalidateQueries({ queryKey: ['companies', String(id)] }),
        queryClient.invalidateQueries({ queryKey: ['search'] }),
        queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === 'categories' && query.queryKey[2] === 'companies',
        }),
        queryClient.invalidateQueries({ queryKey: ['user-companies'] }),
      ]),
  });
}
