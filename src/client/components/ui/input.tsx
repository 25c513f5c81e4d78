import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Shared field look for Input and Textarea. */
export const fieldClasses =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs placeholder:text-slate-500 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-1 focus-visible:border-blue-600 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60 ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        fieldClasses,
        'h-10 py-2 file:me-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-slate-800',
        className,
      )}
      {...props}
    />
  );
}
