import type { ComponentProps } from 'react';
import { cn } from './cn';

export type ProgressProps = Omit<ComponentProps<'div'>, 'role' | 'children'> & {
  /** From 0 to 1; null shows an indeterminate bar. */
  value: number | null;
  /** The accessible name, e.g. "Upload progress". */
  label: string;
  /** Shows the percentage beside the bar (it is announced through aria-valuenow either way). */
  showValue?: boolean;
};

/** A determinate (or indeterminate) progress bar with role="progressbar" and its values. */
export function Progress({ value, label, showValue = false, className, ...props }: ProgressProps) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div data-slot="progress" className={cn('flex items-center gap-3', className)} {...props}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? undefined : `${percent}%`}
        className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full bg-blue-700 transition-all duration-200', percent === null && 'w-1/3 animate-pulse')}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      {showValue && percent !== null && (
        <span className="w-10 shrink-0 text-end text-xs text-slate-700" aria-hidden="true">
          {percent}%
        </span>
      )}
    </div>
  );
}
