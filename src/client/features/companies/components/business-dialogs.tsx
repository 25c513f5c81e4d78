/**
 * The layout's add/edit business dialog. The dialog (react-hook-form, zod, Radix dialog and
 * checkbox) is a chunk of its own, fetched the first time it opens, so that no page pays for it
 * before interaction (docs/frontend-budget.md); hovering or focusing what opens it preloads it.
 */
import { useEffect } from 'react';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { notify } from '@/client/lib/notify';
import { onDemand } from '@/client/lib/on-demand';

const businessDialog = onDemand(() => import('./business-form-dialog'));

export const preloadBusinessDialog = businessDialog.preload;

export function BusinessDialogs() {
  const { target, closeBusinessDialog } = useBusinessDialog();
  const module = businessDialog.use();

  useEffect(() => {
    if (target === null || module) return;
    businessDialog.load().catch((error: unknown) => {
      console.warn('business dialog unavailable', error);
      closeBusinessDialog();
      notify.error('Could not open the dialog', 'Please check your connection, or reload the page.');
    });
  }, [target, module, closeBusinessDialog]);

  // Once fetched, the dialog stays mounted so that it closes and returns focus as Radix does.
  const Dialog = module?.default;
  return Dialog ? <Dialog /> : null;
}
