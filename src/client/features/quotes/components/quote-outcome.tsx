/**
 * How the customer's request ended, at the top of its comparison: the company hired and the offer
 * accepted, or the reason it was closed; after a hire, an invitation to review the company until
 * the customer has.
 */
import Star from 'lucide-react/icons/star';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import { offerPrice, useMoneySettings } from '@/client/entities/offers/offer-money';
import { formatDate } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import type { Comparison, QuoteOutcome } from '@/shared/schemas/hires';
import { CLOSE_REASON_KEYS } from '../lib/quote-words';

type Translate = ReturnType<typeof useT>;

/** The company page's review form, opened on arrival (see the reviews section). */
export const reviewFormHref = (companyId: number) => `/companies/${companyId}?review=write#reviews`;

function outcomeTitle(outcome: QuoteOutcome, t: Translate): string {
  const date = formatDate(outcome.decidedAt, 'long');
  if (outcome.outcome === 'closed') {
    const reason = outcome.closeReason ? t(CLOSE_REASON_KEYS[outcome.closeReason]) : t('quotes.outcome.closed');
    return t('quotes.outcome.closedTitle', { reason });
  }
  return outcome.hiredCompany
    ? t('quotes.outcome.hiredTitle', { name: outcome.hiredCompany.name, date })
    : t('quotes.outcome.hiredGoneTitle', { date });
}

function AcceptedOffer({ outcome }: { outcome: QuoteOutcome }) {
  const t = useT();
  const { locale } = useMoneySettings();
  const offer = outcome.acceptedOffer;
  if (!offer) return <p>{t('quotes.outcome.noOffer')}</p>;
  return (
    <>
      <p>
        <Message
          id="quotes.outcome.acceptedOffer"
          values={{ price: offerPrice(offer, locale, t) }}
          parts={{ 0: <strong className="font-semibold" /> }}
        />
      </p>
      {offer.includes && (
        <p className="whitespace-pre-line break-words">{t('quotes.comparison.includes', { includes: offer.includes })}</p>
      )}
      <p>{t('quotes.outcome.estimate')}</p>
    </>
  );
}

interface Props {
  comparison: Pick<Comparison, 'outcome' | 'reviewInvite'>;
  /** The heading the keyboard is sent to once a hire or close has gone through. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function QuoteOutcomePanel({ comparison, headingRef }: Props) {
  const t = useT();
  const { outcome, reviewInvite } = comparison;
  if (!outcome) return null;
  return (
    <div className="grid gap-3">
      <Alert variant={outcome.outcome === 'hired' ? 'success' : 'info'}>
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold leading-tight focus:outline-none">
          {outcomeTitle(outcome, t)}
        </h3>
        {outcome.outcome === 'hired' ? (
          <AcceptedOffer outcome={outcome} />
        ) : (
          <>
            <p>{t('quotes.outcome.closedOn', { date: formatDate(outcome.decidedAt, 'long') })}</p>
            {outcome.closeNote && (
              <p className="whitespace-pre-line break-words">{t('quotes.outcome.yourNote', { note: outcome.closeNote })}</p>
            )}
          </>
        )}
      </Alert>
      {reviewInvite && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 p-4">
          <p className="text-sm font-medium text-amber-950">
            {t('quotes.outcome.reviewInvite', { name: reviewInvite.companyName })}
          </p>
          <Link to={reviewFormHref(reviewInvite.companyId)} className={buttonVariants({ size: 'sm' })}>
            <Star aria-hidden />
            <Message
              id="quotes.outcome.writeReview"
              values={{ name: reviewInvite.companyName }}
              parts={{ 0: <span className="sr-only" /> }}
            />
          </Link>
        </div>
      )}
    </div>
  );
}
