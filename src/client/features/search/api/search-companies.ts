import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, idsParam } from '@/client/lib/api';
import type { SearchResponse, Sort } from '@/shared/schemas/company';

export interface SearchParams {
  q?: string;
  location?: string;
  /** Miles around `location`, as the link gave it (the server applies its default to anything else). */
  radius?: string;
  sort?: Sort;
  page?: number;
  limit?: number;
  ids?: number[];
  /** 'true': only companies open now. */
  openNow?: string;
}

export const searchCompanies = ({ ids, ...params }: SearchParams) =>
  api<SearchResponse>('/api/search', { params: { ...params, ids: idsParam(ids) } });

export const searchCompaniesQueryOptions = (params: SearchParams) =>
  queryOptions({ queryKey: ['search', params], queryFn: () => searchCompanies(params), placeholderData: keepPreviousData });

export const useSearchCompanies = (params: SearchParams, enabled = true) =>
  useQuery({ ...searchCompaniesQueryOptions(params), enabled });
