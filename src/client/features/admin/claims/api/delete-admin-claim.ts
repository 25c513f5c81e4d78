import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { adminClaimsQueryKey } from './get-admin-claims';

/** DELETE /api/admin/claims/{id} → {success: true}. */
export const deleteAdminClaim = (id: string) =>
  api<{ success: boolean }>(`/api/admin/claims/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteAdminClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminClaim,
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminClaimsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['claims', id] }),
      ]),
  });
}
