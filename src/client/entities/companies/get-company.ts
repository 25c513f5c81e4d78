import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Company } from '@/shared/schemas/company';

export const getCompany = (id: string | number) => api<Company>(`/api/companies/${encodeURIComponent(String(id))}`);

export const getCompanyQueryOptions = (id: string | number) =>
  queryOptions({ queryKey: ['companies', String(id)], queryFn: () => getCompany(id) });

export const useCompany = (id: string | number) => useQuery(getCompanyQueryOptions(id));
