/**
 * One quote conversation between the customer and a company: bubbles with times, the viewer's own
 * on the right; message images open in a lightbox; a company's offer shows as an offer card (the
 * newest one can unfold its earlier versions); the product's own notes (how the request ended)
 * sit in the middle, from neither side. Opening a thread with unread messages from the other side
 * marks them read; live frames for this thread refresh it. Shared by the customer's quote page and
 * the vendor inbox.
 */
import { useQueryClient } from '@tanstack/react-query';
import ChevronRight from 'lucide-react/icons/chevron-right';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
import { ImageLightbox, type LightboxImage } from '@/client/components/image-lightbox';
import { Alert } from '@/client/components/ui/alert';
import { cn } from '@/client/components/ui/cn';
import { preloadDialog } from '@/client/components/ui/lazy-dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useOfferHistory } from '@/client/entities/offers/get-offer-history';
import { OfferCard, type LaterChange } from '@/client/entities/offers/offer-card';
import { OfferVersions } from '@/client/entities/offers/offer-versions';
import { ModeratedItemNotice } from '@/client/entities/moderation/moderated-item-notice';
import { ReportButton } from '@/client/entities/moderation/report-button';
import { errorMessage } from '@/client/lib/api';
import { formatMessageTime } from '@/client/lib/format';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { useRealtimeEvent } from '@/client/lib/realtime';
import type { Message } from '@/shared/schemas/quote';
import { getMessagesQueryOptions, useMessages } from '../api/get-messages';
import { useMarkMessagesRead } from '../api/mark-messages-read';
import { systemNoteText } from '../lib/system-note';

export type ViewerSide = 'user' | 'company';

function ThreadSkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 p-4" aria-busy="true">
      <span role="status" className="sr-only">
        {t('messages.thread.loading')}
      </span>
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="ms-auto h-12 w-1/2" />
      <Skeleton className="h-16 w-3/5" />
    </div>
  );
}

function MessageBubble({ message, isOwn, onOpenImage }: { message: Message; isOwn: boolean; onOpenImage(): void }) {
  const t = useT();
  return (
    <li className={cn('flex', isOwn ? 'justify-end' : 'justify-start')} data-testid="message">
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-1 rounded-lg px-3 py-2 text-sm shadow-sm sm:max-w-[75%]',
          isOwn ? 'rounded-ee-sm bg-blue-700 text-white' : 'rounded-es-sm border border-slate-200 bg-white text-slate-900',
        )}
      >
        <span className="sr-only">
          {isOwn
            ? t('messages.thread.youSaid')
            : message.senderType === 'company'
              ? t('messages.thread.companySaid')
              : t('messages.thread.customerSaid')}
        </span>
        {message.imageUrl && (
          <button
            type="button"
            onClick={onOpenImage}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            className="overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
            aria-label={t('messages.thread.openImage')}
          >
            <FallbackImage
              src={message.imageUrl}
              alt=""
              loading="lazy"
              className="max-h-60 w-auto max-w-full bg-slate-100 object-cover"
              fallbackClassName="h-24 object-contain p-4"
            />
          </button>
        )}
        {message.message && (
          <p className={cn('whitespace-pre-wrap break-words', message.moderationState && !isOwn && 'italic')}>
            {message.message}
          </p>
        )}
        <time dateTime={message.createdAt} className={cn('text-xs', isOwn ? 'text-blue-100' : 'text-slate-600')}>
          {formatMessageTime(message.createdAt)}
        </time>
        {/* The sender's own message a moderator hid: why, and the one appeal. */}
        {isOwn && message.moderationState && (
          <ModeratedItemNotice itemType="message" itemId={message.id} className="mt-1 text-start" />
        )}
        {!isOwn && !message.moderationState && (
          <ReportButton
            compact
            className="self-start"
            itemType="message"
            itemId={message.id}
            label={
              message.senderType === 'company'
                ? t('messages.thread.reportCompanyMessage', { time: formatMessageTime(message.createdAt) })
                : t('messages.thread.reportCustomerMessage', { time: formatMessageTime(message.createdAt) })
            }
          />
        )}
      </div>
    </li>
  );
}

/** The product's note in the conversation (how the request ended): centred, from neither side. */
function SystemNote({ message, viewerSide }: { message: Message; viewerSide: ViewerSide }) {
  const t = useT();
  const translateText = useTranslateText();
  return (
    <li className="flex justify-center" data-testid="message">
      <div className="flex max-w-[90%] flex-col items-center gap-1 rounded-md bg-slate-100 px-3 py-2 text-center text-sm text-slate-800 ring-1 ring-slate-200">
        <p className="whitespace-pre-wrap break-words">
          <span className="sr-only">{t('messages.thread.noteFrom')} </span>
          {/* The server's own notes are English sentences; their translation is found by their words. */}
          {translateText(systemNoteText(t, message, viewerSide))}
        </p>
        <time dateTime={message.createdAt} className="text-xs text-slate-600">
          {formatMessageTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}

/** "See earlier versions": the offer's other versions, fetched when first unfolded. */
function EarlierVersions({ quoteId, companyId, offerId }: { quoteId: number; companyId: number; offerId: number }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const history = useOfferHistory(quoteId, companyId, { enabled: isOpen });
  const earlier = (history.data?.versions ?? []).filter((version) => version.id !== offerId);
  // Unfolded at the foot of a scrolling thread, the list would open out of sight.
  const listRef = useRef<HTMLDivElement>(null);
  const isShown = isOpen && history.isSuccess;
  useEffect(() => {
    if (isShown) listRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isShown]);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setOpen((open) => !open)}
        className="flex w-fit items-center gap-1 rounded text-xs font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <ChevronRight className={cn('size-3.5 transition-transform', isOpen && 'rotate-90')} aria-hidden />
        {isOpen ? t('messages.thread.hideEarlierVersions') : t('messages.thread.seeEarlierVersions')}
      </button>
      <div id={listId} ref={listRef} hidden={!isOpen}>
        {isOpen &&
          (history.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : history.isError ? (
            <p role="alert" className="text-xs text-red-700">
              {errorMessage(history.error, t('messages.thread.earlierVersionsFailed'))}
            </p>
          ) : (
            <OfferVersions versions={earlier} />
          ))}
      </div>
    </div>
  );
}

/** A message that made, revised or withdrew an offer: the offer card, with the note sent with it. */
function OfferMessage({
  message,
  isOwn,
  laterChange,
  showsHistory,
}: {
  message: Message & { offer: NonNullable<Message['offer']> };
  isOwn: boolean;
  /** What a newer offer message did since (null: this is the newest). */
  laterChange: LaterChange | null;
  /** The newest offer message of a revised offer: it can unfold the earlier versions. */
  showsHistory: boolean;
}) {
  const t = useT();
  return (
    <li className={cn('flex', isOwn ? 'justify-end' : 'justify-start')} data-testid="message">
      <div className="flex w-full max-w-[85%] flex-col gap-1 sm:max-w-[24rem]">
        <span className="sr-only">{isOwn ? t('messages.thread.youSentOffer') : t('messages.thread.companySentOffer')}</span>
        <OfferCard offer={message.offer} event={message.event} laterChange={laterChange} isOwn={isOwn}>
          {message.message && (
            <p className="whitespace-pre-wrap break-words border-t border-slate-200 pt-2 text-slate-900">{message.message}</p>
          )}
          {showsHistory && <EarlierVersions quoteId={message.quoteId} companyId={message.companyId} offerId={message.offer.id} />}
        </OfferCard>
        <time dateTime={message.createdAt} className={cn('text-xs text-slate-600', isOwn && 'text-end')}>
          {formatMessageTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}

/** For each offer message, what the next one did to the offer: revised it or withdrew it (none for the newest). */
function laterChangesOf(messages: Message[]): Map<number, LaterChange> {
  const changes = new Map<number, LaterChange>();
  let next: Message | undefined;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (!message.offer) continue;
    if (next) changes.set(message.id, next.event === 'offer_withdrawn' ? 'withdrawn' : 'revised');
    next = message;
  }
  return changes;
}

/**
 * Shows the newest message by scrolling the box the thread scrolls in, never the page: scrolling
 * the page would open a screen at its conversation, past everything above it (on a phone, past
 * the offers to compare). Where the thread has no box of its own, nothing moves.
 */
function scrollBoxToEnd(end: HTMLElement) {
  for (let box = end.parentElement; box && box !== document.body; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) {
      box.scrollTop = box.scrollHeight;
      return;
    }
  }
}

const hasOffer = (message: Message): message is Message & { offer: NonNullable<Message['offer']> } => message.offer !== null;

export function MessageThread({
  quoteId,
  companyId,
  viewerSide,
  closed = false,
}: {
  quoteId: number;
  companyId: number;
  viewerSide: ViewerSide;
  /** The conversation takes no messages (the company declined the request): the empty state does not invite one. */
  closed?: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const thread = useMessages(quoteId, companyId);
  const markRead = useMarkMessagesRead();
  const endRef = useRef<HTMLDivElement>(null);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);

  const messages = useMemo(() => thread.data ?? [], [thread.data]);
  const otherSide: ViewerSide = viewerSide === 'user' ? 'company' : 'user';
  // The newest unread message from the other side; each one is marked read once, so a refetch
  // still under way after marking does not send the call again.
  const newestUnread = messages.findLast((message) => message.senderType === otherSide && !message.isRead)?.id;
  const markedUpTo = useRef(0);
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (newestUnread === undefined || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    mark({ quoteId, companyId });
  }, [newestUnread, mark, quoteId, companyId]);

  const refresh = (data: { quoteId: number; companyId: number }) => {
    if (data.quoteId === quoteId && data.companyId === companyId) {
      void queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions(quoteId, companyId).queryKey });
    }
  };
  useRealtimeEvent('new_message', refresh);
  useRealtimeEvent('message_moderated', refresh);
  useRealtimeEvent('message_read', refresh);

  // Only the newest offer message says how long the offer stands; earlier ones were replaced.
  const newestOffer = messages.findLast(hasOffer);
  const laterChanges = useMemo(() => laterChangesOf(messages), [messages]);

  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId !== undefined && endRef.current) scrollBoxToEnd(endRef.current);
  }, [lastId]);

  const images: (LightboxImage & { messageId: number })[] = useMemo(
    () =>
      messages
        .filter((message) => message.imageUrl)
        .map((message, i) => ({
          key: message.id,
          messageId: message.id,
          src: message.imageUrl!,
          label: message.message?.trim()
            ? t('messages.thread.imageLabelWithText', { position: i + 1, text: message.message.trim().slice(0, 60) })
            : t('messages.thread.imageLabel', { position: i + 1 }),
        })),
    [messages, t],
  );

  if (thread.isPending) return <ThreadSkeleton />;
  if (thread.isError) {
    return (
      <div className="p-4">
        <Alert variant="error" title={t('messages.thread.errorTitle')}>
          {errorMessage(thread.error, t('messages.thread.loadFailed'))}
        </Alert>
      </div>
    );
  }
  if (messages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
        <MessagesSquare className="size-10 text-slate-500" aria-hidden />
        <p className="font-medium text-slate-900">{t('messages.thread.empty')}</p>
        {!closed && <p className="text-sm text-slate-700">{t('messages.thread.emptyHint')}</p>}
      </div>
    );
  }

  return (
    <>
      <ol
        className="flex flex-col gap-3 p-4"
        aria-label={t('messages.thread.label')}
        aria-live="polite"
        aria-relevant="additions"
      >
        {messages.map((message) =>
          message.senderType === 'system' ? (
            <SystemNote key={message.id} message={message} viewerSide={viewerSide} />
          ) : hasOffer(message) ? (
            <OfferMessage
              key={message.id}
              message={message}
              isOwn={message.senderType === viewerSide}
              laterChange={laterChanges.get(message.id) ?? null}
              showsHistory={message.id === newestOffer?.id && message.offer.version > 1}
            />
          ) : (
            <MessageBubble
              key={message.id}
              message={message}
              isOwn={message.senderType === viewerSide}
              onOpenImage={() => setLightboxIndex(images.findIndex((image) => image.messageId === message.id))}
            />
          ),
        )}
      </ol>
      <div ref={endRef} />
      <ImageLightbox
        images={images}
        index={lightboxIndex}
        onIndexChange={setLightboxIndex}
        onClose={() => setLightboxIndex(null)}
      />
    </>
  );
}
