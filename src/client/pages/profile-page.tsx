import { lazy, Suspense } from 'react';
import { LabelledSelect } from '@/client/components/labelled-select';
import { AccessRequired } from '@/client/components/access-required';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useLogoutAction } from '@/client/features/auth/api/logout';
import { CoinsPanel } from '@/client/features/coins/components/coins-panel';
import { CredentialsPanel } from '@/client/features/credentials/components/credentials-panel';
import { OpeningHoursPanel } from '@/client/features/credentials/components/opening-hours-form';
import { useUserCompanies } from '@/client/features/companies/api/get-user-companies';
import { OwnerCompanies } from '@/client/features/companies/components/owner-companies';
import { PhotoManager } from '@/client/features/images/components/photo-manager';
import { LeadPreferencesPanel } from '@/client/features/leads/components/lead-preferences-form';
import { MyReportsPanel } from '@/client/features/moderation/components/my-reports-panel';
import { PlacementCard } from '@/client/features/leads/components/placement-card';
import { DeleteAccountSection } from '@/client/features/privacy/components/delete-account-section';
import { DownloadDataSection } from '@/client/features/privacy/components/download-data-section';
import { ProfileOverview } from '@/client/features/users/components/profile-overview';
import { loadChunk } from '@/client/lib/chunk-load-error';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';
import { useAddressQuery } from '@/client/lib/use-address-query';
import { usePageTitle } from '@/client/lib/use-page-title';
import type { User } from '@/shared/schemas/user';

// Fetched when the Insight tab opens: no other tab pays for its code or its chart.
const InsightPanel = lazy(() => loadChunk(() => import('@/client/features/insight/components/insight-panel')));

const TABS = ['profile', 'companies', 'coins', 'leads', 'credentials', 'insight', 'photos', 'reports', 'privacy'] as const;
type TabName = (typeof TABS)[number];
/** The tabs that show one company, named in the address. */
type CompanyTab = 'photos' | 'leads' | 'insight' | 'credentials';
const isTab = (value: string | null): value is TabName => TABS.includes(value as TabName);

/**
 * The profile's tabs: Profile, Companies, and for owners of a company Coins, Leads (a company's
 * lead preferences), Credentials & Hours, Insight (what a company's listing brought) and Manage
 * Photos; then Reports (what the user reported and their own items a moderator hid or removed) and
 * Privacy & data (a copy of one's data, deleting the account). The company tabs show the chosen
 * company, or the first one; a customer sees none of them. The tab and the chosen company live in
 * the address (?tab=photos&company=12), so a reload or a shared link lands on the same screen.
 */
function ProfileTabs({ user }: { user: User }) {
  const t = useT();
  const [params, changeParams] = useAddressQuery();
  const companies = useUserCompanies(user.id);
  const owned = companies.data ?? [];
  const hasCompanies = owned.length > 0;
  // The company tabs show the chosen company, or the first one.
  const chosenCompany = owned.find((company) => String(company.id) === params.get('company')) ?? owned[0] ?? null;

  const requested = params.get('tab');
  let tab: TabName = isTab(requested) ? requested : 'profile';
  // Until the companies are known, a requested company tab waits for them.
  const isCompanyTab = tab === 'coins' || tab === 'leads' || tab === 'insight' || tab === 'credentials' || tab === 'photos';
  if (!companies.isPending && isCompanyTab && !hasCompanies) tab = 'profile';

  const setTab = (next: string) =>
    changeParams(
      (updated) => {
        if (next === 'profile') updated.delete('tab');
        else updated.set('tab', next);
      },
      { replace: true },
    );
  const chooseCompany = (companyTab: CompanyTab, companyId: number) =>
    changeParams(
      (updated) => {
        updated.set('tab', companyTab);
        updated.set('company', String(companyId));
      },
      { replace: true },
    );
  const choosePhotoCompany = (companyId: number) => chooseCompany('photos', companyId);
  const companyChooser = (companyTab: CompanyTab, chosen: { id: number }) =>
    owned.length > 1 && (
      // min-w-0: a long company name must not widen the tab past the screen.
      <div className="flex min-w-0 justify-end">
        <LabelledSelect
          label={t('users.profile.company')}
          value={String(chosen.id)}
          options={owned.map((company) => ({ value: String(company.id), label: company.name }))}
          onChange={(value) => chooseCompany(companyTab, Number(value))}
        />
      </div>
    );

  return (
    <Tabs value={tab} onValueChange={setTab} className="mt-6">
      {/* An owner has nine tabs: they wrap onto a second row rather than run out of sight. */}
      <TabsList className="h-auto w-full flex-wrap justify-start">
        <TabsTrigger value="profile" className="h-8 px-2 sm:px-3">
          {t('users.profile.tabProfile')}
        </TabsTrigger>
        <TabsTrigger value="companies" className="h-8 px-2 sm:px-3">
          {t('users.profile.tabCompanies')}
        </TabsTrigger>
        {hasCompanies && (
          <TabsTrigger value="coins" className="h-8 px-2 sm:px-3">
            {t('users.profile.tabCoins')}
          </TabsTrigger>
        )}
        {hasCompanies && (
          <TabsTrigger value="leads" className="h-8 px-2 sm:px-3">
            {t('users.profile.tabLeads')}
          </TabsTrigger>
        )}
        {hasCompanies && (
          <TabsTrigger value="credentials" className="h-8 px-2 sm:px-3">
            {t('users.profile.tabCredentials')}
          </TabsTrigger>
        )}
        {hasCompanies && (
          <TabsTrigger value="insight" className="h-8 px-2 sm:px-3">
            {t('users.profile.tabInsight')}
          </TabsTrigger>
        )}
        {hasCompanies && (
          <TabsTrigger value="photos" className="h-8 px-2 sm:px-3">
            {t('users.profile.tabPhotos')}
          </TabsTrigger>
        )}
        <TabsTrigger value="reports" className="h-8 px-2 sm:px-3">
          {t('users.profile.tabReports')}
        </TabsTrigger>
        <TabsTrigger value="privacy" className="h-8 px-2 sm:px-3">
          {t('users.profile.tabPrivacy')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile" className="mt-4 grid gap-6">
        <ProfileOverview user={user} ownsCompanies={hasCompanies} privacyHref="?tab=privacy" />
      </TabsContent>
      <TabsContent value="privacy" className="mt-4 grid gap-6">
        <DownloadDataSection />
        <DeleteAccountSection />
      </TabsContent>
      <TabsContent value="companies" className="mt-4">
        <OwnerCompanies user={user} onManagePhotos={choosePhotoCompany} />
      </TabsContent>
      {hasCompanies && (
        <TabsContent value="coins" className="mt-4">
          <CoinsPanel />
        </TabsContent>
      )}
      {chosenCompany && (
        <TabsContent value="leads" className="mt-4 grid gap-4">
          {companyChooser('leads', chosenCompany)}
          <PlacementCard key={`placement-${chosenCompany.id}`} companyId={chosenCompany.id} companyName={chosenCompany.name} />
          <LeadPreferencesPanel key={chosenCompany.id} companyId={chosenCompany.id} companyName={chosenCompany.name} />
        </TabsContent>
      )}
      {chosenCompany && (
        <TabsContent value="credentials" className="mt-4 grid gap-4">
          {companyChooser('credentials', chosenCompany)}
          <CredentialsPanel
            key={`credentials-${chosenCompany.id}`}
            companyId={chosenCompany.id}
            companyName={chosenCompany.name}
          />
          <OpeningHoursPanel key={`hours-${chosenCompany.id}`} companyId={chosenCompany.id} companyName={chosenCompany.name} />
        </TabsContent>
      )}
      {chosenCompany && (
        <TabsContent value="insight" className="mt-4 grid gap-4">
          {companyChooser('insight', chosenCompany)}
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <InsightPanel key={chosenCompany.id} companyId={chosenCompany.id} companyName={chosenCompany.name} />
          </Suspense>
        </TabsContent>
      )}
      {chosenCompany && (
        <TabsContent value="photos" className="mt-4 grid gap-4">
          {companyChooser('photos', chosenCompany)}
          <PhotoManager key={chosenCompany.id} companyId={chosenCompany.id} companyName={chosenCompany.name} />
        </TabsContent>
      )}
      <TabsContent value="reports" className="mt-4">
        <MyReportsPanel />
      </TabsContent>
    </Tabs>
  );
}

export default function ProfilePage() {
  const t = useT();
  usePageTitle(t('users.profile.title'));
  const { data: user, isPending } = useCurrentUser();
  const { onLogout, isLoggingOut } = useLogoutAction();

  if (isPending) {
    return (
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-10" aria-busy="true" aria-label={t('users.profile.loading')}>
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (!user) return <AccessRequired description={t('users.profile.logInToView')} />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('users.profile.title')}</h1>
        <Button variant="outline" onClick={onLogout} disabled={isLoggingOut}>
          {isLoggingOut ? t('users.profile.loggingOut') : t('users.profile.logOut')}
        </Button>
      </div>
      <ProfileTabs user={user} />
    </div>
  );
}
