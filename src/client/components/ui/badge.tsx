import type { ComponentProps } from 'react';
import { cn } from './cn';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success' | 'warning';

const variants: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-blue-700 text-white',
  secondary: 'border-transparent bg-slate-100 text-slate-800',
  outline: 'border-slate-300 bg-white text-slate-800',
  destructive: 'border-transparent bg-red-100 text-red-800',
  success: 'border-transparent bg-green-100 text-green-800',
  warning: 'border-transparent bg-amber-100 text-amber-900',
};

export function badgeVariants({ variant = 'default', className }: { variant?: BadgeVariant; className?: string } = {}) {
  return cn(
    'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium',
    "[&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-3",
    variants[variant],
    className,
  );
}

export function Badge({ variant, className, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return <span data-slot="badge" className={badgeVariants({ variant, className })} {...props} />;
}
