/**
 * The profile's Coins tab: the balance, a Buy Coins button that opens the Purchase Coins dialog,
 * and the coin history, one ledger row per change.
 */
import Coins from 'lucide-react/icons/coins';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListStates, RetryAlert } from '@/client/components/list-states';
import { Pagination } from '@/client/components/pagination';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { preloadDialog } from '@/client/components/ui/lazy-dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatNumber } from '@/client/lib/format';
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import type { LedgerEntry, LedgerReason } from '@/shared/schemas/coins';
import { useCoinHistory } from '../api/get-coin-history';
import { PurchaseCoinsDialog } from './purchase-coins-dialog';

/** What each kind of change is called in the history. */
const REASON_LABELS: Record<LedgerReason, MessageKey> = {
  launch_credit: 'coins.reason.launchCredit',
  purchase: 'coins.reason.purchase',
  reply_charge: 'coins.reason.replyCharge',
  refund: 'coins.reason.refund',
  admin_adjustment: 'coins.reason.adminAdjustment',
};

/** +N in green, −N (a real minus sign) in red, with words for screen readers. */
function CoinDelta({ delta }: { delta: number }) {
  const t = useT();
  const gained = delta >= 0;
  const amount = { count: Math.abs(delta), amount: formatNumber(Math.abs(delta)) };
  const text = `${gained ? '+' : '\u2212'}${formatNumber(Math.abs(delta))}`;
  return (
    <span className={cn('font-semibold', gained ? 'text-green-800' : 'text-red-700')}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{gained ? t('coins.history.plus', amount) : t('coins.history.minus', amount)}</span>
    </span>
  );
}

function CompanyCell({ entry }: { entry: LedgerEntry }) {
  if (!entry.companyName) return <span className="text-slate-600">—</span>;
  if (!entry.companyId) return <>{entry.companyName}</>;
  return (
    <Link to={`/companies/${entry.companyId}?from=profile`} className="text-blue-700 underline-offset-2 hover:underline">
      {entry.companyName}
    </Link>
  );
}

const th = 'px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-3 align-top';

function HistoryTable({ entries, caption }: { entries: LedgerEntry[]; caption: string }) {
  const t = useT();
  const translateText = useTranslateText();
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              {t('coins.history.date')}
            </th>
            <th scope="col" className={th}>
              {t('coins.history.activity')}
            </th>
            <th scope="col" className={cn(th, 'max-sm:hidden')}>
              {t('coins.history.company')}
            </th>
            <th scope="col" className={cn(th, 'text-end')}>
              {t('coins.history.coins')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-200 last:border-b-0">
              <td className={cn(td, 'whitespace-nowrap text-slate-700')}>
                <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
              </td>
              <td className={td}>
                <span className="font-medium text-slate-900">
                  {entry.reason in REASON_LABELS ? t(REASON_LABELS[entry.reason]) : entry.reason}
                </span>
                {entry.quoteId !== null && (
                  <span className="text-slate-600"> · {t('coins.history.quote', { id: entry.quoteId })}</span>
                )}
                {entry.note && <p className="mt-0.5 text-xs text-slate-600">{translateText(entry.note)}</p>}
                {/* The company column does not fit a phone: it moves under the activity. */}
                {entry.companyName && (
                  <p className="mt-0.5 text-xs sm:hidden">
                    <CompanyCell entry={entry} />
                  </p>
                )}
              </td>
              <td className={cn(td, 'max-sm:hidden')}>
                <CompanyCell entry={entry} />
              </td>
              <td className={cn(td, 'text-end')}>
                <CoinDelta delta={entry.delta} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CoinsPanel() {
  const t = useT();
  const headingId = useId();
  const historyHeadingId = useId();
  const [page, setPage] = useState(1);
  const [isBuyOpen, setBuyOpen] = useState(false);
  const history = useCoinHistory(page);
  const data = history.data;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle id={headingId}>{t('coins.panel.title')}</CardTitle>
          <CardDescription>{t('coins.panel.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm text-slate-700">{t('coins.panel.balance')}</p>
            {history.isPending ? (
              <>
                <span role="status" className="sr-only">
                  {t('coins.balance.loading')}
                </span>
                <Skeleton className="mt-1 h-10 w-24" />
              </>
            ) : history.isError && !data ? (
              <p className="text-sm text-red-700">{t('coins.panel.unavailable')}</p>
            ) : (
              <p className="flex items-baseline gap-2">
                <Coins className="size-7 self-center text-amber-600" aria-hidden />
                <span className="text-4xl font-bold tracking-tight text-slate-900">{formatNumber(data?.balance ?? 0)}</span>
                <span className="text-base text-slate-700">{t('coins.panel.unit', { count: data?.balance ?? 0 })}</span>
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => setBuyOpen(true)} onPointerEnter={preloadDialog} onFocus={preloadDialog}>
              <Coins aria-hidden />
              {t('coins.panel.buy')}
            </Button>
          </div>
          <PurchaseCoinsDialog open={isBuyOpen} onOpenChange={setBuyOpen} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id={historyHeadingId} as="h3">
            {t('coins.history.title')}
          </CardTitle>
          {data && data.total > 0 && (
            <CardDescription>{t('coins.history.count', { count: data.total, total: data.total })}</CardDescription>
          )}
        </CardHeader>
        <CardContent aria-busy={history.isFetching}>
          <ListStates
            data={data}
            isPending={history.isPending}
            isError={history.isError && !data}
            isEmpty={(loaded) => loaded.entries.length === 0}
            loading={
              <div className="grid gap-2" aria-hidden="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            }
            error={<RetryAlert title={t('coins.history.loadFailed')} onRetry={() => void history.refetch()} />}
            empty={t('coins.history.empty')}
          >
            {(loaded) => (
              <>
                <HistoryTable entries={loaded.entries} caption={t('coins.history.caption')} />
                <Pagination
                  page={loaded.page}
                  totalPages={loaded.totalPages}
                  onPageChange={(next) => setPage(Math.max(1, Math.min(next, loaded.totalPages)))}
                  label={t('coins.history.pages')}
                />
              </>
            )}
          </ListStates>
        </CardContent>
      </Card>
    </div>
  );
}
