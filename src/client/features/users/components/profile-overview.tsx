import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Message, useT } from '@/client/lib/i18n';
import type { User } from '@/shared/schemas/user';
import { LanguagePreference } from './language-preference';
import { NotificationPreferences } from './notification-preferences';
import { ProfileDetails } from './profile-details';

/**
 * A business owner's plan: every listing is on the Free Plan, and there is no paid plan to change
 * to, so Manage stays disabled and says why.
 */
function SubscriptionPanel() {
  const t = useT();
  const reasonId = useId();
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>{t('users.subscription.title')}</CardTitle>
          <CardDescription>{t('users.subscription.description')}</CardDescription>
        </div>
        <Badge variant="secondary">{t('users.subscription.freePlan')}</Badge>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled aria-describedby={reasonId}>
          {t('users.subscription.manage')}
        </Button>
        <p id={reasonId} className="text-sm text-slate-700">
          {t('users.subscription.noPaidPlan')}
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
      <LanguagePreference user={user} />
      {ownsCompanies && <SubscriptionPanel />}
      <p className="text-sm text-slate-700">
        <Message id="users.overview.privacyHint" parts={{ 0: <Link to={privacyHref} className="text-blue-700 underline" /> }} />
      </p>
      <p className="text-sm text-slate-700">
        <Message
          id="users.overview.legalLinks"
          parts={{
            0: <Link to="/privacy" className="text-blue-700 underline" />,
            1: <Link to="/terms" className="text-blue-700 underline" />,
          }}
        />
      </p>
    </>
  );
}
