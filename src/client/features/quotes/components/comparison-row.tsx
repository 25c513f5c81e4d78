/**
 * The pieces of one company's reply in the customer's comparison: its standing offer, its record
 * (reviews, hires here, usual reply time) and where the conversation stands. The table (wide
 * screens) and the cards (phones) show the same pieces, so both read alike.
 */
import { Link } from 'react-router';
import { ScrollRegion } from '@/client/components/scroll-region';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { hireCountText } from '@/client/entities/companies/hire-count';
import { replyTimeText } from '@/client/entities/companies/reply-time';
import { offerPrice, useMoneySettings } from '@/client/entities/offers/offer-money';
import { formatDate, formatDuration } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import type { ComparisonRow, QuoteOutcome } from '@/shared/schemas/hires';
import { RESPONSE_STATUS_KEYS } from '../lib/quote-words';

type Translate = ReturnType<typeof useT>;

/** "Revised once", "Revised 3 times": the versions after the first. */
export function revisionText(versions: number, t: Translate): string | null {
  const revisions = versions - 1;
  if (revisions <= 0) return null;
  return t('quotes.comparison.revised', { count: revisions });
}

/** The price in the deployment's locale, what it includes, how long it holds, and its revisions. */
export function OfferSummary({ row }: { row: ComparisonRow }) {
  const t = useT();
  const { locale } = useMoneySettings();
  const { offer } = row;
  if (!offer) {
    return (
      <p className="text-sm text-slate-700">
        {row.offerVersions > 0 ? t('quotes.offer.headingWithdrawn') : t('quotes.comparison.noPrice')}
      </p>
    );
  }
  const revised = revisionText(row.offerVersions, t);
  return (
    <div className="grid gap-1">
      <p className="text-base font-semibold text-slate-900">{offerPrice(offer, locale, t)}</p>
      {offer.includes && (
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">
          {t('quotes.comparison.includes', { includes: offer.includes })}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
        {offer.expired ? (
          <Badge variant="warning">{t('quotes.offer.expired')}</Badge>
        ) : (
          <span>
            <Message
              id="quotes.comparison.validUntil"
              values={{ date: formatDate(offer.validUntil) }}
              parts={{ 0: <time dateTime={offer.validUntil} /> }}
            />
          </span>
        )}
        {revised && <span>{revised}</span>}
      </p>
    </div>
  );
}

export const hiresText = (count: number, t: Translate) => hireCountText(count, t) ?? t('quotes.comparison.noHires');
/**
 * How fast the company answered this request, and how fast it usually answers when it has answered
 * enough requests to say ("Replied to you in 40 min", "Usually replies within 3 hours").
 */
export function ReplyTimes({ row }: { row: ComparisonRow }) {
  const t = useT();
  const usual = replyTimeText(row.replyMedianMinutes, t);
  return (
    <span className="grid gap-0.5">
      <span>
        {row.firstReplyMinutes === null
          ? t('quotes.comparison.noReply')
          : t('quotes.comparison.repliedIn', { duration: formatDuration(row.firstReplyMinutes) })}
      </span>
      {usual && <span className="text-xs text-slate-600">{usual}</span>}
    </span>
  );
}

export function ResponseStatus({ row, outcome }: { row: ComparisonRow; outcome: QuoteOutcome | null }) {
  const t = useT();
  if (outcome?.hiredCompany?.id === row.company.id) return <Badge variant="success">{t('quotes.comparison.hired')}</Badge>;
  return <Badge variant={row.response === 'replied' ? 'outline' : 'secondary'}>{t(RESPONSE_STATUS_KEYS[row.response])}</Badge>;
}

export function CompanyName({ row, className }: { row: ComparisonRow; className?: string }) {
  return (
    <Link
      to={`/companies/${row.company.id}`}
      className={cn(
        'rounded-sm font-semibold text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
        className,
      )}
    >
      {row.company.name}
    </Link>
  );
}

export function HireButton({
  row,
  onHire,
  className,
}: {
  row: ComparisonRow;
  onHire(row: ComparisonRow): void;
  className?: string;
}) {
  if (!row.canHire) return null;
  return (
    <Button size="sm" className={className} onClick={() => onHire(row)}>
      <Message
        id="quotes.comparison.hireButton"
        values={{ name: row.company.name }}
        parts={{ 0: <span className="sr-only" /> }}
      />
    </Button>
  );
}

interface RowsProps {
  rows: ComparisonRow[];
  outcome: QuoteOutcome | null;
  onHire(row: ComparisonRow): void;
}

const th = 'px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-3 align-top';

/** Wide screens: one table row per company that replied, its columns to compare across. */
export function ComparisonTable({ rows, outcome, onHire }: RowsProps) {
  const t = useT();
  const canHireAny = rows.some((row) => row.canHire);
  return (
    <ScrollRegion label={t('quotes.comparison.label')} className="rounded-md border border-slate-200">
      <table className="w-full min-w-[56rem] border-collapse text-sm text-slate-800">
        <caption className="sr-only">{t('quotes.comparison.caption')}</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              {t('quotes.comparison.company')}
            </th>
            <th scope="col" className={cn(th, 'w-[30%]')}>
              {t('quotes.offer.headingMade')}
            </th>
            <th scope="col" className={th}>
              {t('quotes.comparison.reviews')}
            </th>
            <th scope="col" className={th}>
              {t('quotes.comparison.hires')}
            </th>
            <th scope="col" className={th}>
              {t('quotes.comparison.replyTime')}
            </th>
            <th scope="col" className={th}>
              {t('quotes.statusPanel.status')}
            </th>
            {canHireAny && (
              <th scope="col" className={th}>
                <span className="sr-only">{t('quotes.comparison.hire')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.company.id} className="border-b border-slate-200 last:border-b-0">
              <th scope="row" className={cn(td, 'text-start font-normal')}>
                <CompanyName row={row} />
              </th>
              <td className={td}>
                <OfferSummary row={row} />
              </td>
              <td className={td}>
                <StarRatingDisplay value={row.averageRating} count={row.ratingsCount} size={14} />
              </td>
              <td className={td}>{hiresText(row.hireCount, t)}</td>
              <td className={td}>
                <ReplyTimes row={row} />
              </td>
              <td className={td}>
                <ResponseStatus row={row} outcome={outcome} />
              </td>
              {canHireAny && (
                <td className={cn(td, 'text-end')}>
                  <HireButton row={row} onHire={onHire} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Phones: one card per company that replied, the same facts in a list of terms. */
export function ComparisonCards({ rows, outcome, onHire }: RowsProps) {
  const t = useT();
  return (
    <ul aria-label={t('quotes.comparison.label')} className="grid gap-3">
      {rows.map((row) => (
        <li key={row.company.id}>
          <article
            aria-labelledby={`comparison-card-${row.company.id}`}
            className="grid gap-3 rounded-md border border-slate-200 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 id={`comparison-card-${row.company.id}`} className="min-w-0 break-words text-base">
                <CompanyName row={row} />
              </h3>
              <ResponseStatus row={row} outcome={outcome} />
            </div>
            <OfferSummary row={row} />
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-slate-600">{t('quotes.comparison.reviews')}</dt>
              <dd>
                <StarRatingDisplay value={row.averageRating} count={row.ratingsCount} size={14} />
              </dd>
              <dt className="text-slate-600">{t('quotes.comparison.hires')}</dt>
              <dd className="text-slate-800">{hiresText(row.hireCount, t)}</dd>
              <dt className="text-slate-600">{t('quotes.comparison.replyTime')}</dt>
              <dd className="text-slate-800">
                <ReplyTimes row={row} />
              </dd>
            </dl>
            <HireButton row={row} onHire={onHire} className="h-10 w-full text-sm" />
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The companies that have not replied (or said they are not interested): no offer to compare yet. */
export function WaitingList({ rows }: { rows: ComparisonRow[] }) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <h3 id="comparison-waiting" className="text-sm font-semibold text-slate-900">
        {t('quotes.comparison.waitingHeading')}
      </h3>
      <ul className="grid gap-1.5 text-sm" aria-labelledby="comparison-waiting">
        {rows.map((row) => (
          <li key={row.company.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
            <CompanyName row={row} className="font-medium" />
            <span className="text-slate-700">{t(RESPONSE_STATUS_KEYS[row.response])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
