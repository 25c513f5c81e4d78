/**
 * The words for a password reset that went wrong, by what went wrong, so the user knows whether to
 * retry or ask anew: the server's refusal, an answer without one (a proxy's error page: "Token
 * verification failed: Bad Gateway"), no answer at all ("Failed to connect to server"), or anything
 * else ("An unexpected error occurred: …"). `t` is the screen's; the server's refusal is shown in
 * the page's language through `translateText` (useTranslateText).
 */
import { ApiError } from '@/client/lib/api';
import type { useT } from '@/client/lib/i18n';

type Translate = ReturnType<typeof useT>;

/** fetch rejects with a TypeError when no answer came (offline, refused, DNS). */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;
const unexpected = (t: Translate, error: unknown) =>
  t('auth.resetErrors.unexpected', { detail: error instanceof Error ? error.message : String(error) });

/** Why a reset link could not be checked. */
export function tokenCheckFailure(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return t('auth.resetErrors.invalidLink');
    return t('auth.resetErrors.tokenCheckFailed', { reason: error.statusText || String(error.status) });
  }
  return isNetworkFailure(error) ? t('auth.resetErrors.connectionFailed') : unexpected(t, error);
}

/** Why the new password was not set. */
export function resetFailure(t: Translate, error: unknown, translateText: (text: string) => string): string {
  if (error instanceof ApiError)
    return error.serverMessage
      ? t('auth.resetErrors.refused', { message: translateText(error.serverMessage) })
      : t('auth.resetErrors.resetFailed');
  return isNetworkFailure(error) ? t('auth.resetErrors.connectionFailed') : unexpected(t, error);
}
