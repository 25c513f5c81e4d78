import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { setFormatSettings } from '@/client/lib/format';
import { setOperatingCountry } from '@/shared/operating-country';
import type { AppConfigAnswer } from '@/shared/schemas/app-config';

/**
 * GET /api/app-config: deployment facts the client adapts to (they do not change while it runs).
 * Its locale, currency and distance unit go to the format module, its country to the shared
 * schemas, as soon as it arrives (the root route's loader asks for it as the app starts; a page
 * the server rendered carries it); until then the defaults apply.
 */
export function adoptAppConfig(config: AppConfigAnswer): void {
  setFormatSettings({ locale: config.locale, currency: config.currency, distanceUnit: config.distanceUnit });
  setOperatingCountry(config.country);
}

export const getAppConfig = async () => {
  const config = await api<AppConfigAnswer>('/api/app-config');
  adoptAppConfig(config);
  return config;
};

export const getAppConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export const useAppConfig = () => useQuery(getAppConfigQueryOptions());
