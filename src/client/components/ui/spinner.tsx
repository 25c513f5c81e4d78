import { Loader2, type LucideProps } from 'lucide-react';
import { cn } from './cn';

/** Decorative; pair with visible or sr-only text (or aria-busy on the region) to announce loading. */
export function Spinner({ size = 16, className, ...props }: Omit<LucideProps, 'size'> & { size?: number }) {
  return (
    <Loader2 data-slot="spinner" aria-hidden="true" size={size} className={cn('shrink-0 animate-spin', className)} {...props} />
  );
}
