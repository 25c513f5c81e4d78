import { useId } from 'react';
import { cn } from '@/client/components/ui/cn';

interface Props<T extends string | number> {
  /** Named to screen readers as the group's legend; shown unless `hideLegend`. */
  legend: string;
  hideLegend?: boolean;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  className?: string;
}

/**
 * One choice among a few, drawn as joined buttons but made of native radio buttons: arrow keys
 * move the choice and screen readers say "1 of 3, selected" without any script of ours.
 */
export function SegmentedChoice<T extends string | number>({
  legend,
  hideLegend = false,
  value,
  options,
  onChange,
  className,
}: Props<T>) {
  const name = useId();
  return (
    <fieldset className={cn('flex flex-wrap items-center gap-2', className)}>
      <legend className={cn('float-start me-1 text-sm font-medium text-slate-800', hideLegend && 'sr-only')}>{legend}</legend>
      <div className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1">
        {options.map((option) => (
          <label key={String(option.value)} className="relative">
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="inline-flex h-8 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900 peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
