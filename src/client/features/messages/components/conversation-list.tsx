/**
 * The companies of a quote as conversations (the in-progress view): logo, name, the last message
 * and the unread count; the chosen one is marked with aria-current.
 */
import { FallbackImage } from '@/client/components/fallback-image';
import { Badge } from '@/client/components/ui/badge';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { offerHeading, offerStage } from '@/client/entities/offers/offer-card';
import { offerPrice, useMoneySettings } from '@/client/entities/offers/offer-money';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { objectUrlOf } from '@/shared/schemas/upload';
import type { Conversation } from '../api/get-conversations';
import { systemNoteText } from '../lib/system-note';

const logoOf = (company: { logo: string | null; logoObjectId: string | null }) =>
  company.logoObjectId ? objectUrlOf(company.logoObjectId) : company.logo;

type Translate = ReturnType<typeof useT>;

const previewOf = (t: Translate, translateText: (text: string) => string, conversation: Conversation, locale: string) => {
  // The company declined the request ("Not interested").
  if (conversation.declinedAt) return t('messages.conversations.notInterested');
  if (conversation.closedAt) return t('messages.conversations.closed');
  const last = conversation.lastMessage;
  if (!last) return t('messages.conversations.noMessages');
  // An offer says its price even when it came without a note; a withdrawn one has none to say.
  if (last.offer) {
    const heading = offerHeading(last.offer, t, last.event);
    return offerStage(last.offer, last.event) === 'withdrawn'
      ? heading
      : t('messages.conversations.offerPreview', { heading, price: offerPrice(last.offer, locale, t) });
  }
  // The product's note on how the request ended is worded for the company; the customer reads it
  // as the thread does ("You hired this company for the job.").
  if (last.senderType === 'system') return translateText(systemNoteText(t, last, 'user'));
  const text = last.message?.trim() || (last.imageUrl ? t('messages.conversations.sentImage') : '');
  return last.senderType === 'user' ? t('messages.conversations.ownPreview', { text }) : text;
};

export function ConversationListSkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 p-2" aria-busy="true">
      <span role="status" className="sr-only">
        {t('messages.conversations.loading')}
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

export function ConversationList({
  conversations,
  selectedCompanyId,
  onSelect,
}: {
  conversations: Conversation[];
  selectedCompanyId: number | null;
  onSelect(companyId: number): void;
}) {
  const t = useT();
  const translateText = useTranslateText();
  const { locale } = useMoneySettings();
  if (conversations.length === 0) {
    return <p className="p-4 text-sm text-slate-700">{t('messages.conversations.noCompanies')}</p>;
  }
  return (
    <ul className="flex flex-col gap-1 p-2" aria-label={t('messages.conversations.label')}>
      {conversations.map((conversation) => {
        const isSelected = conversation.companyId === selectedCompanyId;
        return (
          <li key={conversation.companyId}>
            <button
              type="button"
              onClick={() => onSelect(conversation.companyId)}
              aria-current={isSelected ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-3 rounded-md p-2 text-start transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                isSelected ? 'bg-blue-50 ring-1 ring-blue-200' : 'hover:bg-slate-50',
              )}
            >
              <FallbackImage
                src={logoOf(conversation.company)}
                alt=""
                width={40}
                height={40}
                className="size-10 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
                fallbackClassName="p-1"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                {/* The name wraps rather than being cut; the preview is an excerpt of the last message. */}
                <span className="break-words font-medium text-slate-900">{conversation.company.name}</span>
                <span data-excerpt="" className="truncate text-xs text-slate-700">
                  {previewOf(t, translateText, conversation, locale)}
                </span>
              </span>
              {conversation.unreadCount > 0 && (
                <Badge variant="destructive" aria-label={t('messages.conversations.unread', { count: conversation.unreadCount })}>
                  {conversation.unreadCount}
                </Badge>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
