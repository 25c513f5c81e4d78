/**
 * The stored redirect intent: a screen that needs the visitor signed in (a claim link) leaves where
 * to go in session storage; the login and sign-up dialogs follow it once.
 */
import { session, STORAGE_KEYS } from './storage';

/** Each kind of intent (a claim's `ClaimRedirectIntent`) adds its own fields. */
export interface RedirectIntent {
  type: string;
  redirectUrl: string;
}

/** Only paths inside the app: a stored value is never trusted to leave the site. */
const isLocalPath = (url: unknown): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');

export function saveRedirectIntent<T extends RedirectIntent>(intent: T): void {
  session.set(STORAGE_KEYS.redirectIntent, intent);
}

/** The stored intent's address without removing it. */
export function peekRedirectUrl(): string | null {
  const intent = session.get<Partial<RedirectIntent> | null>(STORAGE_KEYS.redirectIntent, null);
  return isLocalPath(intent?.redirectUrl) ? intent.redirectUrl : null;
}

export function clearRedirectIntent(): void {
  session.set(STORAGE_KEYS.redirectIntent, undefined);
}

/** Where a stored intent leads, removing it; null when there is none (or it is not a local path). */
export function takeRedirectUrl(): string | null {
  const url = peekRedirectUrl();
  if (url) clearRedirectIntent();
  return url;
}
