import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminRating } from '@/shared/schemas/admin';
import { invalidateAfterRatingChange } from './invalidate';

/** DELETE /api/ratings/{id}: an admin may delete anyone's review. */
export const deleteAdminRating = (rating: AdminRating) =>
  api<{ success: boolean }>(`/api/ratings/${rating.id}`, { method: 'DELETE' });

export function useDeleteAdminRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminRating,
    onSuccess: (_answer, rating) => invalidateAfterRatingChange(queryClient, rating.company.id),
  });
}
