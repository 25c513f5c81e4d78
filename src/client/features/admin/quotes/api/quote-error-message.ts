import { ApiError } from '@/client/lib/api';

/**
 * The admin quotes screen's errors: 401 and 403 say admin privileges are required; otherwise the
 * server's error field when it sent one, else "Server error: {status} {text}".
 */
export function adminQuoteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return 'Unauthorized access - admin privileges required';
    if (error.serverMessage) return error.serverMessage;
    return `Server error: ${error.status} ${STATUS_TEXT[error.status] ?? error.bodyText}`.trim();
  }
  return error instanceof Error ? error.message : 'An error occurred';
}

/** fetch's statusText is not kept by the api wrapper; these are the ones an admin list can meet. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
