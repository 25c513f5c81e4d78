/**
 * The photo carousel (embla) and its lightbox: a chunk of their own, loaded only for companies
 * that have photos (see CompanyPhotos).
 */
import useEmblaCarousel from 'embla-carousel-react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Expand from 'lucide-react/icons/expand';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { preloadDialog } from '@/client/components/ui/lazy-dialog';
import { FallbackImage } from '@/client/components/fallback-image';
import { ImageLightbox } from '@/client/components/image-lightbox';
import { ReportButton } from '@/client/entities/moderation/report-button';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';
import type { CompanyImage } from './company-photos';

const photoLabel = (t: ReturnType<typeof useT>, image: CompanyImage, index: number) =>
  image.caption?.trim() || t('companies.photos.photo', { index: index + 1 });

export default function CompanyPhotoCarousel({
  images,
  companyName,
  ownerId,
}: {
  images: CompanyImage[];
  companyName?: string;
  /** The company's owner: everyone else may report a photo. */
  ownerId?: number | null;
}) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const canReport = !user || user.id !== ownerId;
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);

  const sync = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  const count = images.length;
  return (
    <div
      role="region"
      aria-roledescription={t('companies.photos.roleCarousel')}
      aria-label={companyName ? t('companies.photos.carouselNamed', { name: companyName }) : t('companies.photos.carousel')}
    >
      <div className="overflow-hidden rounded-md" ref={viewportRef}>
        <div className="-ms-3 flex touch-pan-y">
          {images.map((image, index) => (
            <div
              key={image.id}
              role="group"
              aria-roledescription={t('companies.photos.roleSlide')}
              aria-label={t('companies.photos.slide', { index: index + 1, total: count })}
              className="min-w-0 shrink-0 grow-0 basis-full ps-3 sm:basis-1/2"
            >
              <button
                type="button"
                onClick={() => setLightboxIndex(index)}
                onPointerEnter={preloadDialog}
                // Tabbing to a slide brings it into view.
                onFocus={() => {
                  preloadDialog();
                  embla?.scrollTo(index);
                }}
                className="group relative block w-full overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                aria-label={t('companies.photos.open', { index: index + 1, total: count, label: photoLabel(t, image, index) })}
              >
                <FallbackImage
                  src={image.thumbnailUrl ?? image.objectUrl}
                  // The 480-px thumbnail where it is enough, the 1600-px display copy on sharper or wider screens.
                  srcSet={image.thumbnailUrl ? `${image.thumbnailUrl} 480w, ${image.objectUrl} 1600w` : undefined}
                  sizes="(min-width: 640px) 50vw, 100vw"
                  width={480}
                  height={360}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-56 w-full bg-slate-100 object-cover transition-transform group-hover:scale-[1.02]"
                  fallbackClassName="object-contain p-8"
                />
                <span className="absolute end-2 top-2 rounded-full bg-white/90 p-1.5 text-slate-800 shadow-sm" aria-hidden="true">
                  <Expand className="size-4" />
                </span>
                {image.caption && (
                  <span className="absolute inset-x-0 bottom-0 truncate bg-slate-900/75 px-3 py-1.5 text-start text-sm text-white">
                    {image.caption}
                  </span>
                )}
              </button>
              {canReport && (
                <ReportButton
                  compact
                  className="mt-1"
                  itemType="photo"
                  itemId={image.id}
                  label={
                    companyName
                      ? t('companies.photos.reportLabelNamed', { index: index + 1, name: companyName })
                      : t('companies.photos.reportLabel', { index: index + 1 })
                  }
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="mt-3 flex items-center justify-end gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => embla?.scrollPrev()}
            disabled={!canPrev}
            aria-label={t('companies.photos.previous')}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => embla?.scrollNext()}
            disabled={!canNext}
            aria-label={t('companies.photos.next')}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
      <ImageLightbox
        images={images.map((image, index) => ({ key: image.id, src: image.objectUrl, label: photoLabel(t, image, index) }))}
        index={lightboxIndex}
        context={companyName}
        onIndexChange={(index) => {
          setLightboxIndex(index);
          embla?.scrollTo(index);
        }}
        onClose={() => setLightboxIndex(null)}
      />
    </div>
  );
}
