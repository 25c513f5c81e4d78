/**
 * A visitor's choice of language: kept in the cookie for a year (the server reads it before the
 * browser's preference), and the page loaded again in it, without an address parameter that
 * would ask for another, so that every text, the server's included, follows.
 */
import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from '@/shared/i18n/languages';

export function switchLanguage(code: string, { reload = true }: { reload?: boolean } = {}): void {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
  if (!reload) return;
  const url = new URL(window.location.href);
  url.searchParams.delete(LANGUAGE_PARAM);
  window.location.assign(url);
}
