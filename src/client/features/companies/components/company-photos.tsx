import { useQuery } from '@tanstack/react-query';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { api } from '@/client/lib/api';
import { FallbackImage } from './company-logo';

/** One photo as GET /api/companies/{id}/images answers it (000 §3 "Company image"). */
export interface CompanyImage {
  id: number;
  objectUrl: string;
  caption: string | null;
  displayOrder: number;
}

export const companyImagesQueryKey = (companyId: number | string) => ['companies', String(companyId), 'images'] as const;

function useCompanyImages(companyId: number) {
  return useQuery({
    queryKey: companyImagesQueryKey(companyId),
    queryFn: async () => {
      const images = await api<CompanyImage[]>(`/api/companies/${companyId}/images`);
      return [...images].sort((a, b) => a.displayOrder - b.displayOrder);
    },
  });
}

const photoLabel = (image: CompanyImage, index: number) => image.caption?.trim() || `Photo ${index + 1}`;

/** The full-size view: arrow keys move between photos, Esc closes (Radix). */
function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  companyName,
}: {
  images: CompanyImage[];
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
  companyName?: string;
}) {
  const count = images.length;
  const image = index === null ? null : images[index];
  const go = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl gap-3 p-4 sm:p-6" onKeyDown={onKeyDown}>
        {image && index !== null && (
          <>
            <DialogTitle className="pr-8">{photoLabel(image, index)}</DialogTitle>
            <DialogDescription>
              {index + 1} of {count}
              {companyName ? ` · ${companyName}` : ''}
            </DialogDescription>
            <div className="flex items-center justify-center rounded-md bg-slate-900">
              <FallbackImage
                key={image.id}
                src={image.objectUrl}
                alt={image.caption?.trim() || `Photo ${index + 1} of ${count}${companyName ? ` of ${companyName}` : ''}`}
                className="max-h-[70dvh] w-auto max-w-full object-contain"
                fallbackClassName="h-48 bg-white p-8"
              />
            </div>
            {count > 1 && (
              <div className="flex items-center justify-between gap-2">
                <Button variant="outline" onClick={() => go(-1)}>
                  <ChevronLeft aria-hidden />
                  Previous
                </Button>
                <span className="text-sm text-slate-700" aria-hidden="true">
                  {index + 1} of {count}
                </span>
                <Button variant="outline" onClick={() => go(1)}>
                  Next
                  <ChevronRight aria-hidden />
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Carousel({ images, companyName }: { images: CompanyImage[]; companyName?: string }) {
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
    <div role="region" aria-roledescription="carousel" aria-label={companyName ? `Photos of ${companyName}` : 'Photos'}>
      <div className="overflow-hidden rounded-md" ref={viewportRef}>
        <div className="-ml-3 flex touch-pan-y">
          {images.map((image, index) => (
            <div
              key={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-3 sm:basis-1/2"
            >
              <button
                type="button"
                onClick={() => setLightboxIndex(index)}
                // Tabbing to a slide brings it into view.
                onFocus={() => embla?.scrollTo(index)}
                className="group relative block w-full overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                aria-label={`Open photo ${index + 1} of ${count}: ${photoLabel(image, index)}`}
              >
                <FallbackImage
                  src={image.objectUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-56 w-full bg-slate-100 object-cover transition-transform group-hover:scale-[1.02]"
                  fallbackClassName="object-contain p-8"
                />
                <span
                  className="absolute right-2 top-2 rounded-full bg-white/90 p-1.5 text-slate-800 shadow-sm"
                  aria-hidden="true"
                >
                  <Expand className="size-4" />
                </span>
                {image.caption && (
                  <span className="absolute inset-x-0 bottom-0 truncate bg-slate-900/75 px-3 py-1.5 text-left text-sm text-white">
                    {image.caption}
                  </span>
                )}
              </button>
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
            aria-label="Previous photos"
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" size="icon" onClick={() => embla?.scrollNext()} disabled={!canNext} aria-label="Next photos">
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
      <Lightbox
        images={images}
        index={lightboxIndex}
        companyName={companyName}
        onIndexChange={(index) => {
          setLightboxIndex(index);
          embla?.scrollTo(index);
        }}
        onClose={() => setLightboxIndex(null)}
      />
    </div>
  );
}

export interface CompanyPhotosProps {
  companyId: number;
  /** Used in alternative text and labels ("Photos of …"). */
  companyName?: string;
}

/** The company's photo carousel with a lightbox (000 §2 "Company detail", §8 photo messages). */
export function CompanyPhotos({ companyId, companyName }: CompanyPhotosProps) {
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
          <CardTitle id={headingId}>Photos</CardTitle>
        </CardHeader>
        <CardContent>
          {images.isPending ? (
            <>
              <span role="status" className="sr-only">
                Loading photos…
              </span>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-hidden="true">
                <Skeleton className="h-56" />
                <Skeleton className="hidden h-56 sm:block" />
              </div>
            </>
          ) : images.isError ? (
            <p className="text-sm text-red-700">Error loading images</p>
          ) : images.data.length === 0 ? (
            <p className="text-sm text-slate-700">No photos available</p>
          ) : (
            <Carousel images={images.data} companyName={companyName} />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
