import { useId } from 'react';
import { cn } from '@/client/components/ui/cn';
import { fieldClasses } from '@/client/components/ui/input';
import { useT } from '@/client/lib/i18n';

interface Props<T extends string> {
  value: T | undefined;
  onChange(value: T | undefined): void;
  /** The option that shows everything ("All", "All Claims"). */
  allLabel: string;
  options: readonly { value: T; label: string }[];
}

/** The admin lists' status dropdown: one "all" option, then the statuses. */
export function AdminStatusFilter<T extends string>({ value, onChange, allLabel, options }: Props<T>) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {t('admin.statusFilter.label')}
      </label>
      <select
        id={id}
        value={value ?? 'all'}
        onChange={(event) => onChange(event.target.value === 'all' ? undefined : (event.target.value as T))}
        className={cn(fieldClasses, 'h-10 w-full py-2 sm:w-48')}
      >
        <option value="all">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
