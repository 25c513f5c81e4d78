import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import type { ServerRenderedState } from './entry-server';
import { getAppConfigQueryOptions } from './lib/app-config';
import { setFormatLanguage, setFormatSettings } from './lib/format';
import { createI18n, I18nProvider, loadCatalogue, pageLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { createRoutes } from './routes';
import { SERVER_STATE_ELEMENT_ID } from '@/shared/constants';
import './styles.css';

/**
 * A rendered page's screen code, loaded before hydrating: React must render exactly what the
 * server did, so the lazy routes of the first screen are resolved first (the server preloaded
 * their chunks with the page).
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const lazy = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazy.map(async ({ route }) => {
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

async function start() {
  const queryClient = createQueryClient();
  const routes = createRoutes(() => queryClient);
  const root = document.getElementById('root')!;
  const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  const language = pageLanguage();
  setFormatLanguage(language);
  const state = serverState ? (JSON.parse(serverState) as ServerRenderedState) : null;
  // A rendered page brings the messages it shows; the rest of the catalogue follows.
  const i18n = createI18n(language, state?.messages ?? {});
  const catalogue = loadCatalogue(i18n, language);
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );

  if (state) {
    // The server read every answer for this very page, though it may have rendered the same data
    // earlier and kept the page: here the data counts as fetched now, so none is stale on arrival
    // (nor made stale by a server clock ahead of this one).
    const now = Date.now();
    for (const query of state.queries.queries) {
      query.dehydratedAt = now;
      if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = now;
    }
    hydrate(queryClient, state.queries);
    const config = queryClient.getQueryData(getAppConfigQueryOptions().queryKey);
    if (config) setFormatSettings({ locale: config.locale, currency: config.currency });
    await resolveLazyRoutes(routes);
    hydrateRoot(root, app(createBrowserRouter(routes, { hydrationData: state.router })));
    return;
  }

  // The root route's loader asks for the deployment's locale and currency as the router starts.
  await catalogue;
  createRoot(root).render(app(createBrowserRouter(routes)));
}

void start();
