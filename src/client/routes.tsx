/**
 * The route table of 001 §2. Every screen is its own chunk (route-level code splitting).
 * Screens of later issues (search, categories, companies, quotes, admin) join this table.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteErrorScreen } from './layout/route-error-screen';

const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({
    Component: (await load()).default,
  });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: page(() => import('./pages/home-page')) },
      { path: 'search', lazy: page(() => import('./pages/search-page')) },
      { path: 'categories/:slug', lazy: page(() => import('./pages/category-page')) },
      { path: 'companies/:id', lazy: page(() => import('./pages/company-page')) },
      { path: 'profile', lazy: page(() => import('./pages/profile-page')) },
      { path: 'about', lazy: page(() => import('./pages/about-page')) },
      { path: 'terms', lazy: page(() => import('./pages/terms-page')) },
      { path: 'privacy', lazy: page(() => import('./pages/privacy-page')) },
      { path: 'safety', lazy: page(() => import('./pages/safety-page')) },
      { path: 'reset-password', lazy: page(() => import('./pages/reset-password-page')) },
      { path: 'verify-email', lazy: page(() => import('./pages/verify-email-page')) },
      { path: '*', lazy: page(() => import('./pages/not-found-page')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
