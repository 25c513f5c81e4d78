import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { uploadFile } from '@/client/lib/upload';
import type { QuoteImageSchema } from '@/shared/schemas/quote';
import { quoteQueryKey } from './get-quote';

export type QuoteImage = z.infer<typeof QuoteImageSchema>;

export interface UploadQuoteImageInput {
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/quotes/{id}/images, multipart `image` → 201 with the image. */
export const uploadQuoteImage = (id: number, { file, onProgress, signal }: UploadQuoteImageInput) => {
  const form = new FormData();
  form.append('image', file);
  return uploadFile<QuoteImage>(`/api/quotes/${id}/images`, form, { onProgress, signal });
};

export const useUploadQuoteImage = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadQuoteImageInput) => uploadQuoteImage(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteQueryKey(id) }),
  });
};
