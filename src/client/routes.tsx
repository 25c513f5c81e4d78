/**
 * The route table. Every screen is its own chunk (route-level code splitting); a new screen
 * joins this table and shared/app-routes.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { getCategoriesWithSubcategoriesQueryOptions } from '@/client/entities/categories/get-categories-with-subcategories';
import { getCompanyQueryOptions } from '@/client/entities/companies/get-company';
import { loadChunk } from '@/client/lib/chunk-load-error';
import { AppLayout } from './layout/app-layout';
import { AppShell } from './layout/app-shell';
import { RouteErrorScreen } from './layout/route-error-screen';

const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({
    Component: (await loadChunk(load)).default,
  });

/**
 * Screens whose first paint needs data start the request while their chunk downloads. Loaders
 * only start it (the screens read it with their own queries) and never delay navigation.
 */
function prefetchLoaders(queryClient: QueryClient) {
  return {
    category: () => {
      void queryClient.prefetchQuery(getCategoriesWithSubcategoriesQueryOptions());
      return null;
    },
    company: ({ params }: { params: { id?: string } }) => {
      if (params.id) void queryClient.prefetchQuery(getCompanyQueryOptions(params.id));
      return null;
    },
  };
}

export const createRoutes = (queryClient?: QueryClient): RouteObject[] => {
  const prefetch = queryClient ? prefetchLoaders(queryClient) : undefined;
  return [
    {
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: AppShell,
      children: [
        { index: true, lazy: page(() => import('./pages/home-page')) },
        { path: 'search', lazy: page(() => import('./pages/search-page')) },
        {
          path: 'categories/:slug',
          loader: prefetch?.category,
          // The categories are the same for every slug, and the page fetches its own lists.
          shouldRevalidate: () => false,
          lazy: page(() => import('./pages/category-page')),
        },
        {
          path: 'companies/:id',
          loader: prefetch?.company,
          shouldRevalidate: ({ currentParams, nextParams }) => currentParams.id !== nextParams.id,
          lazy: page(() => import('./pages/company-page')),
        },
        { path: 'profile', lazy: page(() => import('./pages/profile-page')) },
        { path: 'about', lazy: page(() => import('./pages/about-page')) },
        { path: 'terms', lazy: page(() => import('./pages/terms-page')) },
        { path: 'privacy', lazy: page(() => import('./pages/privacy-page')) },
        { path: 'safety', lazy: page(() => import('./pages/safety-page')) },
        { path: 'how-it-works', lazy: page(() => import('./pages/how-it-works-page')) },
        { path: 'reset-password', lazy: page(() => import('./pages/reset-password-page')) },
        { path: 'verify-email', lazy: page(() => import('./pages/verify-email-page')) },
        { path: 'myquotes', lazy: page(() => import('./pages/my-quotes-page')) },
        // A claim link: /quotes?cid={claimId}.
        { path: 'quotes', lazy: page(() => import('./pages/claim-page')) },
        { path: 'quotes/:id/edit', lazy: page(() => import('./pages/quote-page')) },
        { path: 'vendorquotes', lazy: page(() => import('./pages/vendor-quotes-page')) },
        { path: 'vendorquotes/:quoteId', lazy: page(() => import('./pages/vendor-quotes-page')) },
        // The inbox is also reached as /vendor-quotes: redirected, so the screen has one address.
        {
          path: 'vendor-quotes/:quoteId?',
          loader: ({ params, request }) =>
            redirect(`/vendorquotes${params.quoteId ? `/${params.quoteId}` : ''}${new URL(request.url).search}`),
        },
        {
          path: 'admin',
          lazy: async () => ({
            Component: (await loadChunk(() => import('./features/admin/components/admin-layout'))).AdminLayout,
          }),
          children: [
            { index: true, lazy: page(() => import('./pages/admin/admin-dashboard-page')) },
            { path: 'users', lazy: page(() => import('./pages/admin/admin-users-page')) },
            { path: 'companies', lazy: page(() => import('./pages/admin/admin-companies-page')) },
            { path: 'ratings', lazy: page(() => import('./pages/admin/admin-ratings-page')) },
            { path: 'quotes', lazy: page(() => import('./pages/admin/admin-quotes-page')) },
            { path: 'claims', lazy: page(() => import('./pages/admin/admin-claims-page')) },
            { path: 'lead-reports', lazy: page(() => import('./pages/admin/admin-lead-reports-page')) },
            { path: 'categories', lazy: page(() => import('./pages/admin/admin-categories-page')) },
            { path: 'platform-settings', lazy: page(() => import('./pages/admin/admin-platform-settings-page')) },
            { path: 'audit-log', lazy: page(() => import('./pages/admin/admin-audit-log-page')) },
            { path: 'system', lazy: page(() => import('./pages/admin/admin-system-page')) },
          ],
        },
        { path: 'upload-test', lazy: page(() => import('./pages/upload-test-page')) },
        { path: 'websocket-test', lazy: page(() => import('./pages/websocket-test-page')) },
        { path: '*', lazy: page(() => import('./pages/not-found-page')) },
      ],
    },
  ];
};

/** Without a query client (tests, tools), the table is the same minus the prefetching loaders. */
export const routes: RouteObject[] = createRoutes();

export const createAppRouter = (queryClient?: QueryClient) => createBrowserRouter(createRoutes(queryClient));
