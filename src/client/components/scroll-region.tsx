/**
 * A box that scrolls sideways when what it holds (a table) is wider than the screen, and says so:
 * while there is more to one side, a line above it reads "Scroll sideways to see every column" and
 * the side with more content fades out. The box is a named, focusable region, so keyboard users
 * can scroll it with the arrow keys once it has focus (axe: scrollable-region-focusable).
 *
 * Whether it overflows is measured, not assumed: the same table fits on a desktop and scrolls on a
 * phone, and a window that widens and narrows again (a phone turned and turned back) is measured
 * anew each time.
 */
import MoveHorizontal from 'lucide-react/icons/move-horizontal';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '@/client/lib/i18n';
import { cn } from './ui/cn';

interface Props {
  /** Names the region for screen readers, e.g. "Users table". */
  label: string;
  children: ReactNode;
  /** Classes of the scrolling box (border, radius, height limit). */
  className?: string;
  /** Classes of the frame around the hint and the box (margins, grid placement). */
  frameClassName?: string;
  /** Classes of the hint line (padding where the box sits inside another frame). */
  hintClassName?: string;
}

interface Overflow {
  /** Content hidden to the left / to the right. */
  before: boolean;
  after: boolean;
}

const NONE: Overflow = { before: false, after: false };

function overflowOf(box: HTMLElement): Overflow {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return NONE;
  // scrollLeft is negative when the page is written right to left.
  const scrolled = Math.abs(box.scrollLeft);
  return { before: scrolled > 1, after: scrolled < hidden - 1 };
}

export function ScrollRegion({ label, children, className, frameClassName, hintClassName }: Props) {
  const t = useT();
  const boxRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () =>
      setOverflow((previous) => {
        const next = overflowOf(box);
        return next.before === previous.before && next.after === previous.after ? previous : next;
      });
    measure();
    // The box resizes with the window; its content changes width when rows arrive, or when a
    // loading state gives way to the table (a new child, observed from then on).
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    const children = new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element) observer.observe(node);
      measure();
    });
    children.observe(box, { childList: true });
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      children.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);

  const scrolls = overflow.before || overflow.after;
  return (
    <div data-scroll-region="" className={cn('grid min-w-0 gap-1', frameClassName)}>
      {scrolls && (
        <p data-scroll-hint="" className={cn('flex items-center gap-1.5 text-xs text-slate-700', hintClassName)}>
          <MoveHorizontal className="size-3.5 shrink-0" aria-hidden />
          {t('common.scrollRegion.hint')}
        </p>
      )}
      <div className="relative min-w-0">
        <div
          ref={boxRef}
          role="region"
          aria-label={label}
          tabIndex={0}
          className={cn(
            // relative: screen-reader-only text (absolutely placed) must not escape the box and widen the page.
            'relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
            className,
          )}
        >
          {children}
        </div>
        {/* The side with more to see fades out, as on every list that scrolls on a phone. */}
        <div
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-y-0 start-0 w-6 bg-gradient-to-r from-white to-transparent transition-opacity rtl:bg-gradient-to-l',
            overflow.before ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-y-0 end-0 w-6 bg-gradient-to-l from-white to-transparent transition-opacity rtl:bg-gradient-to-r',
            overflow.after ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
    </div>
  );
}
