import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { ONE_HOUR_MS } from '@/client/lib/query-client';
import type { CategorySummary } from '@/shared/schemas/category';

export const getCategories = () => api<CategorySummary[]>('/api/categories');

/** Category keys stay fresh for an hour: categories seldom change, and every screen reads them. */
export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: ONE_HOUR_MS });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
