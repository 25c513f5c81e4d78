import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { ServerRenderedState } from './entry-server';
import { adoptAppConfig, getAppConfigQueryOptions } from './lib/app-config';
import { setFormatLanguage } from './lib/format';
import { createI18n, I18nProvider, loadCatalogue, pageLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { AppRoutes, loadScreensOf } from './routes';
import { SERVER_STATE_ELEMENT_ID } from '@/shared/constants';
import './styles.css';

async function start() {
  const queryClient = createQueryClient();
  const root = document.getElementById('root')!;
  const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  const language = pageLanguage();
  setFormatLanguage(language);
  const state = serverState ? (JSON.parse(serverState) as ServerRenderedState) : null;
  // A rendered page brings the messages it shows; the rest of the catalogue follows.
  const i18n = createI18n(language, state?.messages ?? {});
  const catalogue = loadCatalogue(i18n, language);
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
  // React must render exactly what the server did, so the first screen's code is loaded before
  // hydrating (the server preloaded its chunks with the page); a page painted here shows whole.
  const screens = loadScreensOf(window.location.pathname);

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
    if (config) adoptAppConfig(config);
    await screens;
    // As a transition, hydration yields to the browser every few milliseconds instead of being
    // one long task: a tap or a key during it is handled at once (and the page stays painted).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }

  // The deployment's locale and currency are asked for as the app starts (the root route's data).
  await Promise.all([catalogue, screens]);
  createRoot(root).render(app);
}

void start();
