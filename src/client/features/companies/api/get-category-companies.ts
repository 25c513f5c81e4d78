import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, idsParam } from '@/client/lib/api';
import type { CategoryCompaniesResponse, Sort } from '@/shared/schemas/company';

export interface CategoryCompaniesParams {
  categoryId: number;
  sort?: Sort;
  page?: number;
  limit?: number;
  subcategory?: string;
  /** Restrict to these ids (a visitor's favourites). */
  ids?: number[];
}

export const getCategoryCompanies = ({ categoryId, ids, ...params }: CategoryCompaniesParams) =>
  api<CategoryCompaniesResponse>(`/api/categories/${categoryId}/companies`, { params: { ...params, ids: idsParam(ids) } });

export const getCategoryCompaniesQueryOptions = (params: CategoryCompaniesParams) =>
  queryOptions({
    queryKey: ['categories', params.categoryId, 'companies', params],
    queryFn: () => getCategoryCompanies(params),
    placeholderData: keepPreviousData,
  });

export const useCategoryCompanies = (params: CategoryCompaniesParams, enabled = true) =>
  useQuery({ ...getCategoryCompaniesQueryOptions(params), enabled });
