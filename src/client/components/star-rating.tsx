import { useState, type KeyboardEvent, type Ref } from 'react';
import { cn } from '@/client/components/ui/cn';
import { useT } from '@/client/lib/i18n';
import { RATING_MAX, RATING_MIN } from '@/shared/constants';
import { HALF_STAR_ID, STAR_ID } from './star-shapes';

const STARS = [1, 2, 3, 4, 5] as const;
const STEP = 0.5;

/** Averages such as 4.33 are drawn to the nearest half star. */
const toHalf = (value: number) => Math.round(value * 2) / 2;
const formatRating = (value: number) => value.toFixed(1);
const clamp = (value: number) => Math.min(RATING_MAX, Math.max(RATING_MIN, value));

type StarFill = 'full' | 'half' | 'empty';
const fillFor = (value: number, star: number): StarFill => (value >= star ? 'full' : value >= star - 0.5 ? 'half' : 'empty');

/**
 * One star: an outline with a filled full or half star laid over it, as one SVG using the shared
 * shapes (lists draw dozens of these; two icons in a box per star cost as many elements again).
 */
function StarGlyph({ fill, size, emptyClassName = 'text-slate-400' }: { fill: StarFill; size: number; emptyClassName?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="shrink-0"
      aria-hidden="true"
    >
      <use href={`#${STAR_ID}`} className={emptyClassName} />
      {fill !== 'empty' && (
        <use href={`#${fill === 'full' ? STAR_ID : HALF_STAR_ID}`} className="fill-amber-400 text-amber-500" />
      )}
    </svg>
  );
}

export interface StarRatingDisplayProps {
  value: number | null;
  /** Number of reviews; when given it is shown as "(12 reviews)". */
  count?: number;
  /** Star size in pixels. */
  size?: number;
  /** Hide the "4.5 (12 reviews)" text and keep only the stars (their label still says the rating). */
  hideText?: boolean;
  className?: string;
}

/** Read-only stars with half stars, e.g. "★★★★½ 4.5 (12 reviews)" or "No ratings yet". */
export function StarRatingDisplay({ value, count, size = 16, hideText = false, className }: StarRatingDisplayProps) {
  const t = useT();
  const rated = value !== null && value > 0 && count !== 0;
  const shown = rated ? toHalf(value) : 0;
  return (
    <div className={cn('flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)}>
      <span
        role="img"
        aria-label={
          rated
            ? t('common.starRating.rated', { rating: formatRating(value), max: RATING_MAX })
            : t('common.starRating.noRatings')
        }
        className="inline-flex shrink-0 items-center gap-0.5"
      >
        {STARS.map((star) => (
          <StarGlyph key={star} fill={fillFor(shown, star)} size={size} />
        ))}
      </span>
      {!hideText && (
        // A longer wording (another language's) wraps in a narrow column instead of overflowing it.
        <span className={cn('min-w-0 text-sm text-slate-700', rated && 'whitespace-nowrap')}>
          {rated ? (
            <>
              <span className="font-semibold text-slate-900">{formatRating(value)}</span>
              {count !== undefined && <> {t('common.starRating.reviewCount', { count })}</>}
            </>
          ) : (
            t('common.starRating.noRatings')
          )}
        </span>
      )}
    </div>
  );
}

export interface StarRatingInputProps {
  value: number | null | undefined;
  onChange(value: number): void;
  onBlur?(): void;
  id?: string;
  /** Lets react-hook-form focus the control on a validation error. */
  ref?: Ref<HTMLDivElement>;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  className?: string;
}

/**
 * A half-step star picker exposed as one slider (arrow keys ±0.5, Page keys ±1, Home/End).
 * Pointer users click stars: a whole star sets it, clicking the same whole star again makes it a
 * half. The stars themselves are not focusable so the slider is a single tab stop.
 */
export function StarRatingInput({
  value,
  onChange,
  onBlur,
  id,
  ref,
  disabled = false,
  className,
  ...aria
}: StarRatingInputProps) {
  const t = useT();
  const [hovered, setHovered] = useState<number | null>(null);
  const current = value ?? null;
  const shown = hovered ?? current ?? 0;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const base = current ?? 0;
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowUp':
        next = base + STEP;
        break;
      case 'ArrowLeft':
      case 'ArrowDown':
        next = base - STEP;
        break;
      case 'PageUp':
        next = base + 1;
        break;
      case 'PageDown':
        next = base - 1;
        break;
      case 'Home':
        next = RATING_MIN;
        break;
      case 'End':
        next = RATING_MAX;
        break;
      default:
        return;
    }
    event.preventDefault();
    onChange(clamp(next));
  };

  const pick = (star: number) => {
    if (disabled) return;
    onChange(current === star ? star - 0.5 : star);
  };

  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        id={id}
        ref={ref}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-valuemin={RATING_MIN}
        aria-valuemax={RATING_MAX}
        // A slider must carry a value; with none chosen yet the text says so.
        aria-valuenow={current ?? 0}
        aria-valuetext={
          current ? t('common.starRating.valueText', { value: current, max: RATING_MAX }) : t('common.starRating.noneSelected')
        }
        aria-disabled={disabled || undefined}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onMouseLeave={() => setHovered(null)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md p-1',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
          'aria-invalid:ring-1 aria-invalid:ring-red-600',
          disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        )}
        {...aria}
      >
        {STARS.map((star) => (
          // The stars are the pointer's way in; the keyboard's is the slider around them (arrows, Home, End).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
          <span
            key={star}
            // Clicking also focuses the slider, so keyboard fine-tuning can follow.
            onClick={(event) => {
              event.currentTarget.parentElement?.focus();
              // Drop the hover preview so a whole-to-half toggle is visible at once.
              setHovered(null);
              pick(star);
            }}
            onMouseEnter={() => !disabled && setHovered(star)}
            className="p-0.5"
          >
            <StarGlyph fill={fillFor(shown, star)} size={28} emptyClassName="text-slate-500" />
          </span>
        ))}
      </div>
      <span className="text-sm text-slate-700" aria-hidden="true">
        {current ? t('common.starRating.shortValue', { value: current, max: RATING_MAX }) : t('common.starRating.selectPrompt')}
      </span>
    </div>
  );
}
