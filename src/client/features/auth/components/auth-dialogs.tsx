/**
 * The four account dialogs, and the watcher that opens the reset dialog from `?token=`.
 *
 * The dialogs (react-hook-form, zod, Radix dialog) are a chunk of their own, fetched the first
 * time one opens, so that no page pays for them before interaction. The watcher only needs the
 * small api module and stays in the entry.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tokenCheckFailure } from '../lib/reset-errors';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { onDemand } from '@/client/lib/on-demand';
import { DATA_EXPORT_PAGE } from '@/shared/constants';
import { verifyResetToken } from '../api/password-reset';

const accountDialogs = onDemand(() => import('./account-dialogs'));

/** Starts fetching the dialogs ahead of a likely click (hover or focus on Log In / Sign Up). */
export const preloadAccountDialogs = accountDialogs.preload;

/** Screens that read `token` themselves (the mailed data-export link's token is no reset token). */
const TOKEN_PAGES = new Set(['/reset-password', '/verify-email', DATA_EXPORT_PAGE]);

/**
 * A token in the address opens the reset dialog once the token is verified; the parameter is then
 * removed from the address, so it does not linger in history or a shared link.
 */
function ResetTokenWatcher() {
  const location = useLocation();
  const navigate = useNavigate();
  const { openDialog } = useAuthDialogs();
  const t = useT();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (TOKEN_PAGES.has(location.pathname)) return;
    const params = new URLSearchParams(location.search);
    const token = params.get('token');
    if (!token || handled.current === token) return;
    handled.current = token;
    params.delete('token');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    verifyResetToken(token).then(
      () => openDialog('reset', { resetToken: token }),
      (error: unknown) => {
        const detail = tokenCheckFailure(t, error);
        console.warn('reset token refused', detail);
        notify.error(t('auth.resetWatcher.invalidTitle'), detail);
      },
    );
  }, [location, navigate, openDialog, t]);
  return null;
}

export function AuthDialogs() {
  const { view, closeDialog } = useAuthDialogs();
  const module = accountDialogs.use();
  const t = useT();

  useEffect(() => {
    if (view === null || module) return;
    accountDialogs.load().catch((error: unknown) => {
      console.warn('account dialogs unavailable', error);
      closeDialog();
      notify.error(t('auth.dialogs.loadFailedTitle'), t('auth.dialogs.loadFailed'));
    });
  }, [view, module, closeDialog, t]);

  // Once fetched, the dialogs stay mounted, as they always were.
  const Dialogs = module?.default;
  return (
    <>
      <ResetTokenWatcher />
      {Dialogs && <Dialogs />}
    </>
  );
}
