import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Company } from '@/shared/schemas/company';
import { coinsQueryKey } from '@/client/entities/live-refresh';

/** GET /api/users/{id}/companies: the owner's companies, inactive ones included (an owner must be able to reactivate them). */
export const getUserCompanies = (userId: number) => api<{ companies: Company[] }>(`/api/users/${userId}/companies`);

export const userCompaniesQueryKey = (userId: number) => ['user-companies', userId] as const;

export const getUserCompaniesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userCompaniesQueryKey(userId),
    queryFn: () => getUserCompanies(userId),
    select: (answer) => answer.companies,
  });

export const useUserCompanies = (userId: number | undefined) =>
  useQuery({ ...getUserCompaniesQueryOptions(userId ?? 0), enabled: userId !== undefined });

/**
 * After an owner changes a company: their list, the company (its page, images and lead log share
 * the ['companies', id] prefix), the public listings it appears in, and the coin balance (launch
 * credits come with the first company).
 */
export function invalidateOwnedCompany(queryClient: QueryClient, companyId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user-companies'] }),
    queryClient.invalidateQueries({ queryKey: ['companies', String(companyId)] }),
    queryClient.invalidateQueries({ queryKey: coinsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['search'] }),
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'categories' && query.queryKey[2] === 'companies',
    }),
  ]);
}
