/** The company page while it loads, and when it cannot be shown. */
import Building2 from 'lucide-react/icons/building-complex';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { Link } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';

export function CompanyPageSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
      <span role="status" className="sr-only">
        {t('companies.detail.loading')}
      </span>
      <div aria-hidden="true" className="grid gap-6">
        <Skeleton className="h-4 w-64" />
        <div className="flex gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <Skeleton className="size-18 shrink-0" />
          <div className="grid flex-1 gap-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-5 w-48" />
          </div>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-6">
            <Skeleton className="h-40" />
            <Skeleton className="h-72" />
          </div>
          <Skeleton className="h-96" />
        </div>
      </div>
    </div>
  );
}

/** Not found (404) with a way home; any other failure with a retry. */
export function CompanyError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const t = useT();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusCard
        icon={Building2}
        iconClassName="text-slate-600"
        title={t('companies.detail.notFound')}
        description={t('companies.detail.notFoundText')}
      >
        <Link to="/" className={buttonVariants({})}>
          {t('companies.detail.backHome')}
        </Link>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={TriangleAlert}
      iconClassName="text-red-700"
      title={t('companies.detail.error')}
      description={t('companies.detail.errorText')}
    >
      <Button onClick={onRetry}>{t('companies.tryAgain')}</Button>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        {t('companies.detail.backHome')}
      </Link>
    </StatusCard>
  );
}
