import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AdminRating } from '@/shared/schemas/admin';
import { invalidateAfterRatingChange } from './invalidate';

export interface UpdateAdminRatingInput {
  rating: AdminRating;
  values: { rating: number; comment: string };
}

/** PUT /api/ratings/{id} {rating, comment}: an admin may change anyone's review. */
export const updateAdminRating = ({ rating, values }: UpdateAdminRatingInput) =>
  api<unknown>(`/api/ratings/${rating.id}`, { method: 'PUT', body: { rating: values.rating, comment: values.comment } });

export function useUpdateAdminRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminRating,
    onSuccess: (_answer, { rating }) => invalidateAfterRatingChange(queryClient, rating.company.id),
  });
}
