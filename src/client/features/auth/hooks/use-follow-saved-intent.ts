import { useNavigate } from 'react-router';
import { startQuote, takeQuoteIntent } from '@/client/entities/quotes/quote-intent';
import { useT } from '@/client/lib/i18n';
import { takeRedirectUrl } from '@/client/lib/redirect-intent';

/**
 * What a visitor was doing when they were asked to sign in, picked up once they are, by logging in
 * or by creating an account: a saved quote intent becomes a draft quote and its edit page;
 * otherwise a saved redirect intent (a claim link) is followed; otherwise `orElse` runs.
 */
export function useFollowSavedIntent() {
  const navigate = useNavigate();
  const t = useT();
  return async (orElse: () => void) => {
    const quoteIntent = takeQuoteIntent();
    if (quoteIntent) {
      await navigate(await startQuote(quoteIntent, quoteIntent.redirectFrom, t));
      return;
    }
    const redirectUrl = takeRedirectUrl();
    if (redirectUrl) await navigate(redirectUrl);
    else orElse();
  };
}
