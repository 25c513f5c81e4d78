import type { ComponentProps, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { cn } from './cn';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

const styles: Record<AlertVariant, { box: string; icon: LucideIcon }> = {
  info: { box: 'border-blue-200 bg-blue-50 text-blue-900 [&_[data-slot=alert-icon]]:text-blue-700', icon: Info },
  success: { box: 'border-green-200 bg-green-50 text-green-900 [&_[data-slot=alert-icon]]:text-green-700', icon: CircleCheck },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900 [&_[data-slot=alert-icon]]:text-amber-700', icon: TriangleAlert },
  error: { box: 'border-red-200 bg-red-50 text-red-900 [&_[data-slot=alert-icon]]:text-red-700', icon: CircleAlert },
};

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: AlertVariant;
  title?: ReactNode;
};

export function Alert({ variant = 'info', title, className, children, role, ...props }: AlertProps) {
  const { box, icon: Icon } = styles[variant];
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      // Errors interrupt screen readers; everything else is announced politely.
      role={role ?? (variant === 'error' ? 'alert' : 'status')}
      className={cn('flex gap-3 rounded-md border p-4 text-sm', box, className)}
      {...props}
    >
      <Icon data-slot="alert-icon" className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold leading-tight">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
