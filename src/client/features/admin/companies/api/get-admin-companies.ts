import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { ADMIN_PAGE_SIZES, type AdminCompanyRow } from '@/shared/schemas/admin';

export type AdminCompaniesParams = { page: number; search: string };

/** GET /api/admin/companies?page&limit=10&search → {companies, total}. */
export const getAdminCompanies = ({ page, search }: AdminCompaniesParams) =>
  api<{ companies: AdminCompanyRow[]; total: number }>('/api/admin/companies', {
    params: { page, limit: ADMIN_PAGE_SIZES.companies, search: search.trim() || undefined },
  });

export const adminCompaniesQueryKey = ['admin', 'companies'] as const;

export const getAdminCompaniesQueryOptions = (params: AdminCompaniesParams) =>
  queryOptions({ queryKey: [...adminCompaniesQueryKey, params], queryFn: () => getAdminCompanies(params) });

/** The previous page stays on screen while the next loads, so the table does not jump. */
export const useAdminCompanies = (params: AdminCompaniesParams) =>
  useQuery({ ...getAdminCompaniesQueryOptions(params), placeholderData: keepPreviousData });
