/**
 * An offer as both sides see it: what kind of price, the price in the product's currency, what it
 * includes and until when it stands. The conversation shows one per offer message; the customer's
 * comparison shows the standing one.
 */
import type { ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { cn } from '@/client/components/ui/cn';
import { formatDate } from '@/client/lib/format';
import { OFFER_KIND_LABELS, offerPriceText, type Offer } from '@/shared/schemas/offers';
import type { MessageEventKind } from '@/shared/schemas/quote';
import { useMoneySettings } from './offer-money';

/** What became of an offer after its message: a later version, or its withdrawal. */
export type LaterChange = 'revised' | 'withdrawn';

/** What happened to the offer, in a word: its message's event, else what the offer itself says. */
export function offerHeading(offer: Pick<Offer, 'version' | 'withdrawnAt'>, event?: MessageEventKind | null): string {
  if (event === 'offer_withdrawn' || (!event && offer.withdrawnAt)) return 'Offer withdrawn';
  if (event === 'offer_revised' || (!event && offer.version > 1)) return 'Revised offer';
  return 'Offer';
}

/** Until when the offer stands, or why it no longer does. */
export function offerValidityText(
  offer: Pick<Offer, 'validUntil' | 'expired' | 'withdrawnAt'>,
  { isWithdrawal = false, laterChange = null }: { isWithdrawal?: boolean; laterChange?: LaterChange | null } = {},
): string {
  if (isWithdrawal) return offer.withdrawnAt ? `Withdrawn on ${formatDate(offer.withdrawnAt)}` : 'Withdrawn';
  if (laterChange === 'withdrawn') return 'Withdrawn since';
  if (laterChange === 'revised') return 'Replaced by a later version';
  if (offer.expired) return 'Expired';
  return `Valid until ${formatDate(offer.validUntil)}`;
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
  const { locale } = useMoneySettings();
  const heading = offerHeading(offer, event);
  const isWithdrawal = heading === 'Offer withdrawn';
  const validity = offerValidityText(offer, { isWithdrawal, laterChange });
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
        <Badge variant="outline">{OFFER_KIND_LABELS[offer.kind]}</Badge>
      </div>
      <p className={cn('text-xl font-semibold tabular-nums', isWithdrawal && 'text-slate-600 line-through')}>
        {isWithdrawal && <span className="sr-only">Was </span>}
        {offerPriceText(offer, locale)}
      </p>
      {offer.includes && (
        <div>
          <p className="text-xs font-medium text-slate-700">What it includes</p>
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
