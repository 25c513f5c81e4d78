/**
 * The header's dropdown menus (Radix menu, popper, floating-ui…): a chunk of their own, fetched
 * when a menu button is first hovered, focused or clicked (see DeferredMenu in site-header.tsx).
 * Each takes the button the header already shows as its trigger.
 */
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { useLogoutAction } from '@/client/features/auth/api/logout';
import { useCategories } from '@/client/entities/categories/get-categories';
import { preloadBusinessDialog } from '@/client/features/companies/components/business-dialogs';
import { useUserQuotesUnreadCount } from '@/client/features/quotes/api/get-user-quotes-unread-count';
import { useVendorQuotesUnreadCount } from '@/client/features/quotes/api/get-vendor-quotes-unread-count';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';

export interface HeaderMenuProps {
  trigger: ReactElement;
  /** Open on mount: the click that asked for the menu arrived before its code. */
  defaultOpen?: boolean;
}

function CategoriesMenuItems() {
  const t = useT();
  const { data: categories, isPending, isError } = useCategories();
  if (isPending) return <DropdownMenuItem disabled>{t('layout.menu.loadingCategories')}</DropdownMenuItem>;
  if (isError || !categories) return <DropdownMenuItem disabled>{t('layout.menu.categoriesUnavailable')}</DropdownMenuItem>;
  return (
    <>
      {categories.map((category) => (
        <DropdownMenuItem key={category.id} asChild>
          <Link to={`/categories/${category.slug}`}>{category.name}</Link>
        </DropdownMenuItem>
      ))}
    </>
  );
}

export function CategoriesMenu({ trigger, defaultOpen }: HeaderMenuProps) {
  const t = useT();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>{t('layout.menu.browseCategories')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <CategoriesMenuItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A menu item's unread badge, shown above 0; the item's name says it ("My Quotes, 3 unread"). */
function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      className="ms-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function AccountMenu({ trigger, defaultOpen }: HeaderMenuProps) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const { data: quotesUnread } = useUserQuotesUnreadCount({ enabled: !!user });
  const { data: vendorUnread } = useVendorQuotesUnreadCount({ enabled: !!user });
  const { onLogout, isLoggingOut } = useLogoutAction();
  const { openAddBusiness } = useBusinessDialog();
  if (!user) return null;

  // The dialog opens once the menu has closed and handed focus back to its button, so that the
  // dialog's focus trap starts from there (and gives focus back to it on close).
  const onAddBusiness = () => setTimeout(openAddBusiness, 0);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('layout.menu.myAccount')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">{t('layout.menu.profile')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/myquotes" aria-label={quotesUnread ? t('layout.menu.myQuotesUnread', { count: quotesUnread }) : undefined}>
            {t('layout.menu.myQuotes')} <UnreadBadge count={quotesUnread} />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link
            to="/vendorquotes"
            aria-label={vendorUnread ? t('layout.menu.vendorQuotesUnread', { count: vendorUnread }) : undefined}
          >
            {t('layout.menu.vendorQuotes')} <UnreadBadge count={vendorUnread} />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/about">{t('layout.footer.about')}</Link>
        </DropdownMenuItem>
        {user.isVerified ? (
          <DropdownMenuItem onSelect={onAddBusiness} onPointerEnter={preloadBusinessDialog} onFocus={preloadBusinessDialog}>
            {t('layout.menu.addBusiness')}
          </DropdownMenuItem>
        ) : (
          // Disabled, with the prompt to verify, for a user whose address is not verified.
          <DropdownMenuItem disabled className="flex-col items-start gap-0.5">
            <span>{t('layout.menu.addBusiness')}</span>
            <span className="text-xs font-normal text-amber-900">{t('layout.menu.verifyToAddBusiness')}</span>
          </DropdownMenuItem>
        )}
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">{t('layout.menu.adminDashboard')}</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onLogout} disabled={isLoggingOut}>
          {t('layout.menu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function MobileMenu({ trigger, defaultOpen }: HeaderMenuProps) {
  const t = useT();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to="/">{t('layout.footer.home')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/about">{t('layout.footer.about')}</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('layout.menu.browseCategories')}</DropdownMenuLabel>
        <CategoriesMenuItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
