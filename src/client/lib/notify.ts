/**
 * Toasts as a title + description pair (sonner: one visible at a time, 5 s).
 *
 * sonner is fetched with the first toast rather than with every page: the first call loads the
 * toaster module, the layout mounts its Toaster as soon as it is there (useToaster), and sonner
 * hands it the toasts created before it subscribed, so none is lost.
 */
import { onDemand } from './on-demand';

const toaster = onDemand(() => import('@/client/components/ui/toaster'));

type Toast = Awaited<ReturnType<typeof toaster.load>>['toast'];

const show = (run: (toast: Toast) => void) => {
  toaster.load().then(
    (module) => run(module.toast),
    (error: unknown) => console.warn('toasts unavailable', error),
  );
};

export const notify = {
  success: (title: string, description?: string) => show((toast) => toast.success(title, { description })),
  error: (title: string, description?: string) => show((toast) => toast.error(title, { description })),
  info: (title: string, description?: string) => show((toast) => toast(title, { description })),
};

/** The app's Toaster component once a toast has loaded it, else null. */
export const useToaster = () => toaster.use()?.default ?? null;
