/**
 * The owner's lead log for one company: five totals for the last 30 days (hires among them) and
 * what a hire cost in coins, a small bar chart of page views per day, and the same numbers as a
 * table for anyone who cannot see the chart (the chart itself is hidden from assistive technology).
 */
import { DaysTable } from '@/client/components/days-table';
import { ScrollRegion } from '@/client/components/scroll-region';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/components/ui/cn';
import { formatDate } from '@/client/lib/format';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { LEAD_LOG_DAYS, type LeadLog } from '@/shared/schemas/business';
import { useLeadLog } from '../api/get-lead-log';
import { costPerHireText } from '../lib/cost-per-hire';

/** '2025-03-05' → 'Mar 5', read as a calendar day (no time zone shift). */
const formatDay = (day: string) => formatDate(day, 'short') || day;

const TILES: { key: keyof LeadLog['totals']; label: MessageKey }[] = [
  { key: 'pageViews', label: 'companies.leadLog.pageViews' },
  { key: 'quoteRequests', label: 'companies.leadLog.quoteRequests' },
  { key: 'repliesSent', label: 'companies.leadLog.repliesSent' },
  { key: 'coinsSpent', label: 'companies.leadLog.coinsSpent' },
  { key: 'hires', label: 'companies.leadLog.hires' },
];

function PageViewsChart({ days }: { days: LeadLog['days'] }) {
  const t = useT();
  const max = Math.max(1, ...days.map((day) => day.pageViews));
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <div aria-hidden="true">
      <p className="text-xs font-medium text-slate-700">{t('companies.leadLog.chartTitle')}</p>
      <div className="mt-1 flex h-16 items-end gap-px rounded-md bg-slate-50 px-1 pt-1">
        {days.map((day) => (
          <div
            key={day.day}
            title={t('companies.leadLog.dayViews', { day: formatDay(day.day), count: day.pageViews })}
            className="flex-1 rounded-t-sm bg-blue-600"
            style={{
              height: `${day.pageViews ? Math.max(6, (day.pageViews / max) * 100) : 2}%`,
              opacity: day.pageViews ? 1 : 0.3,
            }}
          />
        ))}
      </div>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      )}
    </div>
  );
}

function DailyTable({ log, companyName }: { log: LeadLog; companyName: string }) {
  const t = useT();
  // Newest first: the days an owner usually looks for.
  const days = [...log.days].reverse();
  return (
    <details className="group rounded-md border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
        {t('companies.leadLog.daily')}
      </summary>
      <ScrollRegion
        label={t('companies.leadLog.dailyFor', { name: companyName })}
        className="max-h-72 overflow-auto border-t border-slate-200"
        frameClassName="gap-0"
        hintClassName="px-3 pb-1"
      >
        <DaysTable
          caption={t('companies.leadLog.dailyCaption', { name: companyName, days: LEAD_LOG_DAYS })}
          columns={TILES.map((tile) => ({
            key: tile.key,
            label: t(tile.label),
            cell: (day: LeadLog['days'][number]) => day[tile.key],
          }))}
          rows={days}
          dayText={formatDay}
        />
      </ScrollRegion>
    </details>
  );
}

export function LeadLogPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const t = useT();
  const titleId = useId();
  const log = useLeadLog(companyId);
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('companies.leadLog.title', { days: LEAD_LOG_DAYS })}
      </h4>
      {log.isPending ? (
        <div aria-busy="true" className="grid gap-3">
          <span role="status" className="sr-only">
            {t('companies.leadLog.loading')}
          </span>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {TILES.map((tile) => (
              <Skeleton key={tile.key} className={cn('h-16', tile.key === 'hires' && 'max-sm:col-span-2')} />
            ))}
          </div>
          <Skeleton className="h-16" />
        </div>
      ) : log.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
          {t('companies.leadLog.loadFailed')}
          <Button variant="link" onClick={() => void log.refetch()}>
            {t('companies.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {TILES.map((tile) => (
              // Five tiles on two columns: the last takes a row of its own, whole.
              <div
                key={tile.key}
                className={cn('rounded-md bg-slate-50 p-3 ring-1 ring-slate-200', tile.key === 'hires' && 'max-sm:col-span-2')}
              >
                <dt className="text-xs text-slate-700">{t(tile.label)}</dt>
                <dd className="text-xl font-semibold tabular-nums text-slate-900">{log.data.totals[tile.key]}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-800">{costPerHireText(t, log.data)}</p>
          {log.data.days.length > 0 && (
            <>
              <PageViewsChart days={log.data.days} />
              <DailyTable log={log.data} companyName={companyName} />
            </>
          )}
        </>
      )}
    </section>
  );
}
