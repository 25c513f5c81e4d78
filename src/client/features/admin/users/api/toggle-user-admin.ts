import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminUser } from '@/shared/schemas/admin';
import { invalidateAdminUsers } from './invalidate-users';

/** POST /api/users/{id}/toggle-admin → {message, user}; 400 on one's own account. */
export const toggleUserAdmin = (id: number) =>
  api<{ message: string; user: AdminUser }>(`/api/users/${id}/toggle-admin`, { method: 'POST' });

export function useToggleUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleUserAdmin, onSuccess: () => invalidateAdminUsers(queryClient) });
}
