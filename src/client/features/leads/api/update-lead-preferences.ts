import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { LeadPreferences, LeadPreferencesBody } from '@/shared/schemas/leads';
import { leadPreferencesQueryKey } from './get-lead-preferences';

/** PUT /api/companies/{id}/lead-preferences → the preferences as saved. */
export const updateLeadPreferences = (companyId: number, body: LeadPreferencesBody) =>
  api<LeadPreferences>(`/api/companies/${companyId}/lead-preferences`, { method: 'PUT', body });

export function useUpdateLeadPreferences(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadPreferencesBody) => updateLeadPreferences(companyId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(leadPreferencesQueryKey(companyId), saved);
      // The vendor inbox's cost notices show the cap.
      return queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
    },
  });
}
