import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { ADMIN_PAGE_SIZES, type AdminRating } from '@/shared/schemas/admin';

export interface AdminRatingsParams {
  page: number;
  search?: string;
}

export interface AdminRatingPage {
  ratings: AdminRating[];
  total: number;
}

export const adminRatingsQueryKey = ['admin', 'ratings'] as const;

/** GET /api/admin/ratings?page&limit=20&search (admins only): one page and the total. */
export const getAdminRatings = ({ page, search }: AdminRatingsParams) =>
  api<AdminRatingPage>('/api/admin/ratings', { params: { page, limit: ADMIN_PAGE_SIZES.ratings, search } });

export const getAdminRatingsQueryOptions = (params: AdminRatingsParams) =>
  queryOptions({
    queryKey: [...adminRatingsQueryKey, params.page, params.search ?? ''],
    queryFn: () => getAdminRatings(params),
    // The table stays on screen while the next page or search answer loads.
    placeholderData: keepPreviousData,
  });

export const useAdminRatings = (params: AdminRatingsParams) => useQuery(getAdminRatingsQueryOptions(params));
