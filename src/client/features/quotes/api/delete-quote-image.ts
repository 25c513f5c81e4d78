import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { quoteQueryKey } from './get-quote';

/** DELETE /api/quotes/{id}/images/{imageId} → {success}. */
export const deleteQuoteImage = (id: number, imageId: number) =>
  api<{ success: true }>(`/api/quotes/${id}/images/${imageId}`, { method: 'DELETE' });

export const useDeleteQuoteImage = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => deleteQuoteImage(id, imageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteQueryKey(id) }),
  });
};
