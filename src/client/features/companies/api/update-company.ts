import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Company } from '@/shared/schemas/company';
import { getCompanyQueryOptions } from '@/client/entities/companies/get-company';
import { invalidateOwnedCompany } from './get-user-companies';

/** PUT /api/companies/{id}: the same multipart fields as creation; answers the updated company. */
export const updateCompany = ({ id, body }: { id: number; body: FormData }) =>
  api<Company>(`/api/companies/${id}`, { method: 'PUT', body });

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(getCompanyQueryOptions(company.id).queryKey, company);
      return invalidateOwnedCompany(queryClient, company.id);
    },
  });
}
