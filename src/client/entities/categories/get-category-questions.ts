import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CategoryQuestions } from '@/shared/schemas/questions';

/** GET /api/categories/{id}/questions → the questions a quote in the category asks, in order. */
export const getCategoryQuestions = (categoryId: number) => api<CategoryQuestions>(`/api/categories/${categoryId}/questions`);

// Under ['categories'], so whatever refreshes the categories refreshes their questions too.
export const categoryQuestionsQueryKey = (categoryId: number) => ['categories', categoryId, 'questions'] as const;

export const getCategoryQuestionsQueryOptions = (categoryId: number) =>
  queryOptions({ queryKey: categoryQuestionsQueryKey(categoryId), queryFn: () => getCategoryQuestions(categoryId) });

/** The category's questions; nothing is asked while `categoryId` is null (a quote with no category). */
export const useCategoryQuestions = (categoryId: number | null) =>
  useQuery({ ...getCategoryQuestionsQueryOptions(categoryId ?? 0), enabled: categoryId !== null });
