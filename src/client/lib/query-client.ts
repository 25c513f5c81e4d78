import { QueryClient } from '@tanstack/react-query';

/** Settled defaults (ARCHITECTURE.md): no retry, no refetch on focus, stale after 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const ONE_HOUR_MS = 3_600_000;
