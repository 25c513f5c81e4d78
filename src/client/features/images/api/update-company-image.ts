import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CompanyImage } from '@/shared/schemas/business';
import { byDisplayOrder, companyImagesQueryKey, companyQueryKey } from '@/client/entities/companies/get-company-images';

export interface UpdateCompanyImageInput {
  companyId: number;
  imageId: number;
  caption?: string | null;
  displayOrder?: number;
}

/** PATCH /api/companies/{id}/images/{imageId} with a caption or a displayOrder → the image. */
export const updateCompanyImage = ({ companyId, imageId, ...body }: UpdateCompanyImageInput) =>
  api<CompanyImage>(`/api/companies/${companyId}/images/${imageId}`, { method: 'PATCH', body });

export function useUpdateCompanyImage(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UpdateCompanyImageInput, 'companyId'>) => updateCompanyImage({ companyId, ...input }),
    onSuccess: async (image) => {
      queryClient.setQueryData<CompanyImage[]>(companyImagesQueryKey(companyId), (images) =>
        images ? byDisplayOrder(images.map((item) => (item.id === image.id ? image : item))) : images,
      );
      await queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId) });
    },
  });
}
