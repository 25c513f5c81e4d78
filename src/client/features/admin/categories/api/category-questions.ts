import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryQuestionsQueryKey } from '@/client/entities/categories/get-category-questions';
import { api } from '@/client/lib/api';
import type { CategoryQuestions, PutCategoryQuestionsBody } from '@/shared/schemas/questions';

/**
 * PUT /api/admin/categories/{id}/questions {questions} → the category's questions as saved (new ones
 * with their ids). The list is read through the public call (entities/categories), so the admin
 * edits exactly what the quote form asks, and a save shows there at once.
 */
export const putCategoryQuestions = ({ categoryId, body }: { categoryId: number; body: PutCategoryQuestionsBody }) =>
  api<CategoryQuestions>(`/api/admin/categories/${categoryId}/questions`, { method: 'PUT', body });

export function usePutCategoryQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCategoryQuestions,
    onSuccess: (saved, { categoryId }) => {
      queryClient.setQueryData(categoryQuestionsQueryKey(categoryId), saved);
    },
  });
}
