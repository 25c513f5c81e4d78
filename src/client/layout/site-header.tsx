import { ChevronDown, Menu, UserRound } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useLogoutAction } from '@/client/features/auth/api/logout';
import { useCategories } from '@/client/features/categories/api/get-categories';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { notify } from '@/client/lib/notify';
import { PRODUCT_NAME } from '@/shared/constants';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 ${isActive ? 'text-blue-800' : 'text-slate-800'}`;

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

function AccountMenu() {
  const { data: user } = useCurrentUser();
  const { onLogout, isLoggingOut } = useLogoutAction();
  const navigate = useNavigate();
  if (!user) return null;

  const onAddBusiness = () => {
    if (!user.isVerified) {
      notify.info('Verify your email', 'Please verify your email address before adding a business.');
    }
    navigate('/profile');
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <UserRound aria-hidden />
          <span className="max-w-[8rem] truncate">{user.firstName}</span>
          <span className="sr-only">, My Account</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/myquotes">My Quotes</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/vendorquotes">Vendor Quotes</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/about">About Us</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onAddBusiness}>Add Business</DropdownMenuItem>
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

export function SiteHeader() {
  const { data: user, isPending } = useCurrentUser();
  const { openDialog } = useAuthDialogs();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link
          to="/"
          className="mr-2 flex items-center gap-2 rounded-md font-bold text-slate-900"
          aria-label={`${PRODUCT_NAME} home`}
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to="/about" className={navLinkClass}>
            About Us
          </NavLink>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost">
                Categories <ChevronDown aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Browse Categories</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <CategoriesMenuItems />
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {isPending ? (
            <Skeleton className="h-10 w-28" />
          ) : user ? (
            <AccountMenu />
          ) : (
            <>
              <Button variant="ghost" onClick={() => openDialog('login')}>
                Log In
              </Button>
              <Button onClick={() => openDialog('signup')}>Sign Up</Button>
            </>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menu">
                <Menu aria-hidden />
              </Button>
            </DropdownMenuTrigger>
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
        </div>
      </div>
    </header>
  );
}
