import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminCreateUserBody, AdminUser } from '@/shared/schemas/admin';
import { invalidateAdminUsers } from './invalidate-users';

/** POST /api/users (admin): 201 with the user; a verification mail goes out. 409 when the email is taken. */
export const createAdminUser = (body: AdminCreateUserBody) => api<AdminUser>('/api/users', { method: 'POST', body });

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminUser, onSuccess: () => invalidateAdminUsers(queryClient) });
}
