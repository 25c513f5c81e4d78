import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyQueryKey } from '@/client/entities/companies/get-company-images';
import { api } from '@/client/lib/api';
import type { OpeningHours, OpeningHoursBody } from '@/shared/schemas/opening-hours';

export const openingHoursQueryKey = (companyId: number) => ['companies', String(companyId), 'hours'] as const;

/** GET /api/companies/{id}/hours → {timeZone, hours, note, openNow}. */
export const getOpeningHoursQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: openingHoursQueryKey(companyId),
    queryFn: () => api<OpeningHours>(`/api/companies/${companyId}/hours`),
  });

export const useOpeningHours = (companyId: number) => useQuery(getOpeningHoursQueryOptions(companyId));

/** PUT /api/companies/{id}/hours {hours, note}; `null` clears them (DELETE). */
export function useSaveOpeningHours(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningHoursBody | null) =>
      api<OpeningHours>(`/api/companies/${companyId}/hours`, body ? { method: 'PUT', body } : { method: 'DELETE' }),
    onSuccess: (saved) => queryClient.setQueryData(openingHoursQueryKey(companyId), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId), exact: true }),
  });
}
