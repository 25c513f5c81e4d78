import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import { getCompanyQueryOptions } from '@/client/entities/companies/get-company';
import { api } from '@/client/lib/api';
import type { LeadPreferences, LeadPreferencesBody } from '@/shared/schemas/leads';
import { leadPreferencesQueryKey } from './get-lead-preferences';
import { getPlacementQueryOptions } from './get-placement';

/** PUT /api/companies/{id}/lead-preferences → the preferences as saved. */
export const updateLeadPreferences = (companyId: number, body: LeadPreferencesBody) =>
  api<LeadPreferences>(`/api/companies/${companyId}/lead-preferences`, { method: 'PUT', body });

export function useUpdateLeadPreferences(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadPreferencesBody) => updateLeadPreferences(companyId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(leadPreferencesQueryKey(companyId), saved);
      return Promise.all([
        // The vendor inbox's cost notices show the cap.
        queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey }),
        // The service area and services change the company page's "Where it works", where
        // the company appears, and the listings that leave it out.
        queryClient.invalidateQueries({ queryKey: getCompanyQueryOptions(companyId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getPlacementQueryOptions(companyId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['search'] }),
        queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === 'categories' && query.queryKey[2] === 'companies',
        }),
      ]);
    },
  });
}
