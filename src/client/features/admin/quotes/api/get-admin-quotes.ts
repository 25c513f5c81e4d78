import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { ADMIN_PAGE_SIZES, type AdminQuoteRow, type AdminQuoteStatus } from '@/shared/schemas/admin';

export interface AdminQuotesParams {
  page: number;
  search?: string;
  status?: AdminQuoteStatus;
}

export interface AdminQuotePage {
  quotes: AdminQuoteRow[];
  total: number;
}

export const adminQuotesQueryKey = ['admin', 'quotes'] as const;

/** GET /api/admin/quotes?page&limit=20&search&status (admins only). */
export const getAdminQuotes = ({ page, search, status }: AdminQuotesParams) =>
  api<AdminQuotePage>('/api/admin/quotes', { params: { page, limit: ADMIN_PAGE_SIZES.quotes, search, status } });

export const getAdminQuotesQueryOptions = (params: AdminQuotesParams) =>
  queryOptions({
    queryKey: [...adminQuotesQueryKey, 'list', params.page, params.search ?? '', params.status ?? 'all'],
    queryFn: () => getAdminQuotes(params),
    placeholderData: keepPreviousData,
  });

export const useAdminQuotes = (params: AdminQuotesParams) => useQuery(getAdminQuotesQueryOptions(params));
