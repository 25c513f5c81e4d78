import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useLogoutAction } from '@/client/features/auth/api/logout';
import { NotificationPreferences } from '@/client/features/users/components/notification-preferences';
import { ProfileDetails } from '@/client/features/users/components/profile-details';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { usePageTitle } from '@/client/lib/use-page-title';

function AccessRequired() {
  const { openDialog } = useAuthDialogs();
  return (
    <StatusCard icon={LockKeyhole} title="Access Required" description="Please log in to view your profile.">
      <Button onClick={() => openDialog('login')}>Log In</Button>
    </StatusCard>
  );
}

function SubscriptionPanel() {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Subscription</CardTitle>
          <CardDescription>Listing your business and requesting quotes are free.</CardDescription>
        </div>
        <Badge variant="secondary">Free Plan</Badge>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled>
          Manage
        </Button>
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  usePageTitle('My Profile');
  const { data: user, isPending } = useCurrentUser();
  const { onLogout, isLoggingOut } = useLogoutAction();

  if (isPending) {
    return (
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-10" aria-busy="true" aria-label="Loading profile">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (!user) return <AccessRequired />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Profile</h1>
        <Button variant="outline" onClick={onLogout} disabled={isLoggingOut}>
          {isLoggingOut ? 'Logging out...' : 'Log Out'}
        </Button>
      </div>
      <Tabs defaultValue="profile" className="mt-6">
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="mt-4 grid gap-6">
          <ProfileDetails user={user} />
          <NotificationPreferences user={user} />
          <SubscriptionPanel />
          <p className="text-sm text-slate-700">
            Read our{' '}
            <Link to="/privacy" className="text-blue-700 underline">
              Privacy Policy
            </Link>{' '}
            and{' '}
            <Link to="/terms" className="text-blue-700 underline">
              Terms of Service
            </Link>
            .
          </p>
        </TabsContent>
      </Tabs>
    </div>
  );
}
