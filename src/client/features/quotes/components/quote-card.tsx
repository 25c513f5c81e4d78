import Building2 from 'lucide-react/icons/building-complex';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Clock from 'lucide-react/icons/clock';
import MessageSquare from 'lucide-react/icons/message-square';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatRelativeTime } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import type { QuoteSummary } from '@/shared/schemas/quote';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';

export const unreadText = (count: number, t: ReturnType<typeof useT>) => t('quotes.card.unread', { count });

/** One quote of the customer's list (/myquotes). */
export function QuoteCard({ quote }: { quote: QuoteSummary }) {
  const t = useT();
  const titleId = useId();
  const isDraft = quote.status === 'draft';
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold leading-tight text-slate-900">
          {quote.quoteName}
        </h2>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden />
          <time dateTime={quote.createdAt}>{formatRelativeTime(quote.createdAt)}</time>
        </span>
        <span className="inline-flex items-center gap-1">
          <Building2 className="size-4" aria-hidden />
          {t('quotes.card.companies', { count: quote.companyCount })}
        </span>
      </p>
      {quote.description && <p className="line-clamp-2 text-sm text-slate-700">{quote.description}</p>}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1 text-slate-700">
            <CalendarDays className="size-4" aria-hidden />
            {t('quotes.card.created', { date: formatDate(quote.createdAt) })}
          </span>
          {quote.unreadCount > 0 && (
            <span className="inline-flex items-center gap-1 font-medium text-blue-800">
              <MessageSquare className="size-4" aria-hidden />
              {unreadText(quote.unreadCount, t)}
            </span>
          )}
        </div>
        <Link
          to={`/quotes/${quote.id}/edit`}
          aria-describedby={titleId}
          className={buttonVariants({ variant: isDraft ? 'default' : 'outline', size: 'sm' })}
        >
          {isDraft ? t('quotes.card.edit') : t('quotes.card.view')}
        </Link>
      </div>
    </article>
  );
}

export function QuoteCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex justify-between gap-2">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/5" />
      <div className="flex justify-between gap-2 pt-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-24" />
      </div>
    </div>
  );
}
