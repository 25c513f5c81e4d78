import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Company } from '@/shared/schemas/company';

/** GET /api/companies/user → {companies}: the caller's own companies. */
export const getMyCompanies = () => api<{ companies: Company[] }>('/api/companies/user');

/** Under ['user-companies'], which adding or editing a business invalidates. */
export const getMyCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: ['user-companies', 'mine'],
    queryFn: getMyCompanies,
    select: (answer) => answer.companies,
  });

export const useMyCompanies = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getMyCompaniesQueryOptions(), enabled });
