import FileText from 'lucide-react/icons/file-text';
import X from 'lucide-react/icons/x';
import { Button } from '@/client/components/ui/button';
import { Message, useT } from '@/client/lib/i18n';
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
  const t = useT();
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
          t('quotes.startBar.prompt')
        ) : (
          <Message
            id={
              max <= 0
                ? 'quotes.startBar.selected'
                : count >= max
                  ? 'quotes.startBar.selectedAtMost'
                  : 'quotes.startBar.selectedUpTo'
            }
            values={{ count, category: categoryName ?? '', max }}
            parts={{ 0: <strong />, 1: <strong /> }}
          />
        )}
      </p>
      <div className="flex gap-2">
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden /> {t('quotes.startBar.clear')}
          </Button>
        )}
        <Button size="sm" onClick={onStart} disabled={count === 0 || busy}>
          <FileText aria-hidden /> {busy ? t('quotes.startBar.starting') : t('quotes.startBar.start', { count })}
        </Button>
      </div>
    </div>
  );
}
