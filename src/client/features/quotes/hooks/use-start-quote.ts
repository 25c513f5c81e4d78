import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { saveQuoteIntent, startQuote, type QuoteJob } from '@/client/entities/quotes/quote-intent';

/**
 * Start Quote: signed in, it creates the draft and opens it; signed out, the search page keeps the
 * intent for after login while the category page only asks to log in. `job` is what the listing
 * says of the job: the ZIP code searched near, the subcategory filtered by.
 */
export function useStartQuote(keepIntentWhenSignedOut: boolean) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const { openDialog } = useAuthDialogs();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const origin = `${location.pathname}${location.search}`;

  const start = async (quoteName: string, companyIds: number[], job: QuoteJob = {}) => {
    if (!user) {
      if (keepIntentWhenSignedOut) saveQuoteIntent({ companyIds, quoteName, description: '', redirectFrom: origin, ...job });
      notify.info(t('quotes.start.loginTitle'), t('quotes.start.loginDetail'));
      openDialog('login');
      return;
    }
    setBusy(true);
    try {
      await navigate(await startQuote({ quoteName, companyIds, ...job }, origin, t));
    } finally {
      setBusy(false);
    }
  };
  return { start, busy };
}
