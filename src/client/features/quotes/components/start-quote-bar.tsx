import { FileText, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import type { QuoteJob } from '@/client/entities/quotes/quote-intent';
import type { useQuoteSelection } from '../hooks/use-quote-selection';
import { useStartQuote } from '../hooks/use-start-quote';

interface Props {
  selection: ReturnType<typeof useQuoteSelection>;
  /** '{Category} - {Subcategory}', 'Search: {query}' or 'Search Results'. */
  quoteName: string;
  /** Signed out, the search page keeps the intent for after login; the category page does not. */
  keepIntentWhenSignedOut: boolean;
  /** The job's ZIP code (a ZIP search) and service (a subcategory tab), sent with the draft. */
  job?: QuoteJob;
}

/** The selection notice and the Start Quote button of the search and category pages. */
export function StartQuoteBar({ selection, quoteName, keepIntentWhenSignedOut, job }: Props) {
  const { start, busy } = useStartQuote(keepIntentWhenSignedOut);
  const { count, categoryName, max } = selection;
  const onStart = () =>
    void start(
      quoteName,
      selection.selected.map((c) => c.id),
      job,
    );
  const onClear = selection.clear;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3"
      role="status"
    >
      <p className="text-sm text-slate-800">
        {count === 0 ? (
          'Select companies to request quotes from them in one go.'
        ) : (
          <>
            <strong>{count}</strong> {count === 1 ? 'company' : 'companies'} selected in <strong>{categoryName}</strong>
            {max > 0 && (count >= max ? ` — the most one request can go to (${max})` : ` (up to ${max})`)}
          </>
        )}
      </p>
      <div className="flex gap-2">
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden /> Clear
          </Button>
        )}
        <Button size="sm" onClick={onStart} disabled={count === 0 || busy}>
          <FileText aria-hidden /> {busy ? 'Starting...' : `Start Quote (${count})`}
        </Button>
      </div>
    </div>
  );
}
