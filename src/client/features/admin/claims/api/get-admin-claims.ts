import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import { ADMIN_PAGE_SIZES, type AdminClaimPageSchema } from '@/shared/schemas/admin';

export type AdminClaimStatus = 'pending' | 'redeemed';
export type AdminClaimPage = z.infer<typeof AdminClaimPageSchema>;

export interface AdminClaimsParams {
  page: number;
  search?: string;
  status?: AdminClaimStatus;
}

export const adminClaimsQueryKey = ['admin', 'claims'] as const;

/**
 * GET /api/admin/claims?page&limit=20&search&status (admins only): one page, its total, and the
 * pending / redeemed / total counts over every claim matching the search.
 */
export const getAdminClaims = ({ page, search, status }: AdminClaimsParams) =>
  api<AdminClaimPage>('/api/admin/claims', { params: { page, limit: ADMIN_PAGE_SIZES.claims, search, status } });

export const getAdminClaimsQueryOptions = (params: AdminClaimsParams) =>
  queryOptions({
    queryKey: [...adminClaimsQueryKey, params.page, params.search ?? '', params.status ?? 'all'],
    queryFn: () => getAdminClaims(params),
    placeholderData: keepPreviousData,
  });

export const useAdminClaims = (params: AdminClaimsParams) => useQuery(getAdminClaimsQueryOptions(params));
