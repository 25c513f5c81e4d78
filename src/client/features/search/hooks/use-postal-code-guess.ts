/**
 * The ZIP box's starting value when the page gives none: the postal code this browser remembers;
 * when none is stored, the server is asked once per browser session for a guess from the visitor's
 * IP address (off unless the server is configured). Failures are only logged.
 */
import { useEffect } from 'react';
import { api } from '@/client/lib/api';
import { local, session, STORAGE_KEYS } from '@/client/lib/storage';
import { normalizePostalCode } from '../lib/postal-code';

const ASKED_KEY = 'postal_code_guess_asked';

function storedPostalCode(): string {
  const value = local.get<unknown>(STORAGE_KEYS.postalCode, '');
  return typeof value === 'string' ? (normalizePostalCode(value) ?? '') : '';
}

/**
 * `pageLocation`: the place the page searched for ('' when it searched for none, undefined where
 * the box has no page value, as on the home page). Only there is the stored code filled in.
 */
export function usePostalCodeGuess(pageLocation: string | undefined, onGuess: (postalCode: string) => void): void {
  useEffect(() => {
    if (pageLocation) return;
    const stored = storedPostalCode();
    if (stored) {
      if (pageLocation === undefined) onGuess(stored);
      return;
    }
    if (session.get(ASKED_KEY, false)) return;
    session.set(ASKED_KEY, true);
    let cancelled = false;
    api<{ enabled: boolean; postalCode: string | null }>('/api/geo/postal-code').then(
      ({ postalCode }) => {
        if (!postalCode || cancelled) return;
        local.set(STORAGE_KEYS.postalCode, postalCode);
        onGuess(postalCode);
      },
      (error: unknown) => console.warn('postal code lookup failed', error),
    );
    return () => {
      cancelled = true;
    };
    // Once per mount is enough: the guess only fills an empty box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
