/** sonner's Toaster with the app's settings, and its `toast`; loaded with the first toast (lib/notify.ts). */
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@/shared/constants';

export { toast } from 'sonner';

export default function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      position="top-center"
      toastOptions={{ classNames: { title: '!text-slate-900', description: '!text-slate-700', icon: '!text-blue-700' } }}
    />
  );
}
