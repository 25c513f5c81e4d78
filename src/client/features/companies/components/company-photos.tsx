import { lazy, Suspense, useEffect, useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useT } from '@/client/lib/i18n';
import type { CompanyImage } from '@/shared/schemas/business';
import { useCompanyImages } from '@/client/entities/companies/get-company-images';

/** One photo as GET /api/companies/{id}/images answers it. */
export type { CompanyImage };

/** embla and the lightbox load only when there are photos to show (most listings have none). */
const Carousel = lazy(() => import('./company-photo-carousel'));

function PhotosSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-hidden="true">
      <Skeleton className="h-56" />
      <Skeleton className="hidden h-56 sm:block" />
    </div>
  );
}

export interface CompanyPhotosProps {
  companyId: number;
  /** Used in alternative text and labels ("Photos of …"). */
  companyName?: string;
  /** The company's owner, who cannot report its photos. */
  ownerId?: number | null;
}

/** The company's photo carousel with a lightbox. */
export function CompanyPhotos({ companyId, companyName, ownerId }: CompanyPhotosProps) {
  const t = useT();
  const headingId = useId();
  const images = useCompanyImages(companyId);

  // Any failure (including a 404 while photos are not built) is a shown state, not a console error.
  useEffect(() => {
    if (images.error) console.warn('could not load company images', images.error);
  }, [images.error]);

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <CardTitle id={headingId}>{t('companies.photos.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {images.isPending ? (
            <>
              <span role="status" className="sr-only">
                {t('companies.photos.loading')}
              </span>
              <PhotosSkeleton />
            </>
          ) : images.isError ? (
            <p className="text-sm text-red-700">{t('companies.photos.loadFailed')}</p>
          ) : images.data.length === 0 ? (
            <p className="text-sm text-slate-700">{t('companies.photos.empty')}</p>
          ) : (
            <Suspense fallback={<PhotosSkeleton />}>
              <Carousel images={images.data} companyName={companyName} ownerId={ownerId} />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
