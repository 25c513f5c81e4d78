import { Skeleton } from '@/client/components/ui/skeleton';
import { useT } from '@/client/lib/i18n';
import { companyGridClassName } from './company-card';

/** Placeholders shaped like the real listings, so nothing jumps when data arrives. */

export function CompanyCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <Skeleton className="h-24 rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <Skeleton className="size-12 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-8 w-full" />
      </div>
    </div>
  );
}

/** The status text is announced; the shapes themselves are hidden from assistive technology. */
function LoadingStatus() {
  const t = useT();
  return (
    <span role="status" className="sr-only">
      {t('companies.skeleton.loading')}
    </span>
  );
}

export function CompanyGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div>
      <LoadingStatus />
      <div className={companyGridClassName} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <CompanyCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

export function CompanyTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div>
      <LoadingStatus />
      <div aria-hidden="true" className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="flex gap-4 border-b border-slate-200 bg-slate-50 px-3 py-3">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-3 w-16" />
          <Skeleton className="hidden h-3 w-20 sm:block" />
          <Skeleton className="hidden h-3 w-20 md:block" />
        </div>
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex items-center gap-4 border-b border-slate-200 px-3 py-3 last:border-b-0">
            <Skeleton className="size-9 shrink-0" />
            <Skeleton className="h-4 w-1/4 min-w-24" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="hidden h-4 w-28 sm:block" />
            <Skeleton className="hidden h-4 flex-1 md:block" />
            <Skeleton className="ms-auto size-6 shrink-0 rounded-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
