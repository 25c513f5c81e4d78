/**
 * The profile's Companies tab: the owner's companies, inactive ones included, each with edit,
 * activate/deactivate behind a confirm, photos, its public page and its lead log.
 */
import Building2 from 'lucide-react/icons/building-complex';
import ExternalLink from 'lucide-react/icons/external-link';
import Images from 'lucide-react/icons/images';
import Pencil from 'lucide-react/icons/pencil';
import Power from 'lucide-react/icons/power';
import PowerOff from 'lucide-react/icons/power-off';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
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
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
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
  const t = useT();
  const titleId = `owned-company-${company.id}`;
  const place = [company.city, company.state].filter(Boolean).join(', ');
  // The company's name, read after the visible word ("Edit Acme Plumbing").
  const named = { values: { name: company.name }, parts: { 0: <span className="sr-only" /> } };
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
              {company.isActive ? (
                <Badge variant="success">{t('companies.owner.active')}</Badge>
              ) : (
                <Badge variant="destructive">{t('companies.listing.inactive')}</Badge>
              )}
            </div>
            <p className="text-sm text-slate-700">{[company.categoryName, place].filter(Boolean).join(' · ')}</p>
            <StarRatingDisplay value={company.averageRating} count={company.ratingsCount} className="mt-1" />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} onPointerEnter={preloadBusinessDialog}>
            <Pencil aria-hidden />
            <Message id="companies.owner.edit" {...named} />
          </Button>
          <Button variant="outline" size="sm" onClick={onToggleActive}>
            {company.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            <Message id={company.isActive ? 'companies.owner.deactivate' : 'companies.owner.activate'} {...named} />
          </Button>
          <Button variant="outline" size="sm" onClick={onManagePhotos}>
            <Images aria-hidden />
            <Message id="companies.owner.managePhotos" {...named} />
          </Button>
          <Link to={`/companies/${company.id}?from=profile`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <ExternalLink aria-hidden />
            <Message id="companies.owner.view" {...named} />
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
  const t = useT();
  const translateText = useTranslateText();
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
        t(deactivating ? 'companies.owner.deactivatedTitle' : 'companies.owner.activatedTitle'),
        t(deactivating ? 'companies.owner.deactivatedText' : 'companies.owner.activatedText', { name: shown.name }),
      );
      onClose();
    } catch (error) {
      notify.error(t('companies.owner.statusFailed'), translateText(errorMessage(error, t('companies.owner.statusFailedText'))));
    }
  };

  return (
    <ConfirmDialog
      open={company !== null}
      title={t(deactivating ? 'companies.owner.confirmDeactivateTitle' : 'companies.owner.confirmActivateTitle', {
        name: shown?.name ?? '',
      })}
      description={t(deactivating ? 'companies.owner.confirmDeactivateText' : 'companies.owner.confirmActivateText')}
      confirmLabel={t(deactivating ? 'companies.owner.confirmDeactivate' : 'companies.owner.confirmActivate')}
      busyLabel={t('companies.owner.saving')}
      isBusy={busy}
      variant={deactivating ? 'destructive' : 'default'}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}

function CompaniesSkeleton() {
  const t = useT();
  return (
    <LoadingList label={t('companies.owner.loading')} className="grid gap-4">
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
  const t = useT();
  const companies = useUserCompanies(user.id);
  const { openEditBusiness } = useBusinessDialog();
  const [confirming, setConfirming] = useState<Company | null>(null);

  return (
    <section aria-labelledby="owner-companies-title" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="owner-companies-title" className="text-xl font-semibold text-slate-900">
            {t('companies.myCompanies')}
          </h2>
          <p className="text-sm text-slate-700">{t('companies.owner.intro')}</p>
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
          <RetryAlert title={t('companies.owner.loadFailed')} icon={TriangleAlert} onRetry={() => void companies.refetch()} />
        }
        empty={
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <Building2 className="size-10 text-slate-500" aria-hidden />
            <h3 className="text-lg font-semibold text-slate-900">{t('companies.owner.emptyTitle')}</h3>
            <p className="max-w-md text-sm text-slate-700">{t('companies.owner.emptyText')}</p>
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
