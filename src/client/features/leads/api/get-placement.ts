import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Placement } from '@/shared/schemas/leads';

/** GET /api/companies/{id}/placement → where the company appears for its category and ZIP, and why. */
export const getPlacementQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', companyId, 'placement'],
    queryFn: () => api<Placement>(`/api/companies/${companyId}/placement`),
  });

export const usePlacement = (companyId: number) => useQuery(getPlacementQueryOptions(companyId));
