import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { AppConfigAnswer } from '@/shared/schemas/app-config';

/** GET /api/app-config: deployment facts the client adapts to (they do not change while it runs). */
export const getAppConfig = () => api<AppConfigAnswer>('/api/app-config');

export const getAppConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export const useAppConfig = () => useQuery(getAppConfigQueryOptions());
