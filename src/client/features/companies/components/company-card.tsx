import MapPin from 'lucide-react/icons/map-pin';
import Star from 'lucide-react/icons/star';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { buttonVariants } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { cn } from '@/client/components/ui/cn';
import type { Company } from '@/shared/schemas/company';
import { FallbackImage } from '@/client/components/fallback-image';
import { CompanyLogo } from './company-logo';
import { CredentialBadges } from '@/client/entities/companies/credential-badges';
import { HireCount } from '@/client/entities/companies/hire-count';
import { ReplyTime } from '@/client/entities/companies/reply-time';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { Message, useT } from '@/client/lib/i18n';
import { distanceText, notTakingRequestsText } from '../lib/listing-text';

export type CompanyLinkSource = 'search' | 'category';

/** The detail page; `?from=search` lets its breadcrumb lead back to the results. */
export function companyHref(companyId: number, from?: CompanyLinkSource): string {
  return from === 'search' ? `/companies/${companyId}?from=search` : `/companies/${companyId}`;
}

/** The grid the cards are designed for: one column on phones, up to three on desktop. */
export const companyGridClassName = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

export interface FavoriteButtonProps {
  company: Pick<Company, 'id' | 'name'>;
  isFavorite: boolean;
  onToggle(companyId: number): void;
  className?: string;
}

/** The favourite star. Its accessible name always contains "favorite", so it can be found by name whatever its state. */
export function FavoriteButton({ company, isFavorite, onToggle, className }: FavoriteButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={
        isFavorite
          ? t('companies.favorite.removeNamed', { name: company.name })
          : t('companies.favorite.addNamed', { name: company.name })
      }
      title={isFavorite ? t('companies.favorite.remove') : t('companies.favorite.add')}
      onClick={() => onToggle(company.id)}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
        isFavorite ? 'text-amber-600 hover:bg-amber-50' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      <Star className={cn('size-5', isFavorite && 'fill-amber-400')} aria-hidden />
    </button>
  );
}

export interface CompanyCardProps {
  company: Company;
  isFavorite: boolean;
  onToggleFavorite(companyId: number): void;
  /** Present when the listing lets the user pick companies for a quote. */
  selection?: { isSelected: boolean; onToggle(company: Company): void };
  from?: CompanyLinkSource;
  /** Heading level of the company name, so the page outline stays correct (h2 under a page h1). */
  headingLevel?: 'h2' | 'h3';
}

function Banner({ company }: { company: Company }) {
  // Cards show the small WebP rendition; the display size is for the company page.
  const imageUrl = company.firstImage?.thumbnailUrl ?? company.firstImage?.objectUrl;
  if (!imageUrl) {
    // No photo yet: a soft gradient named after the category keeps cards the same height.
    return (
      <div className="flex h-24 items-center justify-center bg-linear-to-br from-blue-50 via-sky-50 to-indigo-100 px-4">
        <span className="truncate text-sm font-medium text-slate-700">{company.categoryName}</span>
      </div>
    );
  }
  return (
    <FallbackImage
      src={imageUrl}
      alt=""
      loading="lazy"
      decoding="async"
      className="h-24 w-full bg-slate-100 object-cover"
      fallbackClassName="object-contain p-4"
    />
  );
}

/** A company in a grid listing. */
export function CompanyCard({
  company,
  isFavorite,
  onToggleFavorite,
  selection,
  from,
  headingLevel: Heading = 'h2',
}: CompanyCardProps) {
  const t = useT();
  const headingId = useId();
  const checkboxId = useId();
  const href = companyHref(company.id, from);
  const showPremium = company.isPremium && company.isActive;
  const location = [company.address, company.city, [company.state, company.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <article
      aria-labelledby={headingId}
      data-selected={selection?.isSelected || undefined}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-lg border bg-white text-slate-900 shadow-sm transition-shadow hover:shadow-md',
        company.isActive ? 'border-slate-200' : 'border-red-300 bg-red-50',
        selection?.isSelected && 'ring-2 ring-blue-600 ring-offset-1',
      )}
    >
      <div className="relative">
        <Banner company={company} />
        {showPremium && (
          <Badge variant="warning" className="absolute start-2 top-2 font-semibold tracking-wide shadow-sm">
            {t('companies.listing.premium')}
          </Badge>
        )}
        <FavoriteButton
          company={company}
          isFavorite={isFavorite}
          onToggle={onToggleFavorite}
          className="absolute end-2 top-2 bg-white/95 shadow-sm"
        />
      </div>
      {!company.isActive && (
        <p className="bg-red-700 px-4 py-1 text-center text-xs font-semibold uppercase tracking-wide text-white">
          {t('companies.listing.inactiveBusiness')}
        </p>
      )}

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <CompanyLogo company={company} size={48} />
          <div className="min-w-0 flex-1">
            <Heading id={headingId} className="text-base font-semibold leading-snug">
              <Link
                to={href}
                className="rounded-sm text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
              >
                {company.name}
              </Link>
            </Heading>
            <StarRatingDisplay value={company.averageRating} count={company.ratingsCount} size={14} className="mt-1" />
            <ReplyTime minutes={company.replyMedianMinutes} className="mt-1" />
            <HireCount count={company.hireCount} className="mt-1" />
            <CredentialBadges badges={company.credentialBadges} className="mt-1.5" />
          </div>
        </div>

        {company.description && <p className="line-clamp-3 text-sm text-slate-700">{company.description}</p>}

        {company.subcategories.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('companies.listing.services')}>
            {company.subcategories.map((sub) => (
              <li key={sub.id}>
                <Badge variant="secondary">{sub.name}</Badge>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-auto flex flex-col gap-1 text-sm text-slate-700">
          {location && (
            <p className="flex items-start gap-1.5">
              <MapPin className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
              <span className="min-w-0 break-words">{location}</span>
            </p>
          )}
          {company.distanceMiles != null && (
            <p className="ps-5.5 font-medium text-slate-800">{distanceText(t, company.distanceMiles)}</p>
          )}
          {!company.takingRequests && (
            <p id={`${checkboxId}-paused`} className="font-medium text-amber-800">
              {notTakingRequestsText(t, company.returnsOn)}
            </p>
          )}
        </div>

        <div className="flex items-center gap-3">
          {selection && (
            <div className="flex shrink-0 items-center gap-2">
              <Checkbox
                id={checkboxId}
                className="size-5"
                checked={selection.isSelected}
                onCheckedChange={() => selection.onToggle(company)}
                aria-label={t('companies.listing.selectNamed', { name: company.name })}
                // A paused company cannot be picked for a new quote; the note says why.
                disabled={!company.takingRequests && !selection.isSelected}
                aria-describedby={company.takingRequests ? undefined : `${checkboxId}-paused`}
              />
              {/* The visible word is part of the accessible name "Select {name}" (label in name). */}
              <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium text-slate-800">
                {t('companies.listing.select')}
              </label>
            </div>
          )}
          <Link to={href} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'flex-1' })}>
            <Message
              id="companies.card.viewDetails"
              values={{ name: company.name }}
              parts={{ 0: <span className="sr-only" /> }}
            />
          </Link>
        </div>
      </div>
    </article>
  );
}
