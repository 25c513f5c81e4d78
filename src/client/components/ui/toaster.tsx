/** sonner's Toaster with the app's settings, and its `toast`; loaded with the first toast (lib/notify.ts). */
import { Toaster } from 'sonner';
import { useT } from '@/client/lib/i18n';
import { TOAST_DURATION_MS } from '@/shared/constants';

/**
 * On a phone a toast spans the width: it goes below the header bar (4rem, `h-16` in
 * layout/site-header.tsx), not over it, where one that pauses under a resting finger kept the
 * account menu out of reach. Wider screens keep it over the bar's middle, clear of its buttons.
 */
const BELOW_HEADER = { top: 72 };

export { toast } from 'sonner';

export default function AppToaster() {
  const t = useT();
  return (
    <Toaster
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      position="top-center"
      mobileOffset={BELOW_HEADER}
      containerAriaLabel={t('common.toaster.label')}
      toastOptions={{
        closeButtonAriaLabel: t('common.toaster.close'),
        classNames: { title: '!text-slate-900', description: '!text-slate-700', icon: '!text-blue-700' },
      }}
    />
  );
}
