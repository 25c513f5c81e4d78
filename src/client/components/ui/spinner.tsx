import type { LucideProps } from 'lucide-react';
import Loader2 from 'lucide-react/icons/loader-circle';
import { cn } from './cn';

/** Decorative; pair with visible or sr-only text (or aria-busy on the region) to announce loading. */
export function Spinner({ size = 16, className, ...props }: Omit<LucideProps, 'size'> & { size?: number }) {
  return (
    <Loader2 data-slot="spinner" aria-hidden="true" size={size} className={cn('shrink-0 animate-spin', className)} {...props} />
  );
}
