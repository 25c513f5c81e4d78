/**
 * Home "Browse by category": from 768 px a carousel of 3 categories per slide with previous/next
 * arrows and dots, whose position is kept in local storage; below it a wrapped list of category
 * chips with icons. Every category links to /categories/{slug}.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useT } from '@/client/lib/i18n';
import { local, STORAGE_KEYS } from '@/client/lib/storage';
import { useHydrating } from '@/client/lib/use-hydrating';
import { useMediaQuery } from '@/client/lib/use-media-query';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { CAROUSEL_PER_SLIDE } from '@/shared/constants';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { CategoryIcon } from './category-icon';

const SUBCATEGORIES_SHOWN = 3;

const focusRing = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2';

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function storedPosition(slideCount: number): number {
  const value = local.get<unknown>(STORAGE_KEYS.carouselPosition, 0);
  if (typeof value !== 'number' || !Number.isInteger(value)) return 0;
  return Math.min(Math.max(value, 0), Math.max(slideCount - 1, 0));
}

function CategoryCard({ category }: { category: CategoryWithSubcategories }) {
  const t = useT();
  const shown = category.subcategories.slice(0, SUBCATEGORIES_SHOWN);
  const more = category.subcategories.length - shown.length;
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:border-blue-300 hover:shadow-md">
      <span className="flex size-11 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
        <CategoryIcon name={category.icon} className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">
        {/* The link's ::after covers the whole card, so the card is one click target with a short name. */}
        <Link
          to={`/categories/${category.slug}`}
          className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-blue-600 focus-visible:after:ring-offset-2"
        >
          {category.name}
        </Link>
      </h3>
      {category.description && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{category.description}</p>}
      {shown.length > 0 && (
        <ul
          className="mt-auto flex flex-wrap gap-1.5 pt-4"
          aria-label={t('search.categories.servicesIn', { category: category.name })}
        >
          {shown.map((sub) => (
            <li key={sub.id} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
              {sub.name}
            </li>
          ))}
          {more > 0 && (
            <li className="px-1 py-1 text-xs font-medium text-slate-700">{t('search.categories.more', { count: more })}</li>
          )}
        </ul>
      )}
    </article>
  );
}

function Carousel({ categories }: { categories: CategoryWithSubcategories[] }) {
  const t = useT();
  const slides = useMemo(() => chunk(categories, CAROUSEL_PER_SLIDE), [categories]);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [emblaRef, emblaApi] = useEmblaCarousel({ align: 'start' });
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);
  // The page the server renders carries the first slide's cards only: the others cannot be
  // reached before the script runs (the chips below list every category for crawlers and for a
  // visitor without it), and they were a quarter of the home page's HTML.
  const hydrating = useHydrating();

  useEffect(() => {
    if (!emblaApi) return;
    // The slide this browser last showed: the server rendered the first, so it is restored here,
    // in one jump (the track moves by a transform: nothing around it shifts).
    emblaApi.scrollTo(storedPosition(slides.length), true);
    const sync = () => {
      const index = emblaApi.selectedScrollSnap();
      setSelected(index);
      setCanPrev(emblaApi.canScrollPrev());
      setCanNext(emblaApi.canScrollNext());
      local.set(STORAGE_KEYS.carouselPosition, index);
    };
    sync();
    emblaApi.on('select', sync).on('reInit', sync);
    return () => {
      emblaApi.off('select', sync).off('reInit', sync);
    };
  }, [emblaApi, slides.length]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index, reduceMotion), [emblaApi, reduceMotion]);

  const arrow = (direction: 'prev' | 'next') => {
    const enabled = direction === 'prev' ? canPrev : canNext;
    const Icon = direction === 'prev' ? ChevronLeft : ChevronRight;
    return (
      <button
        type="button"
        aria-label={t(direction === 'prev' ? 'search.categories.previous' : 'search.categories.next')}
        // aria-disabled rather than disabled keeps keyboard focus on the button at either end.
        aria-disabled={!enabled}
        onClick={() => enabled && scrollTo(selected + (direction === 'prev' ? -1 : 1))}
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
          focusRing,
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    );
  };

  return (
    <div role="region" aria-roledescription={t('search.categories.roleCarousel')} aria-label={t('search.categories.carousel')}>
      <div className="flex items-center gap-3">
        {arrow('prev')}
        <div ref={emblaRef} className="min-w-0 flex-1 overflow-hidden py-2">
          <div className="flex">
            {slides.map((group, index) => (
              <div
                key={group[0]?.id ?? index}
                role="group"
                aria-roledescription={t('search.categories.roleSlide')}
                aria-label={t('search.categories.slide', { index: index + 1, total: slides.length })}
                // Off-screen slides are inert so Tab stays on what is visible.
                inert={index !== selected}
                className="min-w-0 shrink-0 grow-0 basis-full px-2"
              >
                <div className="grid h-full grid-cols-3 gap-4">
                  {(index === 0 || !hydrating) && group.map((category) => <CategoryCard key={category.id} category={category} />)}
                </div>
              </div>
            ))}
          </div>
        </div>
        {arrow('next')}
      </div>
      {slides.length > 1 && (
        <div className="mt-4 flex justify-center gap-1">
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              aria-label={t('search.categories.goToSlide', { index: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => scrollTo(index)}
              className={cn('flex size-6 items-center justify-center rounded-full', focusRing)}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  index === selected ? 'w-6 bg-blue-700' : 'w-2.5 bg-slate-500 hover:bg-slate-600',
                )}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function CategoryChips({ categories }: { categories: CategoryWithSubcategories[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={`/categories/${category.slug}`}
            className={cn(
              'inline-flex min-h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs hover:border-blue-300 hover:bg-blue-50',
              focusRing,
            )}
          >
            <CategoryIcon name={category.icon} className="size-4 text-blue-700" />
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Chips on phones, the carousel from the tablet breakpoint up. Both are rendered and CSS shows one,
 * so the page the server renders (which knows no screen width) is right at every width.
 */
export function CategoryCarousel() {
  const t = useT();
  const { data: categories, isPending, isError, error } = useCategoriesWithSubcategories();

  useEffect(() => {
    if (isError) console.warn('could not load categories', error);
  }, [isError, error]);

  if (isPending) {
    return (
      <div role="status">
        <span className="sr-only">{t('search.categories.loading')}</span>
        <div className={`${DESKTOP_ONLY} grid-cols-3 gap-4 px-14`}>
          {Array.from({ length: CAROUSEL_PER_SLIDE }, (_, i) => (
            <Skeleton key={i} className="h-52 rounded-xl" />
          ))}
        </div>
        <div className={`${PHONE_ONLY} flex-wrap gap-2`}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-32 rounded-full" />
          ))}
        </div>
      </div>
    );
  }

  if (isError) {
    return <p className="text-sm text-slate-700">{t('search.categories.loadFailed')}</p>;
  }

  if (categories.length === 0) return <p className="text-sm text-slate-700">{t('search.categories.empty')}</p>;

  return (
    <>
      <div className="hidden md:block">
        <Carousel categories={categories} />
      </div>
      <div className="md:hidden">
        <CategoryChips categories={categories} />
      </div>
    </>
  );
}

/** The md breakpoint is MOBILE_BREAKPOINT_PX (768 px). */
const DESKTOP_ONLY = 'hidden md:grid';
const PHONE_ONLY = 'flex md:hidden';
