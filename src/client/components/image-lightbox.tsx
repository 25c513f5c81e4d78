/**
 * A full-size image viewer for a list of images (quote images, message images): arrow keys move
 * between them, Esc closes (Radix). Loaded with the dialog chunk the first time it opens.
 */
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { KeyboardEvent } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/lazy-dialog';
import { useT } from '@/client/lib/i18n';

export interface LightboxImage {
  key: string | number;
  src: string;
  label: string;
}

export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
  context,
}: {
  images: LightboxImage[];
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
  /** Said after the position, e.g. the company's name. */
  context?: string;
}) {
  const t = useT();
  const count = images.length;
  const image = index === null ? null : images[index];
  const go = (delta: number) => index !== null && count > 0 && onIndexChange((index + delta + count) % count);
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
    <Dialog open={!!image} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl gap-3 p-4 sm:p-6" onKeyDown={onKeyDown}>
        {image && index !== null && (
          <>
            <DialogTitle className="pe-8">{image.label}</DialogTitle>
            <DialogDescription>
              {context
                ? t('common.lightbox.positionWithContext', { position: index + 1, count, context })
                : t('common.lightbox.position', { position: index + 1, count })}
            </DialogDescription>
            <div className="flex items-center justify-center rounded-md bg-slate-900">
              <FallbackImage
                key={image.key}
                src={image.src}
                alt={image.label}
                className="max-h-[70dvh] w-auto max-w-full object-contain"
                fallbackClassName="h-48 bg-white p-8"
              />
            </div>
            {count > 1 && (
              <div className="flex items-center justify-between gap-2">
                <Button variant="outline" onClick={() => go(-1)}>
                  <ChevronLeft aria-hidden />
                  {t('common.actions.previous')}
                </Button>
                <Button variant="outline" onClick={() => go(1)}>
                  {t('common.actions.next')}
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
