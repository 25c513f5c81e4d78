/**
 * The operator's brand as the screens show it (GET /api/app-config: Platform Settings' site name,
 * colour, support address, logo and favicon), the product's own until the answer arrives.
 */
import { DEFAULT_BRAND } from '@/shared/brand';
import type { AppConfigAnswer } from '@/shared/schemas/app-config';
import { useAppConfig } from './app-config';

export type BrandAnswer = AppConfigAnswer['brand'];

/** The product's own logo, for a brand without one. */
export const DEFAULT_LOGO_URL = '/logo.svg';

export const DEFAULT_BRAND_ANSWER: Readonly<BrandAnswer> = Object.freeze({
  name: DEFAULT_BRAND.name,
  primaryColor: DEFAULT_BRAND.primaryColor,
  supportEmail: DEFAULT_BRAND.supportEmail,
  logoUrl: null,
  faviconUrl: null,
});

export function useBrand(): BrandAnswer {
  return useAppConfig().data?.brand ?? DEFAULT_BRAND_ANSWER;
}
