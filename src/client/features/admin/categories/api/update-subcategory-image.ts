import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { applyCategoryImages, type ImageUrlAnswer } from './update-category-image';

/** PUT /api/admin/subcategories/{id}/image {imageUrl|null} → {success, imageUrl}. */
export const updateSubcategoryImage = ({ id, imageUrl }: { id: number; imageUrl: string | null }) =>
  api<ImageUrlAnswer>(`/api/admin/subcategories/${id}/image`, { method: 'PUT', body: { imageUrl } });

export function useUpdateSubcategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubcategoryImage,
    onSuccess: (answer, { id, imageUrl }) =>
      applyCategoryImages(queryClient, (categories) =>
        categories.map((category) => ({
          ...category,
          subcategories: category.subcategories.map((sub) =>
            sub.id === id ? { ...sub, imageUrl: answer.imageUrl ?? imageUrl } : sub,
          ),
        })),
      ),
  });
}
