import { setQueryValues } from './use-address-query';

/**
 * A change to a listing's address (search, category): the values as `setQueryValues` writes them,
 * and back to the first page unless the page is one of them (another order or filter starts over).
 */
export const listingChange =
  (changes: Record<string, string | null>) =>
  (next: URLSearchParams): void => {
    setQueryValues(next, changes);
    if (!('page' in changes)) next.delete('page');
  };

/**
 * My Favorites on or off. It is on with `favorites=true` or with the order `sort=favorites` (the
 * order menu's own "My Favorites"); turning it off clears both, and the list starts over.
 */
export function toggleFavoritesOnly(next: URLSearchParams): void {
  const on = next.get('favorites') === 'true' || next.get('sort') === 'favorites';
  listingChange(on ? { favorites: null, ...(next.get('sort') === 'favorites' && { sort: null }) } : { favorites: 'true' })(next);
}
