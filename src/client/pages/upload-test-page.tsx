import { LockKeyhole, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { UploadTestPanel } from '@/client/features/images/components/upload-test-panel';
import { useAppConfig } from '@/client/lib/app-config';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { usePageTitle } from '@/client/lib/use-page-title';

function AccessRequired() {
  const { openDialog } = useAuthDialogs();
  return (
    <StatusCard icon={LockKeyhole} title="Access Required" description="Please log in to use the upload test page.">
      <Button onClick={() => openDialog('login')}>Log In</Button>
    </StatusCard>
  );
}

/** /upload-test (001 §2 test pages): everyone signed in during development, admins only in production. */
export default function UploadTestPage() {
  usePageTitle('Upload Test');
  const { data: user, isPending: userPending } = useCurrentUser();
  const config = useAppConfig();

  if (userPending || (user && config.isPending)) {
    return (
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-10" aria-busy="true" aria-label="Loading upload test">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!user) return <AccessRequired />;
  // Without an answer the server is taken to be in production: the safe side.
  const isProduction = config.data?.isProduction ?? true;
  if (isProduction && !user.isAdmin) {
    return (
      <StatusCard
        icon={ShieldAlert}
        iconClassName="text-red-700"
        title="Access Denied"
        description="The upload test page is for administrators only."
      >
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to Home
        </Link>
      </StatusCard>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Upload Test</h1>
      <p className="mt-2 text-slate-700">
        Send one image through the upload pipeline and see what is stored.
        {!isProduction && ' Open to every signed-in user in development.'}
      </p>
      <div className="mt-6">
        <UploadTestPanel />
      </div>
    </div>
  );
}
