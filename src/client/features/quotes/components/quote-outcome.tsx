/**
 * How the customer's request ended, at the top of its comparison: the company hired and the offer
 * accepted, or the reason it was closed; after a hire, an invitation to review the company until
 * the customer has.
 */
import { Star } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import { useMoneySettings } from '@/client/entities/offers/offer-money';
import { formatDate } from '@/client/lib/format';
import { PRODUCT_NAME } from '@/shared/constants';
import { CLOSE_REASON_LABELS, type Comparison, type QuoteOutcome } from '@/shared/schemas/hires';
import { offerPriceText } from '@/shared/schemas/offers';

/** The company page's review form, opened on arrival (see the reviews section). */
export const reviewFormHref = (companyId: number) => `/companies/${companyId}?review=write#reviews`;

function outcomeTitle(outcome: QuoteOutcome): string {
  const on = formatDate(outcome.decidedAt, 'long');
  if (outcome.outcome === 'closed') {
    return `You closed this request: ${outcome.closeReason ? CLOSE_REASON_LABELS[outcome.closeReason] : 'Closed'}`;
  }
  return outcome.hiredCompany
    ? `You hired ${outcome.hiredCompany.name} on ${on}`
    : `You hired a company that has since left ${PRODUCT_NAME}, on ${on}`;
}

function AcceptedOffer({ outcome }: { outcome: QuoteOutcome }) {
  const { locale } = useMoneySettings();
  const offer = outcome.acceptedOffer;
  if (!offer) return <p>You hired without a priced offer.</p>;
  return (
    <>
      <p>
        Accepted offer: <strong className="font-semibold">{offerPriceText(offer, locale)}</strong>
      </p>
      {offer.includes && <p className="whitespace-pre-line break-words">Includes: {offer.includes}</p>}
      <p>An offer is an estimate, not a contract: agree the final price and details with the company.</p>
    </>
  );
}

interface Props {
  comparison: Pick<Comparison, 'outcome' | 'reviewInvite'>;
  /** The heading the keyboard is sent to once a hire or close has gone through. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function QuoteOutcomePanel({ comparison, headingRef }: Props) {
  const { outcome, reviewInvite } = comparison;
  if (!outcome) return null;
  return (
    <div className="grid gap-3">
      <Alert variant={outcome.outcome === 'hired' ? 'success' : 'info'}>
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold leading-tight focus:outline-none">
          {outcomeTitle(outcome)}
        </h3>
        {outcome.outcome === 'hired' ? (
          <AcceptedOffer outcome={outcome} />
        ) : (
          <>
            <p>Closed on {formatDate(outcome.decidedAt, 'long')}. The companies were told that the request is closed.</p>
            {outcome.closeNote && <p className="whitespace-pre-line break-words">Your note: {outcome.closeNote}</p>}
          </>
        )}
      </Alert>
      {reviewInvite && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 p-4">
          <p className="text-sm font-medium text-amber-950">How did {reviewInvite.companyName} do?</p>
          <Link to={reviewFormHref(reviewInvite.companyId)} className={buttonVariants({ size: 'sm' })}>
            <Star aria-hidden />
            Write a review<span className="sr-only"> of {reviewInvite.companyName}</span>
          </Link>
        </div>
      )}
    </div>
  );
}
