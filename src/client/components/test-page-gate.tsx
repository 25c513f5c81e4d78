import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccessRequired } from '@/client/components/access-required';
import { StatusCard } from '@/client/components/status-card';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useAppConfig } from '@/client/lib/app-config';
import { useCurrentUser } from '@/client/lib/current-user';

/**
 * The test pages (/upload-test, /websocket-test): every signed-in user in development,
 * administrators only in production. Without an answer the server is taken to be in production.
 */
export function TestPageGate({ pageName, children }: { pageName: string; children(isProduction: boolean): ReactNode }) {
  const { data: user, isPending: userPending } = useCurrentUser();
  const config = useAppConfig();

  if (userPending || (user && config.isPending)) {
    return (
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-10" aria-busy="true" aria-label={`Loading ${pageName}`}>
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!user) return <AccessRequired description={`Please log in to use the ${pageName} page.`} />;
  const isProduction = config.data?.isProduction ?? true;
  if (isProduction && !user.isAdmin) {
    return (
      <StatusCard
        icon={ShieldAlert}
        iconClassName="text-red-700"
        title="Access Denied"
        description={`The ${pageName} page is for administrators only.`}
      >
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to Home
        </Link>
      </StatusCard>
    );
  }
  return <>{children(isProduction)}</>;
}
