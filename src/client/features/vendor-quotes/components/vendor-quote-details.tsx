import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/lazy-dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useSubcategoryName } from '@/client/entities/categories/use-subcategory-name';
import { QuoteAnswers } from '@/client/entities/quotes/quote-answers';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import { formatDate } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import type { Quote } from '@/shared/schemas/quote';
import { useVendorQuote } from '../api/get-vendor-quote';
import { operatingCountry, postalCodeTermOf } from '@/shared/operating-country';

type QuoteImage = Quote['images'][number];

/** One image at a time; the arrow keys and buttons step through, Esc closes. */
function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: QuoteImage[];
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
}) {
  const t = useT();
  const image = index === null ? undefined : images[index];
  const step = (by: number) => {
    if (index === null) return;
    onIndexChange((index + by + images.length) % images.length);
  };
  return (
    <Dialog open={index !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-3xl"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('vendor-quotes.details.image')}</DialogTitle>
          <DialogDescription>
            {image?.caption
              ? t('vendor-quotes.details.imageOfCaption', {
                  number: (index ?? 0) + 1,
                  total: images.length,
                  caption: image.caption,
                })
              : t('vendor-quotes.details.imageOf', { number: (index ?? 0) + 1, total: images.length })}
          </DialogDescription>
        </DialogHeader>
        {image && (
          <img
            src={image.objectUrl}
            alt={image.caption ?? t('vendor-quotes.details.image')}
            className="max-h-[70vh] w-full object-contain"
          />
        )}
        {images.length > 1 && (
          <div className="flex justify-between">
            <Button variant="outline" size="sm" onClick={() => step(-1)}>
              <ChevronLeft aria-hidden /> {t('vendor-quotes.details.previous')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => step(1)}>
              {t('vendor-quotes.details.next')} <ChevronRight aria-hidden />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The customer's answers above the reply's coin cost, until the company has replied, so the pro
 * judges the job before paying to answer it. Phones only: there the details pane comes after the
 * composer, while a wide screen shows it beside the thread, where a second copy would only take
 * the thread's room.
 */
export function AnswersBeforeReply({ quoteId }: { quoteId: number }) {
  const t = useT();
  const quote = useVendorQuote(quoteId);
  if (!quote.data) return null;
  return (
    <QuoteAnswers
      answers={quote.data.answers}
      heading={<h3 className="text-sm font-semibold text-slate-900">{t('vendor-quotes.details.answers')}</h3>}
      className="rounded-md border border-slate-200 bg-slate-50 p-3 lg:hidden"
    />
  );
}

/** The vendor inbox's right pane: what the customer asked for. */
export function VendorQuoteDetails({ quote }: { quote: Quote }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const serviceName = useSubcategoryName(quote.categoryId, quote.subcategoryId);
  return (
    <div className="grid gap-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{quote.quoteName}</h2>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="text-sm text-slate-600">
        {t('vendor-quotes.details.received', { date: formatDate(quote.createdAt, 'long') })}
      </p>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t('vendor-quotes.details.description')}</h3>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{quote.description}</p>
      </div>
      <QuoteAnswers
        answers={quote.answers}
        heading={<h3 className="text-sm font-semibold text-slate-900">{t('vendor-quotes.details.answers')}</h3>}
      />
      {/* Where the job is and the service, when the customer said (a report is judged by them). */}
      {quote.zip && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {t(postalCodeTermOf(operatingCountry()) === 'zip' ? 'vendor-quotes.details.zip' : 'vendor-quotes.details.postalCode')}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{quote.zip}</p>
        </div>
      )}
      {serviceName && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('vendor-quotes.details.service')}</h3>
          <p className="mt-1 text-sm text-slate-700">{serviceName}</p>
        </div>
      )}
      {quote.images.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('vendor-quotes.details.images')}</h3>
          <ul className="mt-2 grid grid-cols-3 gap-2">
            {quote.images.map((image, i) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => setOpen(i)}
                  className="block aspect-square w-full overflow-hidden rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                  aria-label={
                    image.caption
                      ? t('vendor-quotes.details.viewImageCaption', { number: i + 1, caption: image.caption })
                      : t('vendor-quotes.details.viewImage', { number: i + 1 })
                  }
                >
                  <img src={image.thumbnailUrl ?? image.objectUrl} alt="" className="size-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ImageLightbox images={quote.images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </div>
  );
}

export function VendorQuoteDetailsSkeleton() {
  const t = useT();
  return (
    <div className="grid gap-3 p-4" aria-busy="true">
      <span role="status" className="sr-only">
        {t('vendor-quotes.details.loading')}
      </span>
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
