/**
 * Start Quote while signed out: the intent waits in session storage; after login it becomes a draft
 * quote and the user lands on /quotes/{id}/edit, or back where they were if the creation fails.
 */
import { api, ApiError, errorMessage } from '@/client/lib/api';
import type { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { session, STORAGE_KEYS } from '@/client/lib/storage';
import type { RequestSource } from '@/shared/schemas/quote';

type Translate = ReturnType<typeof useT>;

/** Where the job is and the service, when the listing said (a ZIP search, a subcategory tab), so a pro sees the lead fits. */
export interface QuoteJob {
  zip?: string;
  subcategoryId?: number;
}

export interface QuoteIntent extends QuoteJob {
  companyIds: number[];
  quoteName: string;
  description: string;
  redirectFrom: string;
  timestamp: number;
}

/** An intent older than a day is stale: the selection it describes may be gone. */
const MAX_AGE_MS = 86_400_000;

export function saveQuoteIntent(intent: Omit<QuoteIntent, 'timestamp'>): void {
  session.set(STORAGE_KEYS.quoteIntent, { ...intent, timestamp: Date.now() });
}

/** The job's fields as stored, kept only when well formed (an intent saved before them has none). */
const jobOf = (stored: { zip?: unknown; subcategoryId?: unknown }): QuoteJob => ({
  ...(typeof stored.zip === 'string' && /^\d{5}$/.test(stored.zip) && { zip: stored.zip }),
  ...(typeof stored.subcategoryId === 'number' &&
    Number.isInteger(stored.subcategoryId) &&
    stored.subcategoryId > 0 && { subcategoryId: stored.subcategoryId }),
});

export function takeQuoteIntent(): QuoteIntent | null {
  const intent = session.get<QuoteIntent | null>(STORAGE_KEYS.quoteIntent, null);
  session.set(STORAGE_KEYS.quoteIntent, undefined);
  if (!intent || !Array.isArray(intent.companyIds) || Date.now() - intent.timestamp > MAX_AGE_MS) return null;
  const { zip: _zip, subcategoryId: _subcategoryId, ...rest } = intent;
  return { ...rest, ...jobOf(intent) };
}

export interface DraftQuoteBody extends QuoteJob {
  quoteName: string;
  description: string;
  companyIds: number[];
  source?: RequestSource;
}

/**
 * Where a request starts, read from the address of the listing it was started on: a search, a
 * category page, or either showing only the visitor's favourites. The pros' insight counts their
 * requests by it.
 */
export function requestSourceOf(address: string): RequestSource | undefined {
  const url = new URL(address, 'http://listing.invalid');
  const favorites = url.searchParams.get('favorites') === 'true' || url.searchParams.get('sort') === 'favorites';
  if (url.pathname === '/search') return favorites ? 'favorites' : 'search';
  if (url.pathname.startsWith('/categories/')) return favorites ? 'favorites' : 'category';
  return undefined;
}

export const createDraftQuote = (body: DraftQuoteBody) => api<{ id: number }>('/api/quotes', { method: 'POST', body });

/** A refusal of the job's ZIP code or service only: the request itself is fine without them. */
const isJobRefusal = (error: unknown) =>
  error instanceof ApiError && (error.code === 'QUOTE_ZIP_UNKNOWN' || error.code === 'QUOTE_SERVICE_NOT_IN_CATEGORY');

/** Creates the draft; answers where to go next. A failure is told in a toast, in `t`'s language. */
export async function startQuote(
  body: { quoteName: string; description?: string; companyIds: number[] } & QuoteJob,
  fallback: string,
  t: Translate,
): Promise<string> {
  // The address the request was started on is where to come back to, and says where it started.
  const source = requestSourceOf(fallback);
  const draft: DraftQuoteBody = {
    quoteName: body.quoteName,
    description: body.description ?? '',
    companyIds: body.companyIds,
    ...jobOf(body),
    ...(source && { source }),
  };
  try {
    let quote: { id: number };
    try {
      quote = await createDraftQuote(draft);
    } catch (error) {
      // The ZIP code and service are extras the customer can still set on the draft.
      if (!isJobRefusal(error) || (draft.zip === undefined && draft.subcategoryId === undefined)) throw error;
      quote = await createDraftQuote({
        quoteName: draft.quoteName,
        description: draft.description,
        companyIds: draft.companyIds,
        ...(source && { source }),
      });
    }
    return `/quotes/${quote.id}/edit`;
  } catch (error) {
    const failed = t('quotes.start.createFailed');
    notify.error(failed, errorMessage(error, failed));
    return fallback;
  }
}
