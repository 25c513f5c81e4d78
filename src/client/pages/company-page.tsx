import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { useCompany } from '@/client/entities/companies/get-company';
import { recordCompanyView } from '@/client/features/companies/api/record-company-view';
import { CompanyAbout } from '@/client/features/companies/components/company-about';
import { CompanyBreadcrumb } from '@/client/features/companies/components/company-breadcrumb';
import { CompanyContactCard } from '@/client/features/companies/components/company-contact-card';
import { CompanyError, CompanyPageSkeleton } from '@/client/features/companies/components/company-detail-states';
import { CompanyHeader, CompanyInactiveAlert } from '@/client/features/companies/components/company-header';
import { CompanyHours } from '@/client/features/companies/components/company-hours';
import { CompanyPhotos } from '@/client/features/companies/components/company-photos';
import { useFavorites } from '@/client/features/favorites/hooks/use-favorites';
import { ModeratedItemNotice } from '@/client/entities/moderation/moderated-item-notice';
import { ReportButton } from '@/client/entities/moderation/report-button';
import { useCurrentUser } from '@/client/lib/current-user';
import { ReviewsSection } from '@/client/features/ratings/components/reviews-section';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /companies/:id, the company detail page; ?from=search|profile|dashboard shapes the breadcrumb. */
export default function CompanyPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const company = useCompany(id);
  const favorites = useFavorites();
  const { data: user } = useCurrentUser();
  const notFound = company.error instanceof ApiError && company.error.status === 404;
  usePageTitle(
    company.data?.name ??
      (notFound ? t('pages.company.titleNotFound') : company.isError ? t('pages.company.titleError') : t('pages.company.title')),
  );

  // An expected 4xx is shown on screen; the console only gets a warning.
  useEffect(() => {
    if (company.error) console.warn('could not load company', company.error);
  }, [company.error]);

  // The owner's lead log counts page views: once per company per browser session, and only for a
  // company that exists (the beacon's failures are never shown).
  const loadedId = company.data?.id;
  useEffect(() => {
    if (loadedId !== undefined) recordCompanyView(loadedId);
  }, [loadedId]);

  // /companies/1#reviews: the section exists only after the company loads, so scroll then (once).
  const scrolledFor = useRef<string | null>(null);
  const loaded = !!company.data;
  useEffect(() => {
    if (!loaded || hash !== '#reviews' || scrolledFor.current === id) return;
    scrolledFor.current = id;
    requestAnimationFrame(() => document.getElementById('reviews')?.scrollIntoView({ block: 'start' }));
  }, [loaded, hash, id]);

  if (company.isPending) return <CompanyPageSkeleton />;
  if (company.isError) return <CompanyError error={company.error} onRetry={() => void company.refetch()} />;

  const data = company.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <CompanyBreadcrumb company={data} />

      {!data.isActive && <CompanyInactiveAlert className="mt-4" />}

      <div className="mt-4">
        <CompanyHeader
          company={data}
          isFavorite={favorites.isFavorite(data.id)}
          onToggleFavorite={(companyId) => void favorites.toggle(companyId)}
        />
      </div>
      {/*
        The owner reads a moderator's decision on the listing; everyone else may report it (and
        does not ask for their own moderated items, which cannot include this listing).
      */}
      {user && user.id === data.ownerId ? (
        <ModeratedItemNotice itemType="company" itemId={data.id} className="mt-4" />
      ) : (
        <div className="mt-2 flex justify-end">
          <ReportButton itemType="company" itemId={data.id} label={t('pages.company.reportLabel', { name: data.name })} />
        </div>
      )}

      {/*
        One column on phones in reading order (About, Contact, Photos, Reviews); on desktop the
        contact card moves to a right-hand column spanning the rows of the main column.
      */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <CompanyAbout company={data} className="lg:col-start-1" />
        <aside aria-label={t('pages.company.contact')} className="grid gap-6 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <CompanyContactCard company={data} />
          <CompanyHours company={data} />
        </aside>
        <div className="lg:col-start-1">
          <CompanyPhotos companyId={data.id} companyName={data.name} ownerId={data.ownerId} />
        </div>
        <div className="lg:col-start-1">
          <ReviewsSection company={data} />
        </div>
      </div>
    </div>
  );
}
