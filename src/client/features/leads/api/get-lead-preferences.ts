import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { LeadPreferences } from '@/shared/schemas/leads';

export const leadPreferencesQueryKey = (companyId: number) => ['companies', companyId, 'lead-preferences'] as const;

/** GET /api/companies/{id}/lead-preferences → {weeklyCoinCap, weeklySpend, weekStartsAt}. */
export const getLeadPreferences = (companyId: number) => api<LeadPreferences>(`/api/companies/${companyId}/lead-preferences`);

export const getLeadPreferencesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: leadPreferencesQueryKey(companyId), queryFn: () => getLeadPreferences(companyId) });

export const useLeadPreferences = (companyId: number) => useQuery(getLeadPreferencesQueryOptions(companyId));
