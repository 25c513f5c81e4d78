/**
 * The route table. Every screen is its own chunk (route-level code splitting); a new screen
 * joins this table and shared/app-routes.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { loadChunk } from '@/client/lib/chunk-load-error';
import { catalogueLoaded } from '@/client/lib/i18n';
import { pageRedirectOf } from '@/shared/page-number';
import { AppLayout } from './layout/app-layout';
import { AppShell } from './layout/app-shell';
import { RouteErrorScreen } from './layout/route-error-screen';
import {
  appData,
  categoryData,
  companyData,
  homeData,
  howItWorksData,
  privacyData,
  searchData,
  type PageData,
} from './page-data';

const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => {
    // A screen shows the whole catalogue's words: it waits for it as for its own code.
    const [chunk] = await Promise.all([loadChunk(load), catalogueLoaded()]);
    return { Component: chunk.default };
  };

/**
 * Where the route table runs. In the browser a screen's loader only *starts* its data (the screen
 * reads it with its own queries, and navigation never waits for it); on the server the loader
 * awaits it, so the rendered HTML and the cache handed to the browser carry it.
 */
export type RouteMode = 'browser' | 'server';

/**
 * A screen the server renders into the HTML (the public ones; the others are painted by the
 * browser), with its source file: the server preloads that file's chunk, so hydration does not
 * wait for the entry to ask for it.
 */
export interface RouteHandle {
  serverRendered?: { module: string };
}
/** A screen the server renders: the route's lazy screen and, in its handle, the file it comes from. */
const publicScreen = (name: string, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'handle' | 'lazy'> => ({
  handle: { serverRendered: { module: `src/client/pages/${name}.tsx` } } satisfies RouteHandle,
  lazy: page(load),
});

/**
 * The query cache a loader fills: the browser's one cache, or on the server the cache of the
 * request being rendered (the server builds the table once and renders many requests with it).
 */
export type QueryClientOf = () => QueryClient;

function dataLoader(
  queryClientOf: QueryClientOf | undefined,
  mode: RouteMode,
  data: PageData,
  { paged = false } = {},
): LoaderFunction | undefined {
  if (!queryClientOf) return undefined;
  return async ({ params, request }) => {
    const url = new URL(request.url);
    // A listing's ?page= that names no page (0, -1, "x") is sent to the first page for good.
    const pageRedirect = paged ? pageRedirectOf(url) : null;
    if (pageRedirect) return redirect(pageRedirect, 301);
    const loading = data(queryClientOf(), { params, url });
    if (mode === 'server') await loading;
    else loading.catch(() => {}); // the screen's own query shows the failure
    return null;
  };
}

export const createRoutes = (queryClientOf?: QueryClientOf, mode: RouteMode = 'browser'): RouteObject[] => {
  const loader = (data: PageData, options?: { paged: boolean }) => dataLoader(queryClientOf, mode, data, options);
  return [
    {
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: AppShell,
      loader: loader(appData),
      // The deployment's locale and currency do not change while the app runs.
      shouldRevalidate: () => false,
      children: [
        {
          index: true,
          loader: loader(homeData),
          ...publicScreen('home-page', () => import('./pages/home-page')),
        },
        {
          path: 'search',
          loader: loader(searchData, { paged: true }),
          ...publicScreen('search-page', () => import('./pages/search-page')),
        },
        {
          path: 'categories/:slug',
          loader: loader(categoryData, { paged: true }),
          ...publicScreen('category-page', () => import('./pages/category-page')),
        },
        {
          path: 'companies/:id',
          loader: loader(companyData),
          shouldRevalidate: ({ currentParams, nextParams }) => currentParams.id !== nextParams.id,
          ...publicScreen('company-page', () => import('./pages/company-page')),
        },
        { path: 'profile', lazy: page(() => import('./pages/profile-page')) },
        {
          path: 'about',
          ...publicScreen('about-page', () => import('./pages/about-page')),
        },
        {
          path: 'terms',
          ...publicScreen('terms-page', () => import('./pages/terms-page')),
        },
        {
          path: 'privacy',
          loader: loader(privacyData),
          ...publicScreen('privacy-page', () => import('./pages/privacy-page')),
        },
        {
          path: 'safety',
          ...publicScreen('safety-page', () => import('./pages/safety-page')),
        },
        {
          path: 'how-it-works',
          loader: loader(howItWorksData),
          ...publicScreen('how-it-works-page', () => import('./pages/how-it-works-page')),
        },
        { path: 'reset-password', lazy: page(() => import('./pages/reset-password-page')) },
        { path: 'verify-email', lazy: page(() => import('./pages/verify-email-page')) },
        // The mailed download link of a copy of one's data: checks it; its button spends it.
        { path: 'data-export', lazy: page(() => import('./pages/data-export-page')) },
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
            { path: 'credentials', lazy: page(() => import('./pages/admin/admin-credentials-page')) },
            { path: 'moderation', lazy: page(() => import('./pages/admin/admin-moderation-page')) },
            { path: 'categories', lazy: page(() => import('./pages/admin/admin-categories-page')) },
            { path: 'platform-settings', lazy: page(() => import('./pages/admin/admin-platform-settings-page')) },
            { path: 'audit-log', lazy: page(() => import('./pages/admin/admin-audit-log-page')) },
            { path: 'texts', lazy: page(() => import('./pages/admin/admin-texts-page')) },
            { path: 'system', lazy: page(() => import('./pages/admin/admin-system-page')) },
            { path: 'analytics', lazy: page(() => import('./pages/admin/admin-analytics-page')) },
          ],
        },
        { path: 'upload-test', lazy: page(() => import('./pages/upload-test-page')) },
        { path: 'websocket-test', lazy: page(() => import('./pages/websocket-test-page')) },
        {
          path: '*',
          ...publicScreen('not-found-page', () => import('./pages/not-found-page')),
        },
      ],
    },
  ];
};

/** Without a query client (tests, tools), the table is the same minus the data loaders. */
export const routes: RouteObject[] = createRoutes();
