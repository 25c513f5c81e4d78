import { readPageNumber } from '@/shared/page-number';
import { SORTS, type Sort } from '@/shared/constants';
import type { SearchParams } from '../api/search-companies';

/** A search page's state, read from its URL alone (the server renders it from the same URL). */
export interface SearchState {
  q: string;
  location: string;
  /** Miles around `location`, as the link gave it (the server applies its default to anything else). */
  radius: string | undefined;
  sort: Sort;
  page: number;
  /** `favorites=true`, or `sort=favorites` as on the category page: only the visitor's favourites. */
  favoritesOnly: boolean;
  /** `openNow=true` (the form's checkbox): only companies open now by their opening hours. */
  openNow: boolean;
}

export function readSearchState(params: URLSearchParams): SearchState {
  const q = (params.get('q') ?? params.get('search') ?? '').trim();
  const location = (params.get('location') ?? '').trim();
  const radius = location ? params.get('radius')?.trim() || undefined : undefined;
  const favoritesOnly = params.get('favorites') === 'true' || params.get('sort') === 'favorites';
  const sortParam = params.get('sort') as Sort | null;
  const sort: Sort = sortParam && SORTS.includes(sortParam) && (sortParam !== 'distance' || location) ? sortParam : 'topRated';
  const openNow = ['true', '1', 'on'].includes(params.get('openNow') ?? '');
  return { q, location, radius, sort, page: readPageNumber(params), favoritesOnly, openNow };
}

/** The call the results come from; `favoriteIds` only when the page shows favourites. */
export function searchParamsOf(state: SearchState, favoriteIds?: Iterable<number>): SearchParams {
  return {
    q: state.q || undefined,
    location: state.location || undefined,
    radius: state.radius,
    sort: state.sort,
    page: state.page,
    ids: state.favoritesOnly ? [...(favoriteIds ?? [])] : undefined,
    // Only when asked: every other search keeps the query key (and the server's cache) it had.
    ...(state.openNow && { openNow: 'true' }),
  };
}

/** Whether the page asks for results at all (it shows a prompt until there are words or a place). */
export const searchHasInput = (state: SearchState) => Boolean(state.q || state.location);
