import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import { useEffect } from 'react';
import { StatusCard } from '@/client/components/status-card';
import { Button } from '@/client/components/ui/button';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useT } from '@/client/lib/i18n';

/** What a signed-out visitor sees on a screen that needs an account, with a way to log in. */
export function AccessRequired({ description, openLogin = false }: { description: string; openLogin?: boolean }) {
  const t = useT();
  const { openDialog } = useAuthDialogs();
  // Some screens (the quote page) open the login dialog straight away.
  useEffect(() => {
    if (openLogin) openDialog('login');
  }, [openLogin, openDialog]);
  return (
    <StatusCard icon={LockKeyhole} title={t('common.accessRequired.title')} description={description}>
      <Button onClick={() => openDialog('login')}>{t('common.accessRequired.logIn')}</Button>
    </StatusCard>
  );
}
