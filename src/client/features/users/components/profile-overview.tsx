import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { User } from '@/shared/schemas/user';
import { NotificationPreferences } from './notification-preferences';
import { ProfileDetails } from './profile-details';

/** The subscription panel: everyone is on the Free Plan, so Manage stays disabled. */
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

/** The Profile tab: details, notification preferences, the plan, and the legal links. */
export function ProfileOverview({ user }: { user: User }) {
  return (
    <>
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
    </>
  );
}
