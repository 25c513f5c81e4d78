import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CompanyImage } from '@/shared/schemas/business';
import { companyImagesQueryKey, companyQueryKey } from '@/client/entities/companies/get-company-images';

/** DELETE /api/companies/{id}/images/{imageId} → {success: true}. */
export const deleteCompanyImage = (companyId: number, imageId: number) =>
  api<{ success: boolean }>(`/api/companies/${companyId}/images/${imageId}`, { method: 'DELETE' });

export function useDeleteCompanyImage(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => deleteCompanyImage(companyId, imageId),
    onSuccess: async (_result, imageId) => {
      queryClient.setQueryData<CompanyImage[]>(companyImagesQueryKey(companyId), (images) =>
        images?.filter((image) => image.id !== imageId),
      );
      await queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId) });
    },
  });
}
