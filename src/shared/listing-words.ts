/**
 * Words the public listing screens (cards, company page, the quote selection) share with the
 * server's schemas. They live apart from the schemas so that those screens do not load zod.
 */

export const NOT_TAKING_REQUESTS = 'Not taking new requests';

/** "Not taking new requests", with the day it ends when the company set one (a UTC date). */
export const notTakingRequestsText = (returnsOn: string | null) =>
  returnsOn === null
    ? NOT_TAKING_REQUESTS
    : `${NOT_TAKING_REQUESTS} until ${new Date(`${returnsOn}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;

export const tooManyCompaniesMessage = (max: number) =>
  `A quote request can go to at most ${max} ${max === 1 ? 'company' : 'companies'}`;

/** The company page's sentence for its service area (none: around the company's own ZIP code). */
export const workAreaText = (
  area: { type: 'radius'; radiusMiles: number; zip: string } | { type: 'zips'; zips: string[] } | null,
  ownZip: string,
  city: string,
  state: string,
) =>
  area === null
    ? `Works around ${city}, ${state} ${ownZip}`
    : area.type === 'radius'
      ? `Works within ${area.radiusMiles} ${area.radiusMiles === 1 ? 'mile' : 'miles'} of ${area.zip}`
      : `Works in ${area.zips.length === 1 ? 'ZIP code' : 'ZIP codes'} ${area.zips.join(', ')}`;
