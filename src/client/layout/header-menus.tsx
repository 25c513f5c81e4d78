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
import { useBusinessDialog, VERIFY_TO_ADD_BUSINESS } from '@/client/lib/business-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';

export interface HeaderMenuProps {
  trigger: ReactElement;
  /** Open on mount: the click that asked for the menu arrived before its code. */
  defaultOpen?: boolean;
}

function CategoriesMenuItems() {
  const { data: categories, isPending, isError } = useCategories();
  if (isPending) return <DropdownMenuItem disabled>Loading categories...</DropdownMenuItem>;
  if (isError || !categories) return <DropdownMenuItem disabled>Categories are unavailable</DropdownMenuItem>;
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
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Browse Categories</DropdownMenuLabel>
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

const unreadLabel = (label: string, count: number | undefined) => (count ? `${label}, ${count} unread` : undefined);

export function AccountMenu({ trigger, defaultOpen }: HeaderMenuProps) {
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
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/myquotes" aria-label={unreadLabel('My Quotes', quotesUnread)}>
            My Quotes <UnreadBadge count={quotesUnread} />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/vendorquotes" aria-label={unreadLabel('Vendor Quotes', vendorUnread)}>
            Vendor Quotes <UnreadBadge count={vendorUnread} />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/about">About Us</Link>
        </DropdownMenuItem>
        {user.isVerified ? (
          <DropdownMenuItem onSelect={onAddBusiness} onPointerEnter={preloadBusinessDialog} onFocus={preloadBusinessDialog}>
            Add Business
          </DropdownMenuItem>
        ) : (
          // Disabled, with the prompt to verify, for a user whose address is not verified.
          <DropdownMenuItem disabled className="flex-col items-start gap-0.5">
            <span>Add Business</span>
            <span className="text-xs font-normal text-amber-900">{VERIFY_TO_ADD_BUSINESS}</span>
          </DropdownMenuItem>
        )}
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">Admin Dashboard</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onLogout} disabled={isLoggingOut}>
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function MobileMenu({ trigger, defaultOpen }: HeaderMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to="/">Home</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/about">About Us</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Browse Categories</DropdownMenuLabel>
        <CategoriesMenuItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
