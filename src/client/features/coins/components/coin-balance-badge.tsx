import Coins from 'lucide-react/icons/coins';
import { Link } from 'react-router';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useCurrentUser } from '@/client/lib/current-user';
import { formatNumber } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import { useCoinBalance } from '../api/get-coin-balance';

const compactCount = (n: number) =>
  n < 1000 ? String(n) : n < 10_000 ? `${(Math.floor(n / 100) / 10).toString()}k` : `${Math.floor(n / 1000)}k`;

/**
 * The header's coin balance beside the account menu: no buy button, and hidden until there is a
 * balance to show (signed-in users with coins) or while it loads.
 */
export function CoinBalanceBadge() {
  const t = useT();
  const { data: user } = useCurrentUser();
  const balance = useCoinBalance({ enabled: !!user });
  if (!user) return null;
  if (balance.isPending) {
    return (
      <span className="inline-flex" aria-busy="true">
        <span role="status" className="sr-only">
          {t('coins.balance.loading')}
        </span>
        <Skeleton className="h-7 w-8 rounded-full sm:w-14" />
      </span>
    );
  }
  const coins = balance.data?.balance ?? 0;
  if (balance.isError || coins <= 0) return null;
  const label = t('coins.common.coins', { count: coins, amount: formatNumber(coins) });
  return (
    <Link
      to="/profile?tab=coins"
      aria-label={label}
      title={label}
      className="inline-flex h-7 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 text-xs font-semibold text-amber-900 transition-colors hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 sm:px-2.5"
    >
      <Coins className="size-3.5 max-sm:hidden" aria-hidden />
      {/* A phone's header has little room: no icon, and 1.2k rather than 1,234. */}
      <span className="max-sm:hidden">{formatNumber(coins)}</span>
      <span className="sm:hidden">{compactCount(coins)}</span>
    </Link>
  );
}
