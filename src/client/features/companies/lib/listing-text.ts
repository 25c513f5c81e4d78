/**
 * The listing's sentences the cards, the table and the company page share, in the page's language
 * (`t` is the screen's). The words are the same as the server's (shared/listing-words.ts).
 */
import { formatDate, formatDistance } from '@/client/lib/format';
import type { useT } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';

type Translate = ReturnType<typeof useT>;

/** "Not taking new requests", with the day it ends when the company set one (a calendar day). */
export const notTakingRequestsText = (t: Translate, returnsOn: string | null) =>
  returnsOn === null
    ? t('companies.listing.notTakingRequests')
    : t('companies.listing.notTakingRequestsUntil', { date: formatDate(returnsOn, 'medium') });

/** "2.4 mi away", "3.9 km away": in the deployment's unit, a tenth under ten, whole ones beyond. */
export const distanceText = (t: Translate, miles: number) => t('companies.listing.distance', { distance: formatDistance(miles) });

/** The company page's sentence for its service area (none: around the company's own ZIP code). */
export function workAreaText(t: Translate, company: Pick<Company, 'workArea' | 'zip' | 'city' | 'state'>): string {
  const area = company.workArea?.serviceArea ?? null;
  if (area === null) return t('companies.about.worksAround', { city: company.city, state: company.state, zip: company.zip });
  if (area.type === 'radius') return t('companies.about.worksWithin', { miles: area.radiusMiles, zip: area.zip });
  return t('companies.about.worksInZips', { count: area.zips.length, zips: area.zips.join(', ') });
}
