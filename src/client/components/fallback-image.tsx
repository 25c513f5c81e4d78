import { useState, type ComponentProps } from 'react';
import { cn } from '@/client/components/ui/cn';

/** The product logo: what every broken or missing image falls back to, so no listing shows a broken-image icon. */
export const FALLBACK_IMAGE_SRC = '/logo.svg';

export type FallbackImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt'> & {
  src: string | null | undefined;
  /** Required: what the image shows, or '' when it only decorates. */
  alt: string;
  /** Extra classes while the fallback is shown (e.g. object-contain instead of object-cover). */
  fallbackClassName?: string;
};

/**
 * An <img> that shows the product logo when its source is missing or fails to load. The failed
 * source is remembered (not a boolean) so a new `src` gets a fresh try without an effect.
 */
export function FallbackImage({ src, srcSet, alt, fallbackClassName, className, onError, ...props }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const useFallback = !src || failedSrc === src;
  return (
    <img
      {...props}
      alt={alt}
      src={useFallback ? FALLBACK_IMAGE_SRC : src}
      srcSet={useFallback ? undefined : srcSet}
      className={cn(className, useFallback && fallbackClassName)}
      onError={(event) => {
        if (src && !useFallback) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
