/**
 * Start Quote while signed out (000 §3, §4): the intent waits in session storage; after login it
 * becomes a draft quote and the user lands on /quotes/{id}/edit, or back where they were if the
 * creation fails.
 */
import { api, errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { session, STORAGE_KEYS } from '@/client/lib/storage';

export interface QuoteIntent {
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

export function takeQuoteIntent(): QuoteIntent | null {
  const intent = session.get<QuoteIntent | null>(STORAGE_KEYS.quoteIntent, null);
  session.set(STORAGE_KEYS.quoteIntent, undefined);
  if (!intent || !Array.isArray(intent.companyIds) || Date.now() - intent.timestamp > MAX_AGE_MS) return null;
  return intent;
}

export const createDraftQuote = (body: { quoteName: string; description: string; companyIds: number[] }) =>
  api<{ id: number }>('/api/quotes', { method: 'POST', body });

/** Creates the draft; answers where to go next. */
export async function startQuote(
  body: { quoteName: string; description?: string; companyIds: number[] },
  fallback: string,
): Promise<string> {
  try {
    const quote = await createDraftQuote({ ...body, description: body.description ?? '' });
    return `/quotes/${quote.id}/edit`;
  } catch (error) {
    notify.error('Failed to create quote', errorMessage(error, 'Failed to create quote'));
    return fallback;
  }
}
