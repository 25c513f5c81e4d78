import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { getQuoteRulesQueryOptions } from '@/client/entities/quotes/get-quote-rules';
import type { PlatformSettingsBody } from '@/shared/schemas/admin';
import { getPlatformSettingsQueryOptions, type PlatformSettingsAnswer } from './get-platform-settings';

/** PUT /api/admin/platform-settings with the four switches, the timeout and the company cap → {settings}. */
export const updatePlatformSettings = (body: PlatformSettingsBody) =>
  api<PlatformSettingsAnswer>('/api/admin/platform-settings', { method: 'PUT', body });

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (answer) => {
      const { queryKey } = getPlatformSettingsQueryOptions();
      if (answer?.settings) queryClient.setQueryData(queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: getQuoteRulesQueryOptions().queryKey }),
      ]);
    },
  });
}
