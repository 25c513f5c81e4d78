/** The versions an offer went through, newest first: what changed is there for both sides to see. */
import { formatDate } from '@/client/lib/format';
import { OFFER_KIND_LABELS, offerPriceText, type Offer } from '@/shared/schemas/offers';
import { useMoneySettings } from './offer-money';

export function OfferVersions({ versions, label = 'Earlier versions of the offer' }: { versions: Offer[]; label?: string }) {
  const { locale } = useMoneySettings();
  if (versions.length === 0) return <p className="text-xs text-slate-700">No earlier versions.</p>;
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {versions.map((version) => (
        <li key={version.id} className="rounded-md border border-slate-200 bg-slate-50 px-2.5 py-2 text-xs text-slate-800">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">Version {version.version}</span>
            <span>{OFFER_KIND_LABELS[version.kind]}</span>
            <span className="font-medium tabular-nums">{offerPriceText(version, locale)}</span>
          </p>
          <p className="text-slate-700">
            Sent {formatDate(version.createdAt)}
            {version.withdrawnAt ? ` · withdrawn ${formatDate(version.withdrawnAt)}` : ''}
          </p>
          {version.includes && <p className="mt-1 whitespace-pre-wrap break-words">{version.includes}</p>}
        </li>
      ))}
    </ol>
  );
}
