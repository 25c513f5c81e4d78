/**
 * The admin area's frame: only administrators get past it. A signed-out visitor is asked to log in;
 * a signed-in non-admin sees "Unauthorized Access" with Return to Home and is sent home after a
 * moment. Admins get the section navigation beside the screen (above it on phones). The server
 * refuses every admin call to anyone else anyway; this only spares them a broken screen.
 */
import type { LucideIcon } from 'lucide-react';
import Activity from 'lucide-react/icons/activity';
import BarChart3 from 'lucide-react/icons/chart-column';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileCheck from 'lucide-react/icons/file-check';
import Flag from 'lucide-react/icons/flag';
import History from 'lucide-react/icons/rotate-ccw-clock';
import Languages from 'lucide-react/icons/languages';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Settings from 'lucide-react/icons/settings';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Star from 'lucide-react/icons/star';
import Store from 'lucide-react/icons/store';
import Tags from 'lucide-react/icons/tags';
import Users from 'lucide-react/icons/users';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { AccessRequired } from '@/client/components/access-required';
import { StatusCard } from '@/client/components/status-card';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { cn } from '@/client/components/ui/cn';

export const ADMIN_SECTIONS: { to: string; label: MessageKey; icon: LucideIcon; end?: boolean }[] = [
  { to: '/admin', label: 'admin.sections.dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'admin.sections.users', icon: Users },
  { to: '/admin/companies', label: 'admin.sections.companies', icon: Store },
  { to: '/admin/ratings', label: 'admin.sections.ratings', icon: Star },
  { to: '/admin/quotes', label: 'admin.sections.quotes', icon: ClipboardList },
  { to: '/admin/claims', label: 'admin.sections.claims', icon: FileCheck },
  { to: '/admin/lead-reports', label: 'admin.sections.leadReports', icon: Flag },
  { to: '/admin/credentials', label: 'admin.sections.credentials', icon: ShieldCheck },
  { to: '/admin/moderation', label: 'admin.sections.moderation', icon: ShieldAlert },
  { to: '/admin/categories', label: 'admin.sections.categories', icon: Tags },
  { to: '/admin/platform-settings', label: 'admin.sections.platformSettings', icon: Settings },
  { to: '/admin/texts', label: 'admin.sections.texts', icon: Languages },
  { to: '/admin/audit-log', label: 'admin.sections.auditLog', icon: History },
  { to: '/admin/system', label: 'admin.sections.system', icon: Activity },
  { to: '/admin/analytics', label: 'admin.sections.analytics', icon: BarChart3 },
];

const REDIRECT_HOME_MS = 3000;

function UnauthorizedAccess() {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), REDIRECT_HOME_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <StatusCard
      icon={ShieldAlert}
      iconClassName="text-red-700"
      title={t('admin.layout.unauthorizedTitle')}
      description={t('admin.layout.unauthorizedDescription')}
    >
      <Link to="/" replace className={buttonVariants({ variant: 'outline' })}>
        {t('admin.layout.returnHome')}
      </Link>
    </StatusCard>
  );
}

export function AdminLayout() {
  const t = useT();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8" aria-busy="true" aria-label={t('admin.layout.loading')}>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!user) return <AccessRequired description={t('admin.layout.logIn')} />;
  if (!user.isAdmin) return <UnauthorizedAccess />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row lg:py-8">
      <AdminNavigation />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

function SectionLinks({ className }: { className: string }) {
  const t = useT();
  return (
    <ul className={className}>
      {ADMIN_SECTIONS.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                isActive && 'bg-blue-50 text-blue-800 hover:bg-blue-50 hover:text-blue-800',
              )
            }
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            {t(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The section currently open: the longest path that starts the address (the dashboard only when exact). */
function currentSection(pathname: string) {
  return (
    ADMIN_SECTIONS.filter(({ to, end }) => (end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`))).sort(
      (a, b) => b.to.length - a.to.length,
    )[0] ?? ADMIN_SECTIONS[0]
  );
}

/**
 * The sections beside the screen on a desktop; on a phone, a button naming the section you are in
 * that opens the list (a strip of fifteen links that scrolls sideways would hide where you are).
 */
function AdminNavigation() {
  const t = useT();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Choosing a section (a new address) closes the list.
  const isOpen = openOn === pathname;
  const listId = useId();
  const current = currentSection(pathname);
  const CurrentIcon = current.icon;
  return (
    <nav aria-label={t('admin.layout.sections')} className="lg:w-52 lg:shrink-0">
      <div className="lg:hidden">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setOpenOn(isOpen ? null : pathname)}
          className="flex w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-start text-sm shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <CurrentIcon className="size-4 shrink-0 text-blue-800" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-slate-600">{t('admin.layout.section')}</span>
            <span className="block font-medium text-slate-900">{t(current.label)}</span>
          </span>
          <ChevronDown
            className={cn('size-4 shrink-0 text-slate-600 transition-transform', isOpen && 'rotate-180')}
            aria-hidden
          />
        </button>
        <div id={listId} hidden={!isOpen}>
          <SectionLinks className="mt-2 grid grid-cols-2 gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-sm" />
        </div>
      </div>
      <SectionLinks className="hidden flex-col gap-1 lg:flex" />
    </nav>
  );
}
