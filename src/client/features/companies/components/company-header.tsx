import { Link } from 'react-router';
import Share2 from 'lucide-react/icons/share-2';
import Star from 'lucide-react/icons/star';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { notify } from '@/client/lib/notify';
import type { Company } from '@/shared/schemas/company';
import { CompanyLogo } from './company-logo';
import { CredentialBadges } from '@/client/entities/companies/credential-badges';
import { HireCount } from '@/client/entities/companies/hire-count';
import { ReplyTime } from '@/client/entities/companies/reply-time';
import { useT } from '@/client/lib/i18n';
import { notTakingRequestsText } from '../lib/listing-text';

function ShareButton({ company }: { company: Company }) {
  const t = useT();
  const onShare = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: company.name, text: company.description, url });
      } catch (error) {
        // Closing the share sheet rejects with AbortError: nothing to report.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('share failed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('companies.header.linkCopied'));
    } catch (error) {
      console.warn('clipboard unavailable', error);
      notify.error(t('companies.header.copyFailed'), url);
    }
  };
  return (
    <Button variant="outline" onClick={onShare}>
      <Share2 aria-hidden />
      {t('companies.header.share')}
    </Button>
  );
}

export interface CompanyHeaderProps {
  company: Company;
  isFavorite: boolean;
  onToggleFavorite(companyId: number): void;
}

/** The company page's header: logo, name, badges, rating, reply time, hires, services, favourite and share. */
export function CompanyHeader({ company, isFavorite: favorite, onToggleFavorite }: CompanyHeaderProps) {
  const t = useT();
  return (
    <header
      className={cn(
        'rounded-lg border bg-white p-4 shadow-sm sm:p-6',
        company.isActive ? 'border-slate-200' : 'border-red-300 bg-red-50',
      )}
    >
      <div className="flex flex-wrap items-start gap-4">
        <CompanyLogo company={company} size={72} className="rounded-lg" />
        <div className="min-w-0 flex-1 basis-52">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{company.name}</h1>
            {!company.isActive && <Badge variant="destructive">{t('companies.listing.inactive')}</Badge>}
            {!company.takingRequests && <Badge variant="warning">{notTakingRequestsText(t, company.returnsOn)}</Badge>}
            {company.isPremium && company.isActive && (
              // What the badge means is one rule of placement, published on how ranking works.
              <Link
                to="/how-it-works#rules-ranking"
                className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                title={t('companies.header.premiumTitle')}
              >
                <Badge variant="warning" className="font-semibold tracking-wide underline decoration-dotted underline-offset-2">
                  {t('companies.listing.premium')}
                </Badge>
                <span className="sr-only">{t('companies.header.premiumHow')}</span>
              </Link>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-700">{company.categoryName}</p>
          <a
            href="#reviews"
            className="mt-2 inline-flex rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
          >
            <StarRatingDisplay value={company.averageRating} count={company.ratingsCount} />
          </a>
          <ReplyTime minutes={company.replyMedianMinutes} className="mt-2 text-sm" />
          <HireCount count={company.hireCount} className="mt-1 text-sm" />
          <CredentialBadges badges={company.credentialBadges} className="mt-2" />
          {company.subcategories.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('companies.listing.services')}>
              {company.subcategories.map((sub) => (
                <li key={sub.id}>
                  <Badge variant="secondary">{sub.name}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-col sm:items-stretch">
          <Button variant="outline" aria-pressed={favorite} onClick={() => onToggleFavorite(company.id)}>
            <Star className={cn(favorite ? 'fill-amber-400 text-amber-600' : 'text-slate-700')} aria-hidden />
            {favorite ? t('companies.header.removeFavorite') : t('companies.header.addFavorite')}
          </Button>
          <ShareButton company={company} />
        </div>
      </div>
    </header>
  );
}

/** Shown above the header of a deactivated company. */
export function CompanyInactiveAlert({ className }: { className?: string }) {
  const t = useT();
  return (
    <Alert variant="error" role="status" title={t('companies.listing.inactiveBusiness')} className={className}>
      {t('companies.header.inactiveText')}
    </Alert>
  );
}
