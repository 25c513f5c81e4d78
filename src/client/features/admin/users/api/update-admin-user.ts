import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminUser } from '@/shared/schemas/admin';
import { invalidateAdminUsers } from './invalidate-users';

export type UpdateAdminUserInput = { id: number; body: { firstName: string; lastName: string; email: string } };

/** PUT /api/users/{id} by an admin: first name, last name and email. */
export const updateAdminUser = ({ id, body }: UpdateAdminUserInput) =>
  api<AdminUser>(`/api/users/${id}`, { method: 'PUT', body });

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminUser, onSuccess: () => invalidateAdminUsers(queryClient) });
}
