import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Claim } from '@/shared/schemas/claims';

/** GET /api/claims/{id}: the claim with its company and quote, readable signed out (the business may have no account yet). */
export const getClaim = (id: string) => api<Claim>(`/api/claims/${encodeURIComponent(id)}`);

export const claimQueryKey = (id: string) => ['claims', id] as const;

export const getClaimQueryOptions = (id: string) => queryOptions({ queryKey: claimQueryKey(id), queryFn: () => getClaim(id) });

export const useClaim = (id: string | null) => useQuery({ ...getClaimQueryOptions(id ?? ''), enabled: !!id });
