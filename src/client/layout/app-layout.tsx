import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { Skeleton } from '@/client/components/ui/skeleton';
import { AuthDialogs } from '@/client/features/auth/components/auth-dialogs';
import { AuthDialogProvider } from '@/client/lib/auth-dialog-state';
import { TOAST_DURATION_MS } from '@/shared/constants';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function PageSkeleton() {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-10" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

export function AppLayout() {
  return (
    <AuthDialogProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" className="flex-1">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      <AuthDialogs />
      <Toaster
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        closeButton
        position="top-center"
        toastOptions={{ classNames: { title: '!text-slate-900', description: '!text-slate-700', icon: '!text-blue-700' } }}
      />
      <ScrollRestoration />
    </AuthDialogProvider>
  );
}
