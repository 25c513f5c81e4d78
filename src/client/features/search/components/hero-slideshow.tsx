/**
 * The hero's static fallback slideshow of service images: one image at a time, rotating every
 * 300000 ms. An image that fails to load is only logged (console.warn) and skipped.
 */
import { useEffect, useState } from 'react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { cn } from '@/client/components/ui/cn';
import { Message, useT, type MessageKey } from '@/client/lib/i18n';

/** The texts are catalogue keys, read in the page's language. */
export interface HeroSlide {
  url: string;
  alt: MessageKey;
  category: MessageKey;
  subcategory: MessageKey;
  slug: string;
}

export const HERO_ROTATION_MS = 300_000;

/** Local flat illustrations (public/hero): the app works offline and keeps no third-party image hosts. */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    url: '/hero/plumbing.svg',
    alt: 'search.hero.plumbingAlt',
    category: 'search.hero.plumbingCategory',
    subcategory: 'search.hero.plumbingSubcategory',
    slug: 'plumbing-services',
  },
  {
    url: '/hero/cleaning.svg',
    alt: 'search.hero.cleaningAlt',
    category: 'search.hero.cleaningCategory',
    subcategory: 'search.hero.cleaningSubcategory',
    slug: 'cleaning-services',
  },
  {
    url: '/hero/electrical.svg',
    alt: 'search.hero.electricalAlt',
    category: 'search.hero.electricalCategory',
    subcategory: 'search.hero.electricalSubcategory',
    slug: 'electrical-services',
  },
  {
    url: '/hero/landscaping.svg',
    alt: 'search.hero.landscapingAlt',
    category: 'search.hero.landscapingCategory',
    subcategory: 'search.hero.landscapingSubcategory',
    slug: 'landscaping-outdoor',
  },
];

export function HeroSlideshow({ slides = HERO_SLIDES, className }: { slides?: readonly HeroSlide[]; className?: string }) {
  const t = useT();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [index, setIndex] = useState(0);
  const usable = slides.filter((slide) => !failed.has(slide.url));

  useEffect(() => {
    if (usable.length < 2) return;
    const timer = setInterval(() => setIndex((current) => current + 1), HERO_ROTATION_MS);
    return () => clearInterval(timer);
  }, [usable.length]);

  if (usable.length === 0) return null;
  const slide = usable[index % usable.length];

  const onError = () => {
    console.warn('slideshow image failed to load', slide.url);
    setFailed((current) => new Set(current).add(slide.url));
  };

  return (
    <figure className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}>
      <img
        key={slide.url}
        src={slide.url}
        alt={t(slide.alt)}
        width={640}
        height={480}
        // Lazy: a hidden slideshow (on phones) is then never downloaded.
        loading="lazy"
        decoding="async"
        onError={onError}
        className="aspect-[4/3] w-full object-cover"
      />
      <figcaption className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
        <span className="text-slate-700">
          <span className="font-medium text-slate-900">{t(slide.subcategory)}</span> · {t(slide.category)}
        </span>
        <Link
          to={`/categories/${slide.slug}`}
          className="inline-flex items-center gap-1 rounded font-medium text-blue-700 hover:text-blue-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
        >
          <Message id="search.hero.browse" values={{ category: t(slide.category) }} parts={{ 0: <span className="sr-only" /> }} />
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </figcaption>
    </figure>
  );
}
