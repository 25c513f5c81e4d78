import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccessRequired } from '@/client/components/access-required';
import { StatusCard } from '@/client/components/status-card';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useAppConfig } from '@/client/lib/app-config';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';

/**
 * The test pages (/upload-test, /websocket-test): every signed-in user in development,
 * administrators only in production. Without an answer the server is taken to be in production.
 * `pageName` is said inside sentences ("the upload test page"), in the page's language.
 */
export function TestPageGate({ pageName, children }: { pageName: string; children(isProduction: boolean): ReactNode }) {
  const t = useT();
  const { data: user, isPending: userPending } = useCurrentUser();
  const config = useAppConfig();

  if (userPending || (user && config.isPending)) {
    return (
      <div
        className="mx-auto grid max-w-4xl gap-4 px-4 py-10"
        aria-busy="true"
        aria-label={t('common.testPageGate.loading', { pageName })}
      >
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!user) return <AccessRequired description={t('common.testPageGate.logInToUse', { pageName })} />;
  const isProduction = config.data?.isProduction ?? true;
  if (isProduction && !user.isAdmin) {
    return (
      <StatusCard
        icon={ShieldAlert}
        iconClassName="text-red-700"
        title={t('common.testPageGate.accessDenied')}
        description={t('common.testPageGate.adminsOnly', { pageName })}
      >
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {t('common.testPageGate.backHome')}
        </Link>
      </StatusCard>
    );
  }
  return <>{children(isProduction)}</>;
}
