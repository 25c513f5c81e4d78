/**
 * The profile's Companies tab: the owner's companies, inactive ones included, each with edit,
 * activate/deactivate behind a confirm, photos, its public page and its lead log.
 */
import { Building2, ExternalLink, Images, Pencil, Power, PowerOff, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { notify } from '@/client/lib/notify';
import type { Company } from '@/shared/schemas/company';
import type { User } from '@/shared/schemas/user';
import { useUserCompanies } from '../api/get-user-companies';
import { useSetCompanyActive } from '../api/set-company-active';
import { AddBusinessButton } from './add-business-button';
import { preloadBusinessDialog } from './business-dialogs';
import { CompanyLogo } from './company-logo';
import { LeadLogPanel } from './lead-log';
import { StarRatingDisplay } from '@/client/components/star-rating';

function CompanyRow({
  company,
  onEdit,
  onToggleActive,
  onManagePhotos,
}: {
  company: Company;
  onEdit(): void;
  onToggleActive(): void;
  onManagePhotos(): void;
}) {
  const titleId = `owned-company-${company.id}`;
  const place = [company.city, company.state].filter(Boolean).join(', ');
  const named = <span className="sr-only"> {company.name}</span>;
  return (
    <li>
      <Card
        role="article"
        aria-labelledby={titleId}
        className={cn('grid gap-4 p-4 sm:p-6', !company.isActive && 'border-red-200 bg-red-50/40')}
      >
        <div className="flex items-start gap-4">
          <CompanyLogo company={company} size={56} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
                {company.name}
              </h3>
              {company.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="destructive">Inactive</Badge>}
            </div>
            <p className="text-sm text-slate-700">{[company.categoryName, place].filter(Boolean).join(' · ')}</p>
            <StarRatingDisplay value={company.averageRating} count={company.ratingsCount} className="mt-1" />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} onPointerEnter={preloadBusinessDialog}>
            <Pencil aria-hidden />
            Edit{named}
          </Button>
          <Button variant="outline" size="sm" onClick={onToggleActive}>
            {company.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {company.isActive ? 'Deactivate' : 'Activate'}
            {named}
          </Button>
          <Button variant="outline" size="sm" onClick={onManagePhotos}>
            <Images aria-hidden />
            Manage Photos{named}
          </Button>
          <Link to={`/companies/${company.id}?from=profile`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <ExternalLink aria-hidden />
            View{named}
          </Link>
        </div>
        <div className="border-t border-slate-200 pt-4">
          <LeadLogPanel companyId={company.id} companyName={company.name} />
        </div>
      </Card>
    </li>
  );
}

function ConfirmActiveDialog({ company, onClose }: { company: Company | null; onClose(): void }) {
  const setActive = useSetCompanyActive();
  // Kept while the dialog closes, so its text does not change under the user.
  const [shown, setShown] = useState<Company | null>(company);
  if (company && company !== shown) setShown(company);
  const busy = setActive.isPending;
  const deactivating = shown?.isActive ?? true;

  const onConfirm = async () => {
    if (!shown) return;
    try {
      await setActive.mutateAsync({ id: shown.id, isActive: !shown.isActive });
      notify.success(
        deactivating ? 'Business deactivated' : 'Business activated',
        deactivating
          ? `${shown.name} is now hidden from search and category listings.`
          : `${shown.name} appears in search and category listings again.`,
      );
      onClose();
    } catch (error) {
      notify.error('Failed to update company status', errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <ConfirmDialog
      open={company !== null}
      title={`${deactivating ? 'Deactivate' : 'Activate'} ${shown?.name ?? ''}?`}
      description={
        deactivating
          ? 'Customers will no longer find it in search or category listings, and it will not receive new quote requests. It stays here, and you can activate it again at any time.'
          : 'It will appear again in search and category listings and can receive quote requests.'
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      busyLabel="Saving..."
      isBusy={busy}
      variant={deactivating ? 'destructive' : 'default'}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}

function CompaniesSkeleton() {
  return (
    <LoadingList label="Loading your companies…" className="grid gap-4">
      {[0, 1].map((key) => (
        <div key={key} aria-hidden="true" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <div className="flex gap-4">
            <Skeleton className="size-14 shrink-0" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-40" />
            </div>
          </div>
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </LoadingList>
  );
}

export function OwnerCompanies({ user, onManagePhotos }: { user: User; onManagePhotos(companyId: number): void }) {
  const companies = useUserCompanies(user.id);
  const { openEditBusiness } = useBusinessDialog();
  const [confirming, setConfirming] = useState<Company | null>(null);

  return (
    <section aria-labelledby="owner-companies-title" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="owner-companies-title" className="text-xl font-semibold text-slate-900">
            My Companies
          </h2>
          <p className="text-sm text-slate-700">Inactive companies are hidden from customers but stay here.</p>
        </div>
        {companies.data && companies.data.length > 0 && <AddBusinessButton user={user} className="sm:items-end" />}
      </div>

      <ListStates
        data={companies.data}
        isPending={companies.isPending}
        isError={companies.isError}
        isEmpty={(list) => list.length === 0}
        loading={<CompaniesSkeleton />}
        error={
          <RetryAlert title="Your companies could not be loaded" icon={TriangleAlert} onRetry={() => void companies.refetch()} />
        }
        empty={
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <Building2 className="size-10 text-slate-500" aria-hidden />
            <h3 className="text-lg font-semibold text-slate-900">No businesses yet</h3>
            <p className="max-w-md text-sm text-slate-700">
              List your business for free, get launch coins and start answering quote requests from customers near you.
            </p>
            <AddBusinessButton user={user} className="items-center" />
          </Card>
        }
      >
        {(list) => (
          <ul className="grid gap-4">
            {list.map((company) => (
              <CompanyRow
                key={company.id}
                company={company}
                onEdit={() => openEditBusiness(company)}
                onToggleActive={() => setConfirming(company)}
                onManagePhotos={() => onManagePhotos(company.id)}
              />
            ))}
          </ul>
        )}
      </ListStates>

      <ConfirmActiveDialog company={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}
