import ChevronDown from 'lucide-react/icons/chevron-down';
import Menu from 'lucide-react/icons/menu';
import UserRound from 'lucide-react/icons/user-round';
import { cloneElement, useState, type KeyboardEvent, type ReactElement } from 'react';
import { Link, NavLink } from 'react-router';
import { Button, type ButtonProps } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { preloadAccountDialogs } from '@/client/features/auth/components/auth-dialogs';
import { CoinBalanceBadge } from '@/client/features/coins/components/coin-balance-badge';
import { useTotalUnreadCount } from '@/client/features/quotes/api/use-total-unread-count';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';
import { onDemand } from '@/client/lib/on-demand';
import { DEFAULT_LOGO_URL, useBrand } from '@/client/lib/brand';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 ${isActive ? 'text-blue-800' : 'text-slate-800'}`;

/*
 * The dropdown menus are not part of any page's first load: until a menu is first asked for, the
 * header shows its button alone; hovering or focusing it fetches the menus, and the click that
 * opens it swaps in the real menu, already open (Radix then moves focus into it and back).
 */
type MenuName = 'CategoriesMenu' | 'AccountMenu' | 'MobileMenu';

const headerMenus = onDemand(() => import('./header-menus'));

function DeferredMenu({ menu, trigger }: { menu: MenuName; trigger: ReactElement<ButtonProps> }) {
  const menus = headerMenus.use();
  const [opened, setOpened] = useState(false);
  if (opened && menus) {
    const RealMenu = menus[menu];
    return <RealMenu trigger={trigger} defaultOpen />;
  }
  const open = () => {
    setOpened(true);
    headerMenus.load().catch((error: unknown) => {
      setOpened(false); // a later click tries again
      console.warn('menu unavailable', error);
    });
  };
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: headerMenus.preload,
    onFocus: headerMenus.preload,
    onClick: open,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        open();
      }
    },
  });
}

function AccountMenu() {
  const t = useT();
  const { data: user } = useCurrentUser();
  // A red badge with the total of unread messages; live frames refresh it.
  const unread = useTotalUnreadCount({ enabled: !!user });
  if (!user) return null;
  return (
    <DeferredMenu
      menu="AccountMenu"
      trigger={
        <Button variant="outline">
          <UserRound aria-hidden />
          {/* On phones the name is read, not shown: with the coin badge it would push into the logo. */}
          <span className="hidden max-w-[8rem] truncate sm:inline">{user.firstName}</span>
          <span className="sr-only sm:hidden">{user.firstName}</span>
          <span className="sr-only">{t('layout.header.myAccountSuffix')}</span>
          {unread > 0 && (
            <>
              <span
                aria-hidden="true"
                className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
              <span className="sr-only">{t('layout.header.unreadMessages', { count: unread })}</span>
            </>
          )}
          <ChevronDown aria-hidden />
        </Button>
      }
    />
  );
}

export function SiteHeader() {
  const t = useT();
  const brand = useBrand();
  const { data: user, isPending } = useCurrentUser();
  const { openDialog } = useAuthDialogs();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Tighter on a phone, so a signed-out header fits 320 px: name, Log In, Sign Up and the menu. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          to="/"
          className="me-1 flex min-w-0 items-center gap-1.5 rounded-md font-bold text-slate-900 sm:me-2 sm:gap-2"
          aria-label={t('layout.header.homeLabel')}
        >
          <img
            src={brand.logoUrl ?? DEFAULT_LOGO_URL}
            alt=""
            width={32}
            height={32}
            className="size-7 shrink-0 object-contain sm:size-8"
          />
          {/* An operator's longer name gives way (ends in "…") before the buttons beside it do. */}
          <span dir="auto" className="truncate text-base tracking-tight sm:text-lg">
            {brand.name}
          </span>
        </Link>

        <nav aria-label={t('layout.header.mainNav')} className="hidden shrink-0 items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClass}>
            {t('layout.footer.home')}
          </NavLink>
          <NavLink to="/about" className={navLinkClass}>
            {t('layout.footer.about')}
          </NavLink>
          <DeferredMenu
            menu="CategoriesMenu"
            trigger={
              <Button variant="ghost">
                {t('layout.header.categories')} <ChevronDown aria-hidden />
              </Button>
            }
          />
        </nav>

        <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {isPending ? (
            <Skeleton className="h-10 w-28" />
          ) : user ? (
            <>
              <CoinBalanceBadge />
              <AccountMenu />
            </>
          ) : (
            <>
              <Button
                variant="ghost"
                className="px-2 sm:px-4"
                onClick={() => openDialog('login')}
                onPointerEnter={preloadAccountDialogs}
                onFocus={preloadAccountDialogs}
              >
                {t('layout.header.logIn')}
              </Button>
              <Button
                className="px-2 sm:px-4"
                onClick={() => openDialog('signup')}
                onPointerEnter={preloadAccountDialogs}
                onFocus={preloadAccountDialogs}
              >
                {t('layout.header.signUp')}
              </Button>
            </>
          )}
          <DeferredMenu
            menu="MobileMenu"
            trigger={
              <Button variant="ghost" size="icon" className="size-9 sm:size-10 md:hidden" aria-label={t('layout.header.menu')}>
                <Menu aria-hidden />
              </Button>
            }
          />
        </div>
      </div>
    </header>
  );
}
