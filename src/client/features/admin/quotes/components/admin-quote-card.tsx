import Building2 from 'lucide-react/icons/building-complex';
import CalendarDays from 'lucide-react/icons/calendar-days';
import MessageSquare from 'lucide-react/icons/message-square';
import Trash2 from 'lucide-react/icons/trash';
import User from 'lucide-react/icons/user';
import { useId } from 'react';
import { Badge, type BadgeVariant } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { fieldClasses } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate } from '@/client/lib/format';
import { Message, useT, type MessageKey, type MessageValues } from '@/client/lib/i18n';
import { ADMIN_QUOTE_STATUSES, type AdminQuoteRow, type AdminQuoteStatus } from '@/shared/schemas/admin';

/** Admin screens know three statuses: a submitted quote is in progress. */
export const ADMIN_QUOTE_STATUS_LABELS: Record<AdminQuoteStatus, MessageKey> = {
  draft: 'moderation.quoteStatus.draft',
  in_progress: 'moderation.quoteStatus.inProgress',
  completed: 'moderation.quoteStatus.completed',
};
const BADGE: Record<AdminQuoteStatus, BadgeVariant> = { draft: 'secondary', in_progress: 'warning', completed: 'success' };

export const adminStatusOf = (status: AdminQuoteRow['status']): AdminQuoteStatus =>
  status === 'submitted' ? 'in_progress' : status;

/** The quote's name, or its number when it has none. */
export const adminQuoteName = (quote: AdminQuoteRow, t: (key: MessageKey, values?: MessageValues) => string) =>
  quote.quoteName || t('moderation.common.quoteNumber', { id: String(quote.id) });

interface Props {
  quote: AdminQuoteRow;
  isUpdating: boolean;
  onStatusChange(status: AdminQuoteStatus): void;
  onDelete(): void;
}

/** One quote: status dropdown while not completed, delete always. */
export function AdminQuoteCard({ quote, isUpdating, onStatusChange, onDelete }: Props) {
  const t = useT();
  const uid = useId();
  const status = adminStatusOf(quote.status);
  const name = adminQuoteName(quote, t);
  const customer = `${quote.userFirstName} ${quote.userLastName}`.trim();
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <article aria-labelledby={`${uid}-name`} className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`${uid}-name`} className="break-words text-lg font-semibold text-slate-900">
                {name}
              </h2>
              <Badge variant={BADGE[status]}>{t(ADMIN_QUOTE_STATUS_LABELS[status])}</Badge>
            </div>
            <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">
              {quote.description || <span className="italic text-slate-600">{t('moderation.quotes.noDescription')}</span>}
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
              <li className="flex items-center gap-1.5">
                <User className="size-4 text-slate-500" aria-hidden />
                <span className="sr-only">{t('moderation.quotes.customer')} </span>
                {customer || t('moderation.quotes.unknownUser')}
              </li>
              <li className="flex items-center gap-1.5">
                <Building2 className="size-4 text-slate-500" aria-hidden />
                {t('moderation.quotes.companyCount', { count: quote.companyCount })}
              </li>
              <li className="flex items-center gap-1.5">
                <MessageSquare className="size-4 text-slate-500" aria-hidden />
                {t('moderation.quotes.messageCount', { count: quote.messageCount })}
              </li>
              <li className="flex items-center gap-1.5">
                <CalendarDays className="size-4 text-slate-500" aria-hidden />
                <span>
                  <Message
                    id="moderation.quotes.created"
                    values={{ date: formatDate(quote.createdAt) }}
                    parts={{ 0: <time dateTime={quote.createdAt} /> }}
                  />
                </span>
              </li>
            </ul>
          </div>
          <div className="flex flex-wrap items-end gap-2 sm:flex-col sm:items-end">
            {status !== 'completed' && (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${uid}-status`} className="text-xs font-medium text-slate-700">
                  <Message id="moderation.quotes.statusOf" values={{ name }} parts={{ 0: <span className="sr-only" /> }} />
                </label>
                <select
                  id={`${uid}-status`}
                  value={status}
                  disabled={isUpdating}
                  onChange={(event) => onStatusChange(event.target.value as AdminQuoteStatus)}
                  className={cn(fieldClasses, 'h-9 w-40 py-1')}
                >
                  {ADMIN_QUOTE_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {t(ADMIN_QUOTE_STATUS_LABELS[value])}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <Button
              variant="outline"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={onDelete}
              aria-label={t('moderation.quotes.deleteLabel', { name })}
            >
              <Trash2 aria-hidden /> {t('moderation.common.delete')}
            </Button>
          </div>
        </article>
      </Card>
    </li>
  );
}

export function AdminQuoteCardSkeleton() {
  return (
    <Card className="grid gap-2 p-5">
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  );
}
