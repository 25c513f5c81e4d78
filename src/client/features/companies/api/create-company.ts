import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import type { CreateCompanyResponseSchema } from '@/shared/schemas/business';
import { invalidateOwnedCompany } from './get-user-companies';

export type CreateCompanyAnswer = z.infer<typeof CreateCompanyResponseSchema>;

/** POST /api/companies: multipart business fields (built by the business form dialog); 201 with the company. */
export const createCompany = (body: FormData) => api<CreateCompanyAnswer>('/api/companies', { method: 'POST', body });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (answer) => invalidateOwnedCompany(queryClient, answer.id),
  });
}
