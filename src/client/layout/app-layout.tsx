import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { StarShapes } from '@/client/components/star-shapes';
import { Skeleton } from '@/client/components/ui/skeleton';
import { AuthDialogs } from '@/client/features/auth/components/auth-dialogs';
import { BusinessDialogs } from '@/client/features/companies/components/business-dialogs';
import { AuthDialogProvider } from '@/client/lib/auth-dialog-state';
import { BusinessDialogProvider } from '@/client/lib/business-dialog-state';
import { useT } from '@/client/lib/i18n';
import { useToaster } from '@/client/lib/notify';
import { RealtimeProvider } from '@/client/lib/realtime';
import { ScrollRestoration } from '@/client/lib/scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { refreshAfterReconnect, refreshOnFrame } from '@/client/entities/live-refresh';

/** The toast region appears with the first toast (sonner is not part of any page's first load). */
function DeferredToaster() {
  const Toaster = useToaster();
  return Toaster ? <Toaster /> : null;
}

function PageSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-10" aria-busy="true" aria-label={t('layout.app.loading')}>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * Marks #root once React has taken the page itself over; tests and tools wait for it. The page
 * sits in a Suspense boundary, which React hydrates after the frame around it: until then its
 * controls are the server's HTML, and a choice made on one (a sort) is reset by its hydration.
 * It wraps the page rather than sitting beside it, so the page keeps its place in the tree that
 * useId's ids follow (the server renders the same frame).
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (root) root.dataset.hydrated = 'true';
  }, []);
  return children;
}

export function AppLayout() {
  const t = useT();
  return (
    <RealtimeProvider onFrame={refreshOnFrame} onReconnected={refreshAfterReconnect}>
      <AuthDialogProvider>
        <BusinessDialogProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
          >
            {t('layout.app.skipToContent')}
          </a>
          <div className="flex min-h-dvh flex-col">
            <SiteHeader />
            <main id="main" className="flex-1">
              <Suspense fallback={<PageSkeleton />}>
                <MarkHydrated>
                  <Outlet />
                </MarkHydrated>
              </Suspense>
            </main>
            <SiteFooter />
          </div>
          <StarShapes />
          <AuthDialogs />
          <BusinessDialogs />
          <DeferredToaster />
          <ScrollRestoration />
        </BusinessDialogProvider>
      </AuthDialogProvider>
    </RealtimeProvider>
  );
}
