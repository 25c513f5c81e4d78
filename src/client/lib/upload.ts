/**
 * Multipart uploads with progress. fetch cannot report upload progress, so this one call goes
 * through XMLHttpRequest; it sends the cookies and fails with the same ApiError as `api()`
 * ("status: body", parsed body, `serverMessage`), so callers handle both alike.
 */
import { ApiError } from './api';

export interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

const parseBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

export function uploadFile<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, method = 'POST' } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const cleanUp = () => signal?.removeEventListener('abort', onAbortSignal);

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      xhr.upload.onload = () => onProgress(1);
    }
    xhr.onload = () => {
      cleanUp();
      const text = xhr.responseText ?? '';
      const body = parseBody(text);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body, text, xhr.statusText));
    };
    // Network failures look like fetch's: a TypeError, not an ApiError (errorMessage() falls back).
    xhr.onerror = () => {
      cleanUp();
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      cleanUp();
      reject(abortError());
    };
    xhr.send(form);
  });
}
