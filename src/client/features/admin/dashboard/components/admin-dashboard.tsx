/**
 * The admin dashboard: counts for users, companies, ratings, quotes, claims, categories and
 * subcategories, each card a link to its screen. Link cards to Analytics, Platform Settings, the
 * Audit Log and System as well, so every admin screen is reachable from here.
 */
import type { LucideIcon } from 'lucide-react';
import Activity from 'lucide-react/icons/activity';
import BarChart3 from 'lucide-react/icons/chart-column';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileCheck from 'lucide-react/icons/file-check';
import FolderTree from 'lucide-react/icons/folder-tree';
import History from 'lucide-react/icons/rotate-ccw-clock';
import Settings from 'lucide-react/icons/settings';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import Star from 'lucide-react/icons/star';
import Store from 'lucide-react/icons/store';
import Tags from 'lucide-react/icons/tags';
import Users from 'lucide-react/icons/users';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatNumber } from '@/client/lib/format';
import { useT, type MessageKey } from '@/client/lib/i18n';
import type { AdminStats } from '@/shared/schemas/admin';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminStats } from '../api/get-admin-stats';

const COUNT_CARDS: { key: keyof AdminStats; label: MessageKey; to: string; icon: LucideIcon; hint: MessageKey }[] = [
  { key: 'usersCount', label: 'admin.sections.users', to: '/admin/users', icon: Users, hint: 'admin.dashboard.usersHint' },
  {
    key: 'companiesCount',
    label: 'admin.sections.companies',
    to: '/admin/companies',
    icon: Store,
    hint: 'admin.dashboard.companiesHint',
  },
  { key: 'ratingsCount', label: 'admin.sections.ratings', to: '/admin/ratings', icon: Star, hint: 'admin.dashboard.ratingsHint' },
  {
    key: 'quotesCount',
    label: 'admin.sections.quotes',
    to: '/admin/quotes',
    icon: ClipboardList,
    hint: 'admin.dashboard.quotesHint',
  },
  {
    key: 'claimsCount',
    label: 'admin.sections.claims',
    to: '/admin/claims',
    icon: FileCheck,
    hint: 'admin.dashboard.claimsHint',
  },
  {
    key: 'categoriesCount',
    label: 'admin.sections.categories',
    to: '/admin/categories',
    icon: Tags,
    hint: 'admin.dashboard.categoriesHint',
  },
  {
    key: 'subcategoriesCount',
    label: 'admin.dashboard.subcategories',
    to: '/admin/categories',
    icon: FolderTree,
    hint: 'admin.dashboard.subcategoriesHint',
  },
];

const LINK_CARDS: { label: MessageKey; to: string; icon: LucideIcon; hint: MessageKey }[] = [
  { label: 'admin.sections.moderation', to: '/admin/moderation', icon: ShieldAlert, hint: 'admin.dashboard.moderationHint' },
  { label: 'admin.sections.analytics', to: '/admin/analytics', icon: BarChart3, hint: 'admin.dashboard.analyticsHint' },
  {
    label: 'admin.sections.platformSettings',
    to: '/admin/platform-settings',
    icon: Settings,
    hint: 'admin.dashboard.platformSettingsHint',
  },
  { label: 'admin.sections.auditLog', to: '/admin/audit-log', icon: History, hint: 'admin.dashboard.auditLogHint' },
  { label: 'admin.sections.system', to: '/admin/system', icon: Activity, hint: 'admin.dashboard.systemHint' },
];

const cardClasses =
  'group flex h-full items-start gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition-colors ' +
  'hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

function CardIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-blue-50 text-blue-700">
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

export function AdminDashboard() {
  const t = useT();
  const stats = useAdminStats();

  useEffect(() => {
    if (stats.error) console.warn('could not load admin stats', stats.error);
  }, [stats.error]);

  return (
    <div>
      <AdminPageHeader title={t('admin.dashboard.title')} description={t('admin.dashboard.description')} />

      {stats.isError ? (
        <Alert variant="error" title={t('admin.dashboard.loadFailedTitle')} className="mb-6">
          <p>{t('admin.dashboard.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void stats.refetch()}>
            {t('admin.common.tryAgainButton')}
          </Button>
        </Alert>
      ) : null}

      <section aria-labelledby="admin-counts-heading">
        <h2 id="admin-counts-heading" className="sr-only">
          {t('admin.dashboard.counts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={stats.isPending}>
          {COUNT_CARDS.map(({ key, label, to, icon, hint }) => {
            const count = stats.data?.[key];
            return (
              <li key={key}>
                <Link to={to} className={cardClasses}>
                  <CardIcon icon={icon} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="text-sm font-medium text-slate-700">{t(label)}</span>
                    {stats.isPending ? (
                      <Skeleton className="my-1 h-7 w-16" />
                    ) : (
                      <span className="text-2xl font-bold text-slate-900" data-testid={`admin-count-${key}`}>
                        {count === undefined ? '—' : formatNumber(count)}
                      </span>
                    )}
                    <span className="text-xs text-slate-600">{t(hint)}</span>
                  </span>
                  <ChevronRight className="mt-1 size-4 text-slate-400 group-hover:text-blue-700" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="admin-more-heading" className="mt-8">
        <h2 id="admin-more-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.dashboard.moreTools')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {LINK_CARDS.map(({ label, to, icon, hint }) => (
            <li key={to}>
              <Link to={to} className={cardClasses}>
                <CardIcon icon={icon} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold text-slate-900">{t(label)}</span>
                  <span className="text-xs text-slate-600">{t(hint)}</span>
                </span>
                <ChevronRight className="mt-1 size-4 text-slate-400 group-hover:text-blue-700" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
