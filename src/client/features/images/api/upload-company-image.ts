import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '@/client/lib/upload';
import type { CompanyImage } from '@/shared/schemas/business';
import { companyQueryKey } from '@/client/entities/companies/get-company-images';

export interface UploadCompanyImageInput {
  companyId: number;
  file: File;
  caption?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/companies/{id}/images, multipart `image` and `caption` → 201 with the image. */
export function uploadCompanyImage({ companyId, file, caption, onProgress, signal }: UploadCompanyImageInput) {
  const form = new FormData();
  // The caption goes first so the server has it before the file stream.
  if (caption) form.append('caption', caption);
  form.append('image', file);
  return uploadFile<CompanyImage>(`/api/companies/${companyId}/images`, form, { onProgress, signal });
}

export function useUploadCompanyImage(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UploadCompanyImageInput, 'companyId'>) => uploadCompanyImage({ companyId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId) }),
  });
}
