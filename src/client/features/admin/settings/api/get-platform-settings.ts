import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/client/lib/api';
import type { PlatformSettingsSchema } from '@/shared/schemas/admin';

export type PlatformSettingsAnswer = z.infer<typeof PlatformSettingsSchema>;

/** GET /api/admin/platform-settings → {settings: [{key, value}]} with string values. */
export const getPlatformSettings = () => api<PlatformSettingsAnswer>('/api/admin/platform-settings');

export const getPlatformSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'platform-settings'], queryFn: getPlatformSettings });

export const usePlatformSettings = () => useQuery(getPlatformSettingsQueryOptions());
