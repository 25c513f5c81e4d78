import { LockKeyhole } from 'lucide-react';
import { useEffect } from 'react';
import { StatusCard } from '@/client/components/status-card';
import { Button } from '@/client/components/ui/button';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';

/** What a signed-out visitor sees on a screen that needs an account, with a way to log in. */
export function AccessRequired({ description, openLogin = false }: { description: string; openLogin?: boolean }) {
  const { openDialog } = useAuthDialogs();
  // Some screens (the quote page) open the login dialog straight away.
  useEffect(() => {
    if (openLogin) openDialog('login');
  }, [openLogin, openDialog]);
  return (
    <StatusCard icon={LockKeyhole} title="Access Required" description={description}>
      <Button onClick={() => openDialog('login')}>Log In</Button>
    </StatusCard>
  );
}
