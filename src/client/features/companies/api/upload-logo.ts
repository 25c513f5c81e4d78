import { uploadFile } from '@/client/lib/upload';
import type { UploadResponse } from '@/shared/schemas/upload';

/**
 * POST /api/upload/single (multipart field `file`): stores the logo and answers its object id.
 * Through XMLHttpRequest (lib/upload.ts) so the dialog can show how much has been sent.
 */
export function uploadLogo(file: File, onProgress?: (fraction: number) => void): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', file);
  return uploadFile<UploadResponse>('/api/upload/single', body, { onProgress });
}
