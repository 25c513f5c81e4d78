import Inbox from 'lucide-react/icons/inbox';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import type { VendorQuoteRow } from '../api/get-vendor-quotes';
import { formatMessageTime } from '@/client/lib/format';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { groupInboxRows } from '../lib/inbox-groups';

export const vendorQuotePath = (row: { quoteId: number; companyId: number }) =>
  `/vendorquotes/${row.quoteId}?company=${row.companyId}`;

const customerName = (row: VendorQuoteRow) => `${row.userFirstName} ${row.userLastName}`.trim();

/** An offer message without a note of its own previews by what it did. */
const OFFER_EVENT_PREVIEWS: Partial<Record<string, MessageKey>> = {
  offer_made: 'vendor-quotes.inbox.offerMade',
  offer_revised: 'vendor-quotes.inbox.offerRevised',
  offer_withdrawn: 'vendor-quotes.inbox.offerWithdrawn',
};

function preview(row: VendorQuoteRow, t: ReturnType<typeof useT>): string {
  if (row.declinedAt) return t('vendor-quotes.inbox.declined');
  if (row.closedAt) return t('vendor-quotes.inbox.closedCredited');
  if (!row.lastMessage) return t('vendor-quotes.inbox.noMessages');
  const words = row.lastMessage.message?.trim();
  // The product's note on how the request ended may come without words of its own.
  if (row.lastMessage.senderType === 'system') {
    return (
      words ||
      (row.outcome === 'hired'
        ? t('vendor-quotes.inbox.youWereHired')
        : row.outcome === 'not_chosen'
          ? t('vendor-quotes.inbox.anotherHired')
          : t('vendor-quotes.inbox.requestClosed'))
    );
  }
  const event = OFFER_EVENT_PREVIEWS[row.lastMessage.event ?? ''];
  const text = words || (event ? t(event) : t('vendor-quotes.inbox.image'));
  return row.lastMessage.senderType === 'company' ? t('vendor-quotes.inbox.fromYou', { text }) : text;
}

function VendorQuoteRowLink({ row, isSelected }: { row: VendorQuoteRow; isSelected: boolean }) {
  const t = useT();
  const unread = row.unreadCount;
  return (
    <li>
      <Link
        to={vendorQuotePath(row)}
        aria-current={isSelected ? 'page' : undefined}
        className={cn(
          'flex flex-col gap-1 border-b border-slate-200 px-4 py-3 text-start transition-colors hover:bg-slate-50',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-600',
          isSelected && 'bg-blue-50 hover:bg-blue-50',
        )}
      >
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm text-slate-900', unread > 0 ? 'font-bold' : 'font-semibold')}>
            {customerName(row)}
          </span>
          <span className="shrink-0 text-xs text-slate-600">{formatMessageTime(row.lastMessageAt ?? row.createdAt)}</span>
        </span>
        <span className="truncate text-sm font-medium text-slate-800">{row.quoteName}</span>
        <span className="truncate text-xs text-slate-600">{row.companyName}</span>
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', unread > 0 ? 'font-medium text-slate-900' : 'text-slate-600')}>
            {preview(row, t)}
          </span>
          <span className="flex shrink-0 items-center gap-1">
            {unread > 0 && (
              <Badge>
                {unread}
                <span className="sr-only">{t('vendor-quotes.inbox.unread', { count: unread })}</span>
              </Badge>
            )}
            {(row.outsideServiceArea || row.outsideServices) && (
              <Badge variant="outline">
                {row.outsideServiceArea ? t('vendor-quotes.inbox.outsideArea') : t('vendor-quotes.inbox.notYourService')}
              </Badge>
            )}
            <QuoteStatusBadge status={row.status} />
          </span>
        </span>
      </Link>
    </li>
  );
}

interface Props {
  rows: VendorQuoteRow[];
  selected: { quoteId: number; companyId: number } | null;
}

/**
 * The vendor inbox's left pane: one row per quote and company, newest activity first, in groups:
 * open, hired, not chosen, not interested.
 */
export function VendorQuoteList({ rows, selected }: Props) {
  const t = useT();
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
        <Inbox className="size-10 text-slate-500" aria-hidden />
        <h2 className="text-base font-semibold text-slate-900">{t('vendor-quotes.inbox.emptyTitle')}</h2>
        <p className="text-sm text-slate-700">{t('vendor-quotes.inbox.emptyHint')}</p>
      </div>
    );
  }
  // Open requests first; decided ones (hired, not chosen) and declined ones are moved aside below.
  const list = (items: VendorQuoteRow[], label?: string) => (
    <ul aria-label={label}>
      {items.map((row) => (
        <VendorQuoteRowLink
          key={`${row.quoteId}-${row.companyId}`}
          row={row}
          isSelected={selected?.quoteId === row.quoteId && selected.companyId === row.companyId}
        />
      ))}
    </ul>
  );
  return (
    <>
      {groupInboxRows(rows, t).map((group) => (
        <Fragment key={group.key}>
          {group.title && (
            <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-700">
              {t('vendor-quotes.inbox.groupHeading', { title: group.title, count: group.rows.length })}
            </h3>
          )}
          {list(group.rows, group.label)}
        </Fragment>
      ))}
    </>
  );
}

export function VendorQuoteListSkeleton() {
  const t = useT();
  return (
    <div className="grid" aria-busy="true">
      <span role="status" className="sr-only">
        {t('vendor-quotes.inbox.loading')}
      </span>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="grid gap-2 border-b border-slate-200 px-4 py-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-40" />
        </div>
      ))}
    </div>
  );
}
