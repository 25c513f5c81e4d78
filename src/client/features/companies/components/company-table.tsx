import { ScrollRegion } from '@/client/components/scroll-region';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Checkbox } from '@/client/components/ui/checkbox';
import { cn } from '@/client/components/ui/cn';
import type { Company } from '@/shared/schemas/company';
import { companyHref, FavoriteButton, type CompanyLinkSource } from './company-card';
import { CompanyLogo } from './company-logo';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { CredentialBadges } from '@/client/entities/companies/credential-badges';
import { HireCount } from '@/client/entities/companies/hire-count';
import { useT } from '@/client/lib/i18n';
import { distanceText, notTakingRequestsText } from '../lib/listing-text';

export interface CompanyTableProps {
  companies: Company[];
  isFavorite(companyId: number): boolean;
  onToggleFavorite(companyId: number): void;
  /** Present when the listing lets the user pick companies for a quote. */
  selection?: { isSelected(companyId: number): boolean; onToggle(company: Company): void };
  from?: CompanyLinkSource;
  /** Read by screen readers only; describes what the table lists ("Companies" without one). */
  caption?: string;
}

const th = 'px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-3 align-top';

/** The Table view of a listing: a real HTML table, so assistive technology reads rows and columns. Scrolls sideways on phones. */
export function CompanyTable({
  companies,
  isFavorite,
  onToggleFavorite,
  selection,
  from,
  caption: givenCaption,
}: CompanyTableProps) {
  const t = useT();
  const caption = givenCaption ?? t('companies.table.caption');
  return (
    <ScrollRegion label={caption} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[44rem] border-collapse text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-200">
            {selection && (
              <th scope="col" className={cn(th, 'w-12')}>
                {t('companies.listing.select')}
              </th>
            )}
            <th scope="col" className={th}>
              {t('companies.table.company')}
            </th>
            <th scope="col" className={th}>
              {t('companies.table.rating')}
            </th>
            <th scope="col" className={th}>
              {t('companies.table.location')}
            </th>
            <th scope="col" className={th}>
              {t('companies.listing.services')}
            </th>
            <th scope="col" className={cn(th, 'w-16 text-center')}>
              {t('companies.table.favorite')}
            </th>
          </tr>
        </thead>
        <tbody>
          {companies.map((company) => {
            const selected = selection?.isSelected(company.id) ?? false;
            return (
              <tr
                key={company.id}
                data-selected={selected || undefined}
                className={cn(
                  'border-b border-slate-200 last:border-b-0',
                  !company.isActive ? 'bg-red-50' : selected ? 'bg-blue-50' : 'hover:bg-slate-50',
                )}
              >
                {selection && (
                  <td className={cn(td, 'pt-4')}>
                    <Checkbox
                      className="size-5"
                      checked={selected}
                      onCheckedChange={() => selection.onToggle(company)}
                      aria-label={t('companies.listing.selectNamed', { name: company.name })}
                      // A paused company cannot be picked for a new quote; the note says why.
                      disabled={!company.takingRequests && !selected}
                      aria-describedby={company.takingRequests ? undefined : `paused-${company.id}`}
                    />
                  </td>
                )}
                <td className={cn(td, 'min-w-52')}>
                  <div className="flex items-start gap-3">
                    <CompanyLogo company={company} size={36} />
                    <div className="min-w-0">
                      <Link
                        to={companyHref(company.id, from)}
                        className="rounded-sm font-semibold text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                      >
                        {company.name}
                      </Link>
                      {!company.takingRequests && (
                        <p id={`paused-${company.id}`} className="mt-1 text-xs font-medium text-amber-800">
                          {notTakingRequestsText(t, company.returnsOn)}
                        </p>
                      )}
                      {(company.isPremium && company.isActive) || !company.isActive ? (
                        <div className="mt-1 flex flex-wrap gap-1">
                          {company.isPremium && company.isActive && (
                            <Badge variant="warning" className="font-semibold tracking-wide">
                              {t('companies.listing.premium')}
                            </Badge>
                          )}
                          {!company.isActive && <Badge variant="destructive">{t('companies.listing.inactive')}</Badge>}
                        </div>
                      ) : null}
                    </div>
                  </div>
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <StarRatingDisplay value={company.averageRating} count={company.ratingsCount} size={14} />
                  <HireCount count={company.hireCount} className="mt-1" />
                  <CredentialBadges badges={company.credentialBadges} className="mt-1" />
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <span>{[company.city, company.state].filter(Boolean).join(', ')}</span>
                  {company.distanceMiles != null && (
                    <span className="block text-xs text-slate-700">{distanceText(t, company.distanceMiles)}</span>
                  )}
                </td>
                <td className={td}>
                  <span className="line-clamp-2">{company.subcategories.map((sub) => sub.name).join(', ')}</span>
                </td>
                <td className={cn(td, 'text-center')}>
                  <FavoriteButton company={company} isFavorite={isFavorite(company.id)} onToggle={onToggleFavorite} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
