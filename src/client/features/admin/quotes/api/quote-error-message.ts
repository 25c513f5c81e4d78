import { ApiError } from '@/client/lib/api';
import type { MessageKey, MessageValues } from '@/client/lib/i18n';

type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The admin quotes screen's errors: 401 and 403 say admin privileges are required; otherwise the
 * server's error field when it sent one, else "Server error: {status} {text}".
 */
export function adminQuoteErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return t('moderation.quotes.errorUnauthorized');
    if (error.serverMessage) return error.serverMessage;
    const statusKey = STATUS_TEXT[error.status];
    const text = statusKey ? t(statusKey) : error.bodyText;
    return t('moderation.quotes.errorServer', { status: String(error.status), text }).trim();
  }
  return error instanceof Error ? error.message : t('moderation.quotes.errorUnknown');
}

/** fetch's statusText is not kept by the api wrapper; these are the ones an admin list can meet. */
const STATUS_TEXT: Record<number, MessageKey> = {
  400: 'moderation.httpStatus.badRequest',
  404: 'moderation.httpStatus.notFound',
  409: 'moderation.httpStatus.conflict',
  429: 'moderation.httpStatus.tooManyRequests',
  500: 'moderation.httpStatus.internalServerError',
  502: 'moderation.httpStatus.badGateway',
  503: 'moderation.httpStatus.serviceUnavailable',
  504: 'moderation.httpStatus.gatewayTimeout',
};
