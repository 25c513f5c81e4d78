/**
 * The route table. Every screen is its own chunk (route-level code splitting); a new screen
 * joins this table and shared/app-routes.ts.
 *
 * The table is read by React Router's declarative router (`useRoutes`, under BrowserRouter in
 * the browser and StaticRouter on the server). Its data router (loaders, createBrowserRouter)
 * weighed 17 KB gzip more in every page's first script, for loaders this app only used to start
 * a screen's data early: here a route names its data, the server awaits it before rendering
 * (entry-server.tsx), and the browser starts it as the route renders, while the screen's code is
 * still on its way.
 */
import { useQueryClient } from '@tanstack/react-query';
import { use, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useParams, useRoutes, type Params, type RouteObject } from 'react-router';
import { loadChunk } from '@/client/lib/chunk-load-error';
import { catalogueLoaded } from '@/client/lib/i18n';
import { pageRedirectOf } from '@/shared/page-number';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './layout/route-error-screen';
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

/** A screen whose code is fetched the first time a route shows it. */
export interface LazyScreen {
  /**
   * Fetches the code (once) and the whole catalogue the screen's words come from. `attempt` names
   * the visit asking (the history entry): a visit finds a failed fetch failed, so its render can
   * show the error instead of asking again forever; the next visit asks again.
   */
  load(attempt?: string): Promise<ComponentType>;
  /** The screen, once loaded. */
  loaded(): ComponentType | undefined;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let component: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  let failedAttempt: { attempt: string | undefined } | undefined;
  return {
    load(attempt) {
      if (failedAttempt && failedAttempt.attempt !== attempt) loading = failedAttempt = undefined;
      loading ??= Promise.all([loadChunk(load), catalogueLoaded()]).then(
        ([chunk]) => (component = chunk.default),
        (error: unknown) => {
          failedAttempt = { attempt };
          throw error;
        },
      );
      return loading;
    },
    loaded: () => component,
  };
}

export interface AppRoute {
  path?: string;
  index?: true;
  /** A frame around the child routes, always loaded. */
  layout?: ComponentType;
  screen?: LazyScreen;
  /** What the screen shows on first paint: awaited by the server, started by the browser. */
  data?: PageData;
  /** A listing: a `?page=` that names no page (0, -1, "x") is sent to the first page for good. */
  paged?: true;
  /**
   * A screen the server renders into the HTML (the public ones; the others are painted by the
   * browser), with its source file: the server preloads that file's chunk, so hydration does not
   * wait for the entry to ask for it.
   */
  serverRendered?: { module: string };
  /** An old address of a screen: sent on to its one address. */
  redirect?: (params: Params, search: string) => string;
  children?: AppRoute[];
}

/** A screen the server renders: its lazy screen and the file it comes from. */
const publicScreen = (
  name: string,
  load: () => Promise<{ default: ComponentType }>,
): Pick<AppRoute, 'screen' | 'serverRendered'> => ({
  screen: lazyScreen(load),
  serverRendered: { module: `src/client/pages/${name}.tsx` },
});

const vendorQuotes = lazyScreen(() => import('./pages/vendor-quotes-page'));

export const appRoutes: AppRoute[] = [
  {
    path: '/',
    layout: AppLayout,
    data: appData,
    children: [
      { index: true, data: homeData, ...publicScreen('home-page', () => import('./pages/home-page')) },
      { path: 'search', data: searchData, paged: true, ...publicScreen('search-page', () => import('./pages/search-page')) },
      {
        path: 'categories/:slug',
        data: categoryData,
        paged: true,
        ...publicScreen('category-page', () => import('./pages/category-page')),
      },
      { path: 'companies/:id', data: companyData, ...publicScreen('company-page', () => import('./pages/company-page')) },
      { path: 'profile', screen: lazyScreen(() => import('./pages/profile-page')) },
      { path: 'about', ...publicScreen('about-page', () => import('./pages/about-page')) },
      { path: 'terms', ...publicScreen('terms-page', () => import('./pages/terms-page')) },
      { path: 'privacy', data: privacyData, ...publicScreen('privacy-page', () => import('./pages/privacy-page')) },
      { path: 'safety', ...publicScreen('safety-page', () => import('./pages/safety-page')) },
      {
        path: 'how-it-works',
        data: howItWorksData,
        ...publicScreen('how-it-works-page', () => import('./pages/how-it-works-page')),
      },
      { path: 'reset-password', screen: lazyScreen(() => import('./pages/reset-password-page')) },
      { path: 'verify-email', screen: lazyScreen(() => import('./pages/verify-email-page')) },
      // The mailed download link of a copy of one's data: checks it; its button spends it.
      { path: 'data-export', screen: lazyScreen(() => import('./pages/data-export-page')) },
      { path: 'myquotes', screen: lazyScreen(() => import('./pages/my-quotes-page')) },
      // A claim link: /quotes?cid={claimId}.
      { path: 'quotes', screen: lazyScreen(() => import('./pages/claim-page')) },
      { path: 'quotes/:id/edit', screen: lazyScreen(() => import('./pages/quote-page')) },
      { path: 'vendorquotes', screen: vendorQuotes },
      { path: 'vendorquotes/:quoteId', screen: vendorQuotes },
      // The inbox is also reached as /vendor-quotes: sent on, so the screen has one address.
      {
        path: 'vendor-quotes/:quoteId?',
        redirect: ({ quoteId }, search) => `/vendorquotes${quoteId ? `/${quoteId}` : ''}${search}`,
      },
      {
        path: 'admin',
        screen: lazyScreen(() =>
          import('./features/admin/components/admin-layout').then(({ AdminLayout }) => ({ default: AdminLayout })),
        ),
        children: [
          { index: true, screen: lazyScreen(() => import('./pages/admin/admin-dashboard-page')) },
          { path: 'users', screen: lazyScreen(() => import('./pages/admin/admin-users-page')) },
          { path: 'companies', screen: lazyScreen(() => import('./pages/admin/admin-companies-page')) },
          { path: 'ratings', screen: lazyScreen(() => import('./pages/admin/admin-ratings-page')) },
          { path: 'quotes', screen: lazyScreen(() => import('./pages/admin/admin-quotes-page')) },
          { path: 'claims', screen: lazyScreen(() => import('./pages/admin/admin-claims-page')) },
          { path: 'lead-reports', screen: lazyScreen(() => import('./pages/admin/admin-lead-reports-page')) },
          { path: 'credentials', screen: lazyScreen(() => import('./pages/admin/admin-credentials-page')) },
          { path: 'moderation', screen: lazyScreen(() => import('./pages/admin/admin-moderation-page')) },
          { path: 'categories', screen: lazyScreen(() => import('./pages/admin/admin-categories-page')) },
          { path: 'platform-settings', screen: lazyScreen(() => import('./pages/admin/admin-platform-settings-page')) },
          { path: 'audit-log', screen: lazyScreen(() => import('./pages/admin/admin-audit-log-page')) },
          { path: 'texts', screen: lazyScreen(() => import('./pages/admin/admin-texts-page')) },
          { path: 'system', screen: lazyScreen(() => import('./pages/admin/admin-system-page')) },
          { path: 'analytics', screen: lazyScreen(() => import('./pages/admin/admin-analytics-page')) },
        ],
      },
      { path: 'upload-test', screen: lazyScreen(() => import('./pages/upload-test-page')) },
      { path: 'websocket-test', screen: lazyScreen(() => import('./pages/websocket-test-page')) },
      { path: '*', ...publicScreen('not-found-page', () => import('./pages/not-found-page')) },
    ],
  },
];

/** Any URL's path and query, as a URL object the page data and redirects read. */
const urlOf = (pathname: string, search: string) => new URL(`${pathname}${search}`, 'http://app.invalid');

/** Where a route sends the visitor instead of showing it, or null. */
export function redirectOf(route: AppRoute, params: Params, url: URL): string | null {
  if (route.redirect) return route.redirect(params, url.search);
  return route.paged ? pageRedirectOf(url) : null;
}

const inBrowser = typeof document !== 'undefined';

function RouteElement({ route }: { route: AppRoute }) {
  const params = useParams();
  const { pathname, search, key } = useLocation();
  const queryClient = useQueryClient();
  const url = urlOf(pathname, search);
  const redirect = redirectOf(route, params, url);
  if (redirect) return <Navigate to={redirect} replace />;
  // Started while rendering, not in an effect: a route reached by a link renders (and waits for
  // its code) before anything commits, and its data should be on its way meanwhile. Asking twice
  // is free: a query already fetched or in flight is not asked for again. The server has the
  // data before it renders.
  if (route.data && inBrowser) route.data(queryClient, { params, url }).catch(() => {}); // the screen's own query shows a failure
  const Layout = route.layout;
  if (Layout) return <Layout />;
  const Screen = route.screen!.loaded() ?? use(route.screen!.load(key));
  return <Screen />;
}

const toRouteObjects = (routes: AppRoute[]): RouteObject[] =>
  routes.map((route) => {
    const element = route.layout || route.screen || route.redirect ? <RouteElement route={route} /> : undefined;
    const children = route.children && toRouteObjects(route.children);
    return route.index ? { index: true, element, handle: route } : { path: route.path, element, children, handle: route };
  });

const routeObjects = toRouteObjects(appRoutes);

/** The routes a path shows, outermost first, with their parameters; null when none matches. */
export function matchAppRoutes(pathname: string): { route: AppRoute; params: Params }[] | null {
  return (
    matchRoutes(routeObjects, pathname)?.map((match) => ({ route: match.route.handle as AppRoute, params: match.params })) ?? null
  );
}

/**
 * Fetches the code of the screens a path shows, so the first render is complete: hydration must
 * render exactly what the server did, and a page the browser paints itself shows at once. A
 * screen that cannot be fetched is left to its route, which shows the error.
 */
export async function loadScreensOf(pathname: string): Promise<void> {
  const screens = (matchAppRoutes(pathname) ?? []).flatMap(({ route }) => (route.screen ? [route.screen.load()] : []));
  await Promise.allSettled(screens);
}

/** The screens, in the router's context (BrowserRouter or StaticRouter). */
export function AppRoutes() {
  const { pathname, search } = useLocation();
  return <RouteErrorBoundary resetKey={`${pathname}${search}`}>{useRoutes(routeObjects)}</RouteErrorBoundary>;
}
