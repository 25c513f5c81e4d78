/** Addresses and links of the company page's contact card. */
import type { Company } from '@/shared/schemas/company';

/** "12 Main St, Austin, TX 78701", leaving out whatever is missing. */
export const fullAddress = (c: Company) =>
  [c.address, c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** Whether this browser runs on a mobile Apple device (false on the server). */
export const isAppleMobile = () => typeof navigator !== 'undefined' && /iPhone|iPad|iPod/i.test(navigator.userAgent);

/** Apple Maps on mobile Apple devices (where it is the maps app at hand), Google Maps everywhere else. */
export function directionsUrl(address: string, appleMobile: boolean): string {
  const destination = encodeURIComponent(address);
  return appleMobile
    ? `https://maps.apple.com/?daddr=${destination}`
    : `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** Stored websites may lack a scheme ("example.com"); links need one to leave the app. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export const websiteLabel = (website: string) => website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
