import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/client/lib/upload';
import type { UploadResponse } from '@/shared/schemas/upload';

export interface UploadSingleInput {
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/upload/single, multipart `file` → the stored object. */
export function uploadSingle({ file, onProgress, signal }: UploadSingleInput) {
  const form = new FormData();
  form.append('file', file);
  return uploadFile<UploadResponse>('/api/upload/single', form, { onProgress, signal });
}

export const useUploadSingle = () => useMutation({ mutationFn: uploadSingle });
