import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Building2 from 'lucide-react/icons/building-complex';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ConnectionBadge } from '@/client/components/connection-badge';
import { AccessRequired } from '@/client/components/access-required';
import { StatusCard } from '@/client/components/status-card';
import { Alert } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useCoinCost } from '@/client/features/messages/api/get-coin-cost';
import { MessageComposer } from '@/client/features/messages/components/message-composer';
import { MessageThread } from '@/client/features/messages/components/message-thread';
import { AddBusinessButton } from '@/client/features/companies/components/add-business-button';
import { useMyCompanies } from '@/client/features/vendor-quotes/api/get-my-companies';
import { useVendorQuote } from '@/client/features/vendor-quotes/api/get-vendor-quote';
import { useVendorQuotes, type VendorQuoteRow } from '@/client/features/vendor-quotes/api/get-vendor-quotes';
import { BuyCoinsDialog } from '@/client/features/coins/components/buy-coins-dialog';
import { CoinCostNotice, shortfallOf, type CoinShortfall } from '@/client/features/vendor-quotes/components/coin-cost-notice';
import { DeclineRequestButton } from '@/client/features/vendor-quotes/components/decline-request-button';
import { LeadReportPanel } from '@/client/features/vendor-quotes/components/lead-report-panel';
import { OfferControls } from '@/client/features/vendor-quotes/components/offer-controls';
import {
  AnswersBeforeReply,
  VendorQuoteDetails,
  VendorQuoteDetailsSkeleton,
} from '@/client/features/vendor-quotes/components/vendor-quote-details';
import { VendorQuoteList, VendorQuoteListSkeleton } from '@/client/features/vendor-quotes/components/vendor-quote-list';
import { errorMessage } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { useRealtimeEvent } from '@/client/lib/realtime';
import { vendorQuotesQueryKey } from '@/client/entities/live-refresh';
import { usePageTitle } from '@/client/lib/use-page-title';
import type { User } from '@/shared/schemas/user';
import { closedConversationMessage } from '@/shared/schemas/quote';

const toId = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

interface Selection {
  quoteId: number;
  companyId: number;
}

function NoCompanies({ user }: { user: User }) {
  const t = useT();
  return (
    <StatusCard
      icon={Building2}
      title={t('vendor-quotes.page.noCompaniesTitle')}
      description={t('vendor-quotes.page.noCompaniesDescription')}
    >
      <AddBusinessButton user={user} label={t('vendor-quotes.page.addBusiness')} className="items-center" />
    </StatusCard>
  );
}

function PageSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8" aria-busy="true">
      <span role="status" className="sr-only">
        {t('vendor-quotes.page.loading')}
      </span>
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

/** The middle pane: the conversation, the reply's coin cost and the composer. */
function ThreadPane({ selection, row }: { selection: Selection; row: VendorQuoteRow | undefined }) {
  const t = useT();
  const translateText = useTranslateText();
  const { quoteId, companyId } = selection;
  const queryClient = useQueryClient();
  const cost = useCoinCost(quoteId, companyId);
  const [refused, setRefused] = useState<CoinShortfall | null>(null);
  const [isBuyOpen, setBuyOpen] = useState(false);
  const missing = shortfallOf(cost.data, refused);
  const isCompleted = row?.status === 'completed';
  // A declined request takes no more messages; before a first reply, it can be declined.
  const isDeclined = !!row?.declinedAt;
  // A lead credited on the company's report is over: its conversation takes no more messages.
  const isClosed = !!row?.closedAt;
  const canDecline = !isCompleted && !isDeclined && !isClosed && cost.data !== undefined && !cost.data.hasReplied;

  const onSent = () => {
    setRefused(null);
    // The list's preview and the cost (now paid) change; the header balance comes by a live frame.
    void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
  };
  const onInsufficientCoins = (info: CoinShortfall) => {
    setRefused(info);
    setBuyOpen(true);
  };
  // New coins (a purchase, an admin's grant) may make the reply affordable: ask again.
  const onBalanceChanged = () => {
    setRefused(null);
    void queryClient.invalidateQueries({ queryKey: vendorQuotesQueryKey });
  };
  useRealtimeEvent('coin_balance_update', onBalanceChanged);

  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <Link to="/vendorquotes" className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')}>
          <ArrowLeft aria-hidden />
          <span className="sr-only">{t('vendor-quotes.page.backToRequests')}</span>
        </Link>
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">
            {row ? `${row.userFirstName} ${row.userLastName}`.trim() : t('vendor-quotes.page.conversation')}
          </h2>
          {row && (
            <p className="truncate text-sm text-slate-600">
              {row.quoteName} · {row.companyName}
            </p>
          )}
        </div>
      </div>
      <div className="min-h-48 flex-1 lg:overflow-y-auto">
        <MessageThread quoteId={quoteId} companyId={companyId} viewerSide="company" closed={isDeclined || isClosed} />
      </div>
      <div className="grid gap-2 p-3 empty:hidden">
        {cost.data?.hasReplied === false && <AnswersBeforeReply quoteId={quoteId} />}
        {cost.isError && <Alert variant="error">{errorMessage(cost.error, t('vendor-quotes.page.costFailed'))}</Alert>}
        {isCompleted && <Alert variant="info">{t('vendor-quotes.page.completed')}</Alert>}
        {isDeclined && <Alert variant="info">{t('vendor-quotes.page.declined')}</Alert>}
        {isClosed && (
          <Alert variant="info">
            {t('vendor-quotes.page.closed', {
              reason: translateText(closedConversationMessage('company', row?.companyName ?? '')),
            })}
          </Alert>
        )}
        {!isCompleted && !isDeclined && !isClosed && (
          <CoinCostNotice cost={cost.data} shortfall={refused} companyId={companyId} onBuyCoins={() => setBuyOpen(true)} />
        )}
        {/* A price beside the reply; once the customer has decided, the offer no longer changes. */}
        {!isCompleted && !isDeclined && !isClosed && !row?.outcome && (
          <OfferControls
            quoteId={quoteId}
            companyId={companyId}
            acceptedCoinCost={cost.data && !cost.data.hasReplied ? cost.data.coinCost : undefined}
            costNotice={
              <CoinCostNotice cost={cost.data} shortfall={refused} companyId={companyId} onBuyCoins={() => setBuyOpen(true)} />
            }
            disabled={!!missing || cost.isPending || cost.isError}
            onInsufficientCoins={onInsufficientCoins}
          />
        )}
        {cost.data?.hasReplied && <LeadReportPanel quoteId={quoteId} companyId={companyId} />}
        {canDecline && row && (
          <DeclineRequestButton
            quoteId={quoteId}
            companyId={companyId}
            customerName={`${row.userFirstName} ${row.userLastName}`.trim()}
          />
        )}
      </div>
      <MessageComposer
        quoteId={quoteId}
        companyId={companyId}
        side="company"
        // The price shown above, which the server charges only when the reply carries it.
        acceptedCoinCost={cost.data && !cost.data.hasReplied ? cost.data.coinCost : undefined}
        disabled={isCompleted || isDeclined || isClosed || !!missing || cost.isPending || cost.isError}
        onSent={onSent}
        onInsufficientCoins={onInsufficientCoins}
      />
      <BuyCoinsDialog
        open={isBuyOpen}
        onOpenChange={setBuyOpen}
        coinCost={missing?.coinCost ?? cost.data?.coinCost ?? 0}
        userBalance={missing?.userBalance ?? cost.data?.userBalance ?? 0}
        onPurchased={onBalanceChanged}
      />
    </>
  );
}

function DetailsPane({ quoteId }: { quoteId: number }) {
  const t = useT();
  const quote = useVendorQuote(quoteId);
  if (quote.isPending) return <VendorQuoteDetailsSkeleton />;
  if (quote.isError) {
    return (
      <div className="p-4">
        <Alert variant="error" title={t('vendor-quotes.common.error')}>
          {errorMessage(quote.error, t('vendor-quotes.page.quoteFailed'))}
        </Alert>
      </div>
    );
  }
  return <VendorQuoteDetails quote={quote.data} />;
}

const pane = 'rounded-lg border border-slate-200 bg-white lg:min-h-0 lg:overflow-y-auto';

/**
 * The vendor inbox: requests on the left, the thread in the middle, the quote on the right. The
 * selection lives in the address (/vendorquotes/{quoteId}?company={companyId}); on a phone the list
 * and the selected thread take turns, with a back button between them.
 */
function VendorInbox() {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const list = useVendorQuotes();
  const rows = list.data ?? [];

  // ?quote_id= (a redeemed claim's redirect) becomes the path form.
  const legacyId = toId(search.get('quote_id'));
  if (legacyId && !params.quoteId) {
    const company = search.get('company');
    return <Navigate to={`/vendorquotes/${legacyId}${company ? `?company=${company}` : ''}`} replace />;
  }

  const quoteId = toId(params.quoteId);
  const companyId = toId(search.get('company'));
  const row = quoteId
    ? rows.find((r) => r.quoteId === quoteId && (companyId === undefined || r.companyId === companyId))
    : undefined;
  const selection: Selection | null = quoteId
    ? companyId
      ? { quoteId, companyId }
      : row
        ? { quoteId, companyId: row.companyId }
        : null
    : null;
  const isUnknown = quoteId !== undefined && !selection && list.isSuccess;

  return (
    <div
      // One column on phones, never wider than the screen (an implicit track would grow to the
      // longest unbroken line, e.g. a truncated company name).
      className="grid gap-4 max-lg:grid-cols-1 lg:h-[calc(100dvh-13rem)] lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)_18rem]"
    >
      <section aria-label={t('vendor-quotes.page.requests')} className={cn(pane, quoteId !== undefined && 'max-lg:hidden')}>
        {list.isPending ? (
          <VendorQuoteListSkeleton />
        ) : list.isError ? (
          <div className="p-4">
            <Alert variant="error">
              {t('vendor-quotes.page.listError', { problem: errorMessage(list.error, t('vendor-quotes.page.listFailed')) })}
            </Alert>
          </div>
        ) : (
          <VendorQuoteList rows={rows} selected={selection} />
        )}
      </section>

      <section
        aria-label={t('vendor-quotes.page.conversation')}
        className={cn(pane, 'flex flex-col lg:overflow-hidden', quoteId === undefined && 'max-lg:hidden')}
      >
        {selection ? (
          <ThreadPane key={`${selection.quoteId}-${selection.companyId}`} selection={selection} row={row} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 py-12 text-center">
            <MessagesSquare className="size-10 text-slate-500" aria-hidden />
            <p className="font-medium text-slate-900">
              {isUnknown ? t('vendor-quotes.page.notFound') : t('vendor-quotes.page.select')}
            </p>
            <p className="text-sm text-slate-700">
              {isUnknown ? (
                <Link to="/vendorquotes" className="text-blue-700 underline">
                  {t('vendor-quotes.page.backToAll')}
                </Link>
              ) : (
                t('vendor-quotes.page.chooseHint')
              )}
            </p>
          </div>
        )}
      </section>

      <section aria-label={t('vendor-quotes.page.details')} className={cn(pane, quoteId === undefined && 'max-lg:hidden')}>
        {selection ? (
          <DetailsPane quoteId={selection.quoteId} />
        ) : (
          <p className="p-4 text-sm text-slate-700">{t('vendor-quotes.page.detailsHint')}</p>
        )}
      </section>
    </div>
  );
}

export default function VendorQuotesPage() {
  const t = useT();
  usePageTitle(t('vendor-quotes.page.title'));
  const { data: user, isPending } = useCurrentUser();
  const companies = useMyCompanies({ enabled: !!user });

  if (isPending) return <PageSkeleton />;
  if (!user) return <AccessRequired description={t('vendor-quotes.page.loginRequired')} />;
  if (companies.isPending) return <PageSkeleton />;
  if (companies.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert variant="error" title={t('vendor-quotes.common.error')}>
          {errorMessage(companies.error, t('vendor-quotes.page.companiesFailed'))}
        </Alert>
      </div>
    );
  }
  if (companies.data.length === 0) return <NoCompanies user={user} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('vendor-quotes.page.title')}</h1>
          <p className="mt-1 text-sm text-slate-700">{t('vendor-quotes.page.intro')}</p>
        </div>
        <ConnectionBadge />
      </div>
      <VendorInbox />
    </div>
  );
}
