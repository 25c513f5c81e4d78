/**
 * In the owner's Leads tab: where the company appears on its category's page and in a search near
 * its ZIP code (Top Rated, the default), and why — the listings' own order, counted.
 */
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { PLACEMENT_RADIUS_MILES, type Placement } from '@/shared/schemas/leads';
import { usePlacement } from '../api/get-placement';

const linkClass = 'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800';

function Place({ label, to, place }: { label: string; to: string; place: Placement['category'] }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 py-2 last:border-b-0">
      <Link to={to} className={linkClass}>
        {label}
      </Link>
      <span className="text-sm text-slate-800">
        {place.position === null ? (
          t('leads.placement.notListed')
        ) : (
          <Message
            id="leads.placement.position"
            values={{ position: String(place.position), total: String(place.total), page: String(place.page) }}
            parts={{ 0: <strong /> }}
          />
        )}
      </span>
    </div>
  );
}

export function PlacementCard({ companyId, companyName }: { companyId: number; companyName: string }) {
  const t = useT();
  const translateText = useTranslateText();
  const placement = usePlacement(companyId);
  let body;
  if (placement.isPending) {
    body = (
      <div aria-busy="true">
        <span role="status" className="sr-only">
          {t('leads.placement.loading')}
        </span>
        <Skeleton className="h-28 w-full" />
      </div>
    );
  } else if (placement.isError)
    body = <Alert variant="error">{translateText(errorMessage(placement.error, t('leads.placement.loadFailed')))}</Alert>;
  else {
    const p = placement.data;
    body = (
      <div className="grid gap-3">
        <div>
          <Place
            label={t('leads.placement.categoryPage', { category: p.categoryName })}
            to={`/categories/${p.categorySlug}`}
            place={p.category}
          />
          {p.nearZip && (
            <Place
              label={t('leads.placement.searchNear', { zip: p.zip, miles: String(PLACEMENT_RADIUS_MILES) })}
              to={`/search?location=${encodeURIComponent(p.zip)}`}
              place={p.nearZip}
            />
          )}
        </div>
        <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
          {p.reasons.map((reason) => (
            <li key={reason}>{translateText(reason)}</li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">
          <Message id="leads.placement.defaultOrder" parts={{ 0: <Link to="/how-it-works" className={linkClass} /> }} />
        </p>
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('leads.placement.title', { company: companyName })}</CardTitle>
        <CardDescription>{t('leads.placement.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
