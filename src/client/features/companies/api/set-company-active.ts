import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Company } from '@/shared/schemas/company';
import { getCompanyQueryOptions } from '@/client/entities/companies/get-company';
import { invalidateOwnedCompany } from './get-user-companies';

/** PATCH /api/companies/{id}/active (the owner activates or deactivates after a confirm). */
export const setCompanyActive = ({ id, isActive }: { id: number; isActive: boolean }) =>
  api<Company>(`/api/companies/${id}/active`, { method: 'PATCH', body: { isActive } });

export function useSetCompanyActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyActive,
    onSuccess: (company) => {
      queryClient.setQueryData(getCompanyQueryOptions(company.id).queryKey, company);
      return invalidateOwnedCompany(queryClient, company.id);
    },
  });
}
