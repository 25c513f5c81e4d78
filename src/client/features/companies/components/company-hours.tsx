import Clock from 'lucide-react/icons/clock';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { WEEKDAY_NAMES } from '@/client/entities/companies/weekday-names';
import { useT } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import { runsPastMidnight, WEEKDAYS } from '@/shared/week';

/** "America/Chicago" → "Chicago" ("Chicago time"), enough to say whose clock the hours are on. */
const zoneCity = (zone: string) => zone.split('/').pop()?.replaceAll('_', ' ') ?? zone;

/**
 * The company page's opening hours, in the company's own time zone, with "Open now" or "Closed
 * now" as the server computed it for this answer (so the page shows the same on every device).
 */
export function CompanyHours({ company }: { company: Company }) {
  const t = useT();
  const opening = company.openingHours;
  if (!opening || (!opening.hours && !opening.note)) return null;
  const pastMidnight = WEEKDAYS.some((day) => {
    const span = opening.hours?.[day];
    return span ? runsPastMidnight(span) : false;
  });
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Clock className="size-5 text-slate-600" aria-hidden />
          {t('companies.hours.title')}
          {opening.openNow !== null && (
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-sm font-medium',
                opening.openNow ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800',
              )}
            >
              {t(opening.openNow ? 'companies.hours.openNow' : 'companies.hours.closedNow')}
            </span>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {opening.hours && (
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
            {WEEKDAYS.map((day) => {
              const span = opening.hours?.[day];
              return (
                <div key={day} className="contents">
                  <dt className="font-medium text-slate-900">{t(WEEKDAY_NAMES[day])}</dt>
                  <dd className="text-slate-800">
                    {span ? t('companies.hours.span', { opens: span.opens, closes: span.closes }) : t('companies.hours.closed')}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
        {opening.hours && (
          <p className="text-xs text-slate-700">
            {t('companies.hours.timeZone', { city: zoneCity(opening.timeZone), zone: opening.timeZone })}
            {pastMidnight && <> {t('companies.hours.pastMidnight')}</>}
          </p>
        )}
        {opening.note && <p className="text-slate-800">{opening.note}</p>}
      </CardContent>
    </Card>
  );
}
