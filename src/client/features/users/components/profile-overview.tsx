import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { User } from '@/shared/schemas/user';
import { NotificationPreferences } from './notification-preferences';
import { ProfileDetails } from './profile-details';

/**
 * A business owner's plan: every listing is on the Free Plan, and there is no paid plan to change
 * to, so Manage stays disabled and says why.
 */
function SubscriptionPanel() {
  const reasonId = useId();
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Subscription</CardTitle>
          <CardDescription>Listing your business is free; you pay coins only to reply to a request.</CardDescription>
        </div>
        <Badge variant="secondary">Free Plan</Badge>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled aria-describedby={reasonId}>
          Manage
        </Button>
        <p id={reasonId} className="text-sm text-slate-700">
          There is no paid plan to change to.
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * The Profile tab: details, notification preferences, the plan (for business owners), and where
 * one's data is kept. A customer sees only what applies to a customer.
 */
export function ProfileOverview({
  user,
  ownsCompanies,
  privacyHref,
}: {
  user: User;
  ownsCompanies: boolean;
  privacyHref: string;
}) {
  return (
    <>
      <ProfileDetails user={user} />
      <NotificationPreferences user={user} ownsCompanies={ownsCompanies} />
      {ownsCompanies && <SubscriptionPanel />}
      <p className="text-sm text-slate-700">
        To download a copy of your data or delete your account, open{' '}
        <Link to={privacyHref} className="text-blue-700 underline">
          Privacy &amp; data
        </Link>
        .
      </p>
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
