/**
 * When no postal code is stored, ask the server once per browser session for a guess from the
 * visitor's IP address (off unless the server is configured). Failures are only logged.
 */
import { useEffect } from 'react';
import { api } from '@/client/lib/api';
import { local, session, STORAGE_KEYS } from '@/client/lib/storage';

const ASKED_KEY = 'postal_code_guess_asked';

export function usePostalCodeGuess(hasPostalCode: boolean, onGuess: (postalCode: string) => void): void {
  useEffect(() => {
    if (hasPostalCode || session.get(ASKED_KEY, false)) return;
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
