/** The read-only quote (the in-progress and completed views), its images in a lightbox. */
import { useState } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
import { ImageLightbox } from '@/client/components/image-lightbox';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { preloadDialog } from '@/client/components/ui/lazy-dialog';
import { useT } from '@/client/lib/i18n';
import type { Quote } from '@/shared/schemas/quote';
import { useSubcategoryName } from '@/client/entities/categories/use-subcategory-name';
import { QuoteAnswers } from '@/client/entities/quotes/quote-answers';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import { operatingCountry, postalCodeTermOf } from '@/shared/operating-country';

export function QuoteDetailsCard({ quote }: { quote: Quote }) {
  const t = useT();
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const serviceName = useSubcategoryName(quote.categoryId, quote.subcategoryId);
  const images = quote.images.map((image, index) => ({
    key: image.id,
    src: image.objectUrl,
    label: image.caption?.trim() || t('quotes.details.imageNumber', { number: index + 1 }),
  }));
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-base">
            {t('quotes.details.title')}
          </CardTitle>
          <QuoteStatusBadge status={quote.status} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div>
          <h3 className="font-medium text-slate-700">{t('quotes.details.name')}</h3>
          <p className="text-slate-900">{quote.quoteName}</p>
        </div>
        <div>
          <h3 className="font-medium text-slate-700">{t('quotes.details.description')}</h3>
          <p className="whitespace-pre-wrap break-words text-slate-900">
            {quote.description || t('quotes.details.noDescription')}
          </p>
        </div>
        <QuoteAnswers
          answers={quote.answers}
          heading={<h3 className="font-medium text-slate-700">{t('quotes.details.answers')}</h3>}
        />
        {(quote.zip || serviceName) && (
          <div className="grid gap-4 sm:grid-cols-2">
            {quote.zip && (
              <div>
                <h3 className="font-medium text-slate-700">
                  {t(postalCodeTermOf(operatingCountry()) === 'zip' ? 'quotes.details.zip' : 'quotes.details.postalCode')}
                </h3>
                <p className="text-slate-900">{quote.zip}</p>
              </div>
            )}
            {serviceName && (
              <div>
                <h3 className="font-medium text-slate-700">{t('quotes.details.service')}</h3>
                <p className="text-slate-900">{serviceName}</p>
              </div>
            )}
          </div>
        )}
        {images.length > 0 && (
          <div>
            <h3 className="mb-2 font-medium text-slate-700">{t('quotes.details.images')}</h3>
            <ul className="grid grid-cols-3 gap-2">
              {images.map((image, index) => (
                <li key={image.key}>
                  <button
                    type="button"
                    onClick={() => setLightboxIndex(index)}
                    onPointerEnter={preloadDialog}
                    onFocus={preloadDialog}
                    aria-label={t('quotes.details.openImage', { image: image.label })}
                    className="block w-full overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                  >
                    <FallbackImage
                      src={quote.images[index]?.thumbnailUrl ?? image.src}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full bg-slate-100 object-cover"
                      fallbackClassName="object-contain p-2"
                    />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <ImageLightbox
        images={images}
        index={lightboxIndex}
        onIndexChange={setLightboxIndex}
        onClose={() => setLightboxIndex(null)}
      />
    </Card>
  );
}
