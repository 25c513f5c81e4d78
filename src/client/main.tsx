import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getAppConfigQueryOptions } from './lib/app-config';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './routes';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The deployment's locale and currency reach the formatters (lib/format.ts) as early as possible.
void queryClient.prefetchQuery(getAppConfigQueryOptions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
