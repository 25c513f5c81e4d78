/**
 * An offer as both sides see it: what kind of price, the price in the product's currency, what it
 * includes and until when it stands. The conversation shows one per offer message; the customer's
 * comparison shows the standing one.
 */
import type { ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { cn } from '@/client/components/ui/cn';
import { formatDate } from '@/client/lib/format';
import { useT, type MessageKey } from '@/client/lib/i18n';
import type { Offer } from '@/shared/schemas/offers';
import type { MessageEventKind } from '@/shared/schemas/quote';
import { OFFER_KIND_KEYS, offerPrice, useMoneySettings } from './offer-money';

type Translate = ReturnType<typeof useT>;

/** What became of an offer after its message: a later version, or its withdrawal. */
export type LaterChange = 'revised' | 'withdrawn';

/** What happened to the offer: made, revised or withdrawn. */
export type OfferStage = 'made' | 'revised' | 'withdrawn';

/** The offer's stage: its message's event, else what the offer itself says. */
export function offerStage(offer: Pick<Offer, 'version' | 'withdrawnAt'>, event?: MessageEventKind | null): OfferStage {
  if (event === 'offer_withdrawn' || (!event && offer.withdrawnAt)) return 'withdrawn';
  if (event === 'offer_revised' || (!event && offer.version > 1)) return 'revised';
  return 'made';
}

const OFFER_HEADINGS: Record<OfferStage, MessageKey> = {
  made: 'quotes.offer.headingMade',
  revised: 'quotes.offer.headingRevised',
  withdrawn: 'quotes.offer.headingWithdrawn',
};

/** What happened to the offer, in a word ("Offer", "Revised offer", "Offer withdrawn"). */
export function offerHeading(
  offer: Pick<Offer, 'version' | 'withdrawnAt'>,
  t: Translate,
  event?: MessageEventKind | null,
): string {
  return t(OFFER_HEADINGS[offerStage(offer, event)]);
}

/** Until when the offer stands, or why it no longer does. */
export function offerValidityText(
  offer: Pick<Offer, 'validUntil' | 'expired' | 'withdrawnAt'>,
  t: Translate,
  { isWithdrawal = false, laterChange = null }: { isWithdrawal?: boolean; laterChange?: LaterChange | null } = {},
): string {
  if (isWithdrawal) {
    return offer.withdrawnAt
      ? t('quotes.offer.withdrawnOn', { date: formatDate(offer.withdrawnAt) })
      : t('quotes.offer.withdrawn');
  }
  if (laterChange === 'withdrawn') return t('quotes.offer.withdrawnSince');
  if (laterChange === 'revised') return t('quotes.offer.replaced');
  if (offer.expired) return t('quotes.offer.expired');
  return t('quotes.offer.validUntil', { date: formatDate(offer.validUntil) });
}

export interface OfferCardProps {
  offer: Offer;
  /** The message's event, in a conversation; none where the standing offer is shown alone. */
  event?: MessageEventKind | null;
  /** In a conversation, an offer message followed by a newer one: its validity no longer matters. */
  laterChange?: LaterChange | null;
  /** The viewer's own offer (the company's side): a blue edge, as its own messages are blue. */
  isOwn?: boolean;
  className?: string;
  /** Under the offer: the note sent with it, earlier versions, the time. */
  children?: ReactNode;
}

export function OfferCard({ offer, event, laterChange = null, isOwn = false, className, children }: OfferCardProps) {
  const t = useT();
  const { locale } = useMoneySettings();
  const isWithdrawal = offerStage(offer, event) === 'withdrawn';
  const heading = offerHeading(offer, t, event);
  const validity = offerValidityText(offer, t, { isWithdrawal, laterChange });
  const isStanding = !isWithdrawal && !laterChange && !offer.expired;
  return (
    <div
      data-testid="offer-card"
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-white p-3 text-sm text-slate-900 shadow-sm',
        isOwn ? 'border-blue-300' : 'border-slate-300',
        isWithdrawal && 'border-dashed bg-slate-50',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">{heading}</p>
        <Badge variant="outline">{t(OFFER_KIND_KEYS[offer.kind])}</Badge>
      </div>
      <p className={cn('text-xl font-semibold tabular-nums', isWithdrawal && 'text-slate-600 line-through')}>
        {isWithdrawal && <span className="sr-only">{t('quotes.offer.was')}</span>}
        {offerPrice(offer, locale, t)}
      </p>
      {offer.includes && (
        <div>
          <p className="text-xs font-medium text-slate-700">{t('quotes.offer.includesHeading')}</p>
          <p className="whitespace-pre-wrap break-words text-slate-800">{offer.includes}</p>
        </div>
      )}
      <p className={cn('text-xs', isStanding ? 'text-slate-700' : 'font-medium text-slate-700')}>
        {offer.expired && !isWithdrawal && !laterChange ? <Badge variant="warning">{validity}</Badge> : validity}
      </p>
      {children}
    </div>
  );
}
