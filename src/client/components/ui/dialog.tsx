import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { useT } from '@/client/lib/i18n';
import { cn } from './cn';
import { dialogClasses } from './dialog-classes';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  hideClose?: boolean;
  overlayClassName?: string;
};

/** Rest props (onInteractOutside, onEscapeKeyDown, …) reach Radix so callers can block dismissal. */
export function DialogContent({ className, overlayClassName, children, hideClose = false, ...props }: DialogContentProps) {
  const t = useT();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={cn(dialogClasses.overlay, overlayClassName)} />
      <DialogPrimitive.Content data-slot="dialog-content" className={cn(dialogClasses.content, className)} {...props}>
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            aria-label={t('common.dialog.close')}
            className="absolute end-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60"
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  // Right padding keeps the title clear of the close button.
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-1.5 pe-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-footer" className={cn(dialogClasses.footer, className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cn(dialogClasses.title, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description data-slot="dialog-description" className={cn(dialogClasses.description, className)} {...props} />
  );
}
