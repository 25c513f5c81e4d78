/**
 * "Compare replies" on the customer's quote page, once the request is sent: each company that
 * replied with its standing offer and its record, a Hire button while the request is open, the
 * companies still waiting below, and "Close request". After a hire or a close it says how the
 * request ended (and invites a review of the company hired) above the same comparison, read-only.
 *
 * Wide screens get a table and phones stacked cards; both are rendered and a CSS breakpoint shows
 * one, so the choice never waits for script or jumps on load.
 */
import { useRef, useState } from 'react';
import { LoadingList, RetryAlert } from '@/client/components/list-states';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import type { ComparisonRow } from '@/shared/schemas/hires';
import type { Quote } from '@/shared/schemas/quote';
import { useComparison } from '../api/get-comparison';
import { CloseRequestDialog } from './close-request-dialog';
import { ComparisonCards, ComparisonTable, WaitingList } from './comparison-row';
import { HireDialog } from './hire-dialog';
import { QuoteOutcomePanel } from './quote-outcome';

/** Companies with a reply to compare; the others have not written (or said they are not interested). */
const hasReplied = (row: ComparisonRow) => row.response === 'replied' || row.response === 'closed';

function ComparisonSkeleton() {
  const t = useT();
  return (
    <LoadingList label={t('quotes.comparison.loading')} className="grid gap-3">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </LoadingList>
  );
}

export function QuoteComparison({ quote }: { quote: Quote }) {
  const t = useT();
  const comparison = useComparison(quote.id);
  const [hiring, setHiring] = useState<{ row: ComparisonRow | null; open: boolean }>({ row: null, open: false });
  const [closing, setClosing] = useState(false);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  // Once decided, the keyboard goes to the outcome rather than back to a button that is gone.
  const decided = useRef(false);
  const focusAfterClose = (event: Event) => {
    if (!decided.current) return;
    event.preventDefault();
    outcomeHeading.current?.focus();
  };

  const data = comparison.data;
  const isOpen = data ? data.outcome === null : quote.outcome === null;
  // The company hired leads the list; the others keep the server's order.
  const hiredId = data?.outcome?.hiredCompany?.id;
  const replied = (data?.rows.filter(hasReplied) ?? []).sort(
    (a, b) => Number(b.company.id === hiredId) - Number(a.company.id === hiredId),
  );
  const waiting = data?.rows.filter((row) => !hasReplied(row)) ?? [];
  const onHire = (row: ComparisonRow) => {
    decided.current = false;
    setHiring({ row, open: true });
  };

  return (
    <section aria-labelledby="compare-replies" className="mb-6">
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="compare-replies" className="text-lg font-semibold leading-tight text-slate-900">
              {t('quotes.comparison.heading')}
            </h2>
            {isOpen && <p className="mt-1 text-sm text-slate-700">{t('quotes.comparison.intro')}</p>}
          </div>
          {isOpen && (
            <Button
              variant="outline"
              onClick={() => {
                decided.current = false;
                setClosing(true);
              }}
            >
              {t('quotes.comparison.closeRequest')}
            </Button>
          )}
        </div>

        {comparison.isPending ? (
          <ComparisonSkeleton />
        ) : comparison.isError ? (
          <RetryAlert
            title={t('quotes.common.error')}
            message={errorMessage(comparison.error, t('quotes.comparison.loadFailed'))}
            onRetry={() => void comparison.refetch()}
          />
        ) : (
          <>
            <QuoteOutcomePanel comparison={comparison.data} headingRef={outcomeHeading} />
            {replied.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
                {isOpen ? t('quotes.comparison.noRepliesOpen') : t('quotes.comparison.noRepliesClosed')}
              </p>
            ) : (
              <>
                <div className="hidden lg:block">
                  <ComparisonTable rows={replied} outcome={comparison.data.outcome} onHire={onHire} />
                </div>
                <div className="lg:hidden">
                  <ComparisonCards rows={replied} outcome={comparison.data.outcome} onHire={onHire} />
                </div>
              </>
            )}
            {waiting.length > 0 && <WaitingList rows={waiting} />}
          </>
        )}
      </Card>

      <HireDialog
        quoteId={quote.id}
        row={hiring.row}
        open={hiring.open}
        onClose={() => setHiring((state) => ({ ...state, open: false }))}
        onHired={() => {
          decided.current = true;
          setHiring((state) => ({ ...state, open: false }));
        }}
        onCloseAutoFocus={focusAfterClose}
      />
      <CloseRequestDialog
        quoteId={quote.id}
        open={closing}
        onClose={() => setClosing(false)}
        onClosed={() => {
          decided.current = true;
          setClosing(false);
        }}
        onCloseAutoFocus={focusAfterClose}
      />
    </section>
  );
}
