/**
 * The layout's add/edit business dialog. The dialog (react-hook-form, zod, Radix dialog and
 * checkbox) is a chunk of its own, fetched the first time it opens, so that no page pays for it
 * before interaction (docs/frontend-budget.md); hovering or focusing what opens it preloads it.
 */
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { onDemand } from '@/client/lib/on-demand';
import { useDemandedModule } from '@/client/lib/use-demanded-module';

const businessDialog = onDemand(() => import('./business-form-dialog'));

export const preloadBusinessDialog = businessDialog.preload;

export function BusinessDialogs() {
  const { target, closeBusinessDialog } = useBusinessDialog();
  const module = useDemandedModule(businessDialog, target !== null, closeBusinessDialog);

  // Once fetched, the dialog stays mounted so that it closes and returns focus as Radix does.
  const Dialog = module?.default;
  return Dialog ? <Dialog /> : null;
}
