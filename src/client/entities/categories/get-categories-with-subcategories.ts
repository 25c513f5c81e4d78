import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { ONE_HOUR_MS } from '@/client/lib/query-client';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';

export const getCategoriesWithSubcategories = () => api<CategoryWithSubcategories[]>('/api/categories/with-subcategories');

export const getCategoriesWithSubcategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories', 'with-subcategories'],
    queryFn: getCategoriesWithSubcategories,
    staleTime: ONE_HOUR_MS,
  });

export const useCategoriesWithSubcategories = () => useQuery(getCategoriesWithSubcategoriesQueryOptions());
