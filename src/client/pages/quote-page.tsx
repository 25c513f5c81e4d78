import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConnectionBadge } from '@/client/components/connection-badge';
import { AccessRequired } from '@/client/components/access-required';
import { StatusCard } from '@/client/components/status-card';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useConversations, type Conversation } from '@/client/features/messages/api/get-conversations';
import { ConversationList, ConversationListSkeleton } from '@/client/features/messages/components/conversation-list';
import { MessageComposer } from '@/client/features/messages/components/message-composer';
import { MessageThread } from '@/client/features/messages/components/message-thread';
import { useQuote } from '@/client/features/quotes/api/get-quote';
import { QuoteCompaniesPanel, QuoteStatusPanel } from '@/client/features/quotes/components/quote-companies-panel';
import { QuoteComparison } from '@/client/features/quotes/components/quote-comparison';
import { QuoteDetailsCard } from '@/client/features/quotes/components/quote-details-card';
import { QuoteEditForm } from '@/client/features/quotes/components/quote-edit-form';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';
import {
  closedConversationMessage,
  declinedMessage,
  QUOTE_FORBIDDEN_MESSAGE,
  QUOTE_NOT_DRAFT_MESSAGE,
  type Quote,
} from '@/shared/schemas/quote';

function BackLink() {
  const t = useT();
  return (
    <Link
      to="/myquotes"
      className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:text-blue-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('quotes.page.back')}
    </Link>
  );
}

function QuotePageSkeleton() {
  const t = useT();
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-3" aria-busy="true">
      <span role="status" className="sr-only">
        {t('quotes.page.loading')}
      </span>
      <div className="flex flex-col gap-4 lg:col-span-2">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}

function LoadError({ error, isForeign = false }: { error: unknown; isForeign?: boolean }) {
  const t = useT();
  const translateText = useTranslateText();
  const navigate = useNavigate();
  const isForbidden = isForeign || (error instanceof ApiError && error.status === 403);
  if (isForbidden) {
    return (
      <StatusCard
        icon={ShieldAlert}
        iconClassName="text-red-700"
        title={t('quotes.page.unauthorized')}
        description={translateText(errorMessage(error, QUOTE_FORBIDDEN_MESSAGE))}
      >
        <Button variant="outline" onClick={() => navigate('/myquotes')}>
          <ArrowLeft aria-hidden /> {t('quotes.page.back')}
        </Button>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={CircleAlert}
      iconClassName="text-red-700"
      title={t('quotes.common.error')}
      description={errorMessage(error, t('quotes.page.loadFailed'))}
    >
      <Button variant="outline" onClick={() => navigate('/myquotes')}>
        <ArrowLeft aria-hidden /> {t('quotes.page.back')}
      </Button>
    </StatusCard>
  );
}

function QuoteHeader({ quote, subtitle }: { quote: Quote; subtitle: string }) {
  return (
    <div className="mb-6 mt-3 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{quote.quoteName}</h1>
        <p className="mt-1 text-slate-700">{subtitle}</p>
      </div>
      <div className="flex items-center gap-2">
        {quote.status !== 'draft' && <ConnectionBadge />}
        <QuoteStatusBadge status={quote.status} />
      </div>
    </div>
  );
}

function DraftView({ quote }: { quote: Quote }) {
  const t = useT();
  return (
    <>
      <QuoteHeader quote={quote} subtitle={t('quotes.page.draftSubtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QuoteEditForm quote={quote} />
        </div>
        <aside className="flex flex-col gap-6" aria-label={t('quotes.page.summary')}>
          <QuoteCompaniesPanel quote={quote} />
          <QuoteStatusPanel quote={quote} />
        </aside>
      </div>
    </>
  );
}

function CompletedView({ quote }: { quote: Quote }) {
  const t = useT();
  const translateText = useTranslateText();
  return (
    <>
      <QuoteHeader quote={quote} subtitle={t('quotes.page.closedSubtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Alert variant="info">{translateText(QUOTE_NOT_DRAFT_MESSAGE)}</Alert>
          <QuoteDetailsCard quote={quote} />
        </div>
        <aside className="flex flex-col gap-6" aria-label={t('quotes.page.summary')}>
          <QuoteCompaniesPanel quote={quote} />
          <QuoteStatusPanel quote={quote} />
        </aside>
      </div>
    </>
  );
}

/** Conversations for the quote's companies; before the first answer, one row per company. */
const conversationsOf = (quote: Quote, answer: Conversation[] | undefined): Conversation[] =>
  answer && answer.length > 0
    ? answer
    : quote.companies.map((company) => ({
        companyId: company.id,
        company: { id: company.id, name: company.name, logo: company.logo, logoObjectId: company.logoObjectId },
        lastMessage: null,
        offer: null,
        outcome: null,
        unreadCount: 0,
        declinedAt: null,
        closedAt: null,
      }));

/**
 * In place of the message box once the request is decided: why nothing more can be sent, and what
 * the customer can still do, rather than a greyed box that reads like a fault.
 */
function DecidedNotice({ quote, conversation }: { quote: Quote; conversation: Conversation }) {
  const t = useT();
  let text: string;
  if (quote.outcome === 'hired' && conversation.outcome === 'hired') {
    text = t('quotes.decided.hiredThis', { name: conversation.company.name });
  } else if (quote.outcome === 'hired') {
    text = t('quotes.decided.hiredOther');
  } else {
    text = t('quotes.decided.closed');
  }
  return (
    <div className="border-t border-slate-200 bg-white p-3" data-testid="decided-notice">
      <Alert variant="info" title={t('quotes.decided.title')}>
        {text}
      </Alert>
    </div>
  );
}

function MessagingView({ quote }: { quote: Quote }) {
  const t = useT();
  const translateText = useTranslateText();
  const conversations = useConversations(quote.id);
  const rows = conversationsOf(quote, conversations.data);
  const [chosen, setChosen] = useState<number | null>(null);
  // After a hire, the hired company's conversation is the one to open first.
  const selectedId = chosen ?? rows.find((row) => row.outcome === 'hired')?.companyId ?? rows[0]?.companyId ?? null;
  const selected = rows.find((row) => row.companyId === selectedId) ?? null;

  return (
    <>
      <QuoteHeader quote={quote} subtitle={quote.outcome ? t('quotes.page.completedSubtitle') : t('quotes.page.sentSubtitle')} />
      <QuoteComparison quote={quote} />
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)_20rem] lg:gap-6">
        <Card className="h-fit overflow-hidden">
          <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
            {t('quotes.statusPanel.companies')}
          </h2>
          {conversations.isPending ? (
            <ConversationListSkeleton />
          ) : (
            <ConversationList conversations={rows} selectedCompanyId={selectedId} onSelect={setChosen} />
          )}
        </Card>

        <Card className="flex min-h-96 flex-col overflow-hidden">
          {selected ? (
            <>
              <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
                {t('quotes.page.conversationWith', { name: selected.company.name })}
              </h2>
              <div className="max-h-[60dvh] min-h-64 flex-1 overflow-y-auto bg-slate-50">
                <MessageThread
                  key={selected.companyId}
                  quoteId={quote.id}
                  companyId={selected.companyId}
                  viewerSide="user"
                  closed={selected.declinedAt !== null || selected.closedAt !== null}
                />
              </div>
              {selected.declinedAt && (
                <div className="p-3">
                  <Alert variant="info">
                    {t('quotes.page.declined', { reason: translateText(declinedMessage(selected.company.name)) })}
                  </Alert>
                </div>
              )}
              {!selected.declinedAt && selected.closedAt && (
                <div className="p-3">
                  <Alert variant="info">
                    {t('quotes.page.closed', {
                      reason: translateText(closedConversationMessage('user', selected.company.name)),
                    })}
                  </Alert>
                </div>
              )}
              {quote.status === 'completed' ? (
                <DecidedNotice quote={quote} conversation={selected} />
              ) : (
                <MessageComposer
                  key={`composer-${selected.companyId}`}
                  quoteId={quote.id}
                  companyId={selected.companyId}
                  side="user"
                  disabled={selected.declinedAt !== null || selected.closedAt !== null}
                />
              )}
            </>
          ) : (
            <p className="p-6 text-sm text-slate-700">{t('quotes.page.chooseCompany')}</p>
          )}
        </Card>

        <aside aria-label={t('quotes.page.summary')}>
          <QuoteDetailsCard quote={quote} />
        </aside>
      </div>
    </>
  );
}

function QuoteScreen({ quoteId, viewerId }: { quoteId: number; viewerId: number }) {
  const t = useT();
  const quote = useQuote(quoteId);
  // The quote page is its customer's. A vendor of one of its companies may read the quote
  // (the vendor inbox does), but here sees the Unauthorized panel, never the customer's screen.
  const isForeign = quote.data !== undefined && quote.data.userId !== viewerId;
  usePageTitle(quote.data && !isForeign ? quote.data.quoteName : t('quotes.page.title'));
  if (quote.isPending) return <QuotePageSkeleton />;
  if (quote.isError) return <LoadError error={quote.error} />;
  if (isForeign) return <LoadError error={null} isForeign />;
  const data = quote.data;
  if (data.status === 'draft') return <DraftView quote={data} />;
  // A request the customer hired on or closed keeps its comparison and conversations (read-only);
  // one completed otherwise (by an administrator) shows the closed quote.
  if (data.status === 'completed' && data.outcome === null) return <CompletedView quote={data} />;
  return <MessagingView quote={data} />;
}

/** /quotes/{id}/edit: the draft form, the messaging view, or the closed quote. */
export default function QuotePage() {
  const t = useT();
  const { id } = useParams();
  const quoteId = Number(id);
  const { data: user, isPending } = useCurrentUser();
  const isValidId = Number.isInteger(quoteId) && quoteId > 0;

  let body;
  if (isPending) body = <QuotePageSkeleton />;
  else if (!user) body = <AccessRequired description={t('quotes.page.loginRequired')} openLogin />;
  else if (!isValidId) body = <LoadError error={null} />;
  else body = <QuoteScreen key={quoteId} quoteId={quoteId} viewerId={user.id} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <BackLink />
      {body}
    </div>
  );
}
