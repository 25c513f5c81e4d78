import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getCategoriesWithSubcategoriesQueryOptions } from '@/client/entities/categories/get-categories-with-subcategories';
import { api } from '@/client/lib/api';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';

export interface ImageUrlAnswer {
  success: boolean;
  imageUrl: string | null;
}

/** PUT /api/admin/categories/{id}/image {imageUrl|null} → {success, imageUrl} (null clears it). */
export const updateCategoryImage = ({ id, imageUrl }: { id: number; imageUrl: string | null }) =>
  api<ImageUrlAnswer>(`/api/admin/categories/${id}/image`, { method: 'PUT', body: { imageUrl } });

/**
 * Shows the saved image at once in the cached category tree, then refreshes every categories
 * query (the home page tiles, category pages) so the public site shows it too.
 */
export async function applyCategoryImages(
  queryClient: QueryClient,
  patch: (categories: CategoryWithSubcategories[]) => CategoryWithSubcategories[],
): Promise<void> {
  const { queryKey } = getCategoriesWithSubcategoriesQueryOptions();
  queryClient.setQueryData(queryKey, (categories) => (categories ? patch(categories) : categories));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
  ]);
}

export function useUpdateCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategoryImage,
    onSuccess: (answer, { id, imageUrl }) =>
      applyCategoryImages(queryClient, (categories) =>
        categories.map((category) => (category.id === id ? { ...category, imageUrl: answer.imageUrl ?? imageUrl } : category)),
      ),
  });
}
