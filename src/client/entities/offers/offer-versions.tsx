/** The versions an offer went through, newest first: what changed is there for both sides to see. */
import { formatDate } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import type { Offer } from '@/shared/schemas/offers';
import { OFFER_KIND_KEYS, offerPrice, useMoneySettings } from './offer-money';

export function OfferVersions({ versions, label }: { versions: Offer[]; label?: string }) {
  const t = useT();
  const { locale } = useMoneySettings();
  if (versions.length === 0) return <p className="text-xs text-slate-700">{t('quotes.offerVersions.none')}</p>;
  return (
    <ol aria-label={label ?? t('quotes.offerVersions.label')} className="flex flex-col gap-2">
      {versions.map((version) => (
        <li key={version.id} className="rounded-md border border-slate-200 bg-slate-50 px-2.5 py-2 text-xs text-slate-800">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{t('quotes.offerVersions.version', { version: version.version })}</span>
            <span>{t(OFFER_KIND_KEYS[version.kind])}</span>
            <span className="font-medium tabular-nums">{offerPrice(version, locale, t)}</span>
          </p>
          <p className="text-slate-700">
            {version.withdrawnAt
              ? t('quotes.offerVersions.sentWithdrawn', {
                  sent: formatDate(version.createdAt),
                  withdrawn: formatDate(version.withdrawnAt),
                })
              : t('quotes.offerVersions.sent', { sent: formatDate(version.createdAt) })}
          </p>
          {version.includes && <p className="mt-1 whitespace-pre-wrap break-words">{version.includes}</p>}
        </li>
      ))}
    </ol>
  );
}
