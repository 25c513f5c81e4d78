import { readPageNumber } from '@/shared/page-number';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import type { CategoryCompaniesParams } from '../api/get-category-companies';

export type CategorySort = 'topRated' | 'mostReviewed' | 'favorites';
export const CATEGORY_SORTS: readonly CategorySort[] = ['topRated', 'mostReviewed', 'favorites'];

/** A category page's state, read from its URL alone (the server renders it from the same URL). */
export interface CategoryState {
  /** The subcategory's slug, or 'all'. */
  subcategorySlug: string;
  sort: CategorySort;
  page: number;
  /** `sort=favorites` or `favorites=true`: only the visitor's favourites. */
  favoritesOnly: boolean;
}

export function readCategoryState(params: URLSearchParams): CategoryState {
  const sortParam = params.get('sort') as CategorySort | null;
  const sort: CategorySort = sortParam && CATEGORY_SORTS.includes(sortParam) ? sortParam : 'topRated';
  return {
    subcategorySlug: params.get('subcategory') ?? 'all',
    sort,
    page: readPageNumber(params),
    favoritesOnly: sort === 'favorites' || params.get('favorites') === 'true',
  };
}

/** The call the page's list comes from; `favoriteIds` only when it shows favourites. */
export function categoryCompaniesParamsOf(
  category: CategoryWithSubcategories,
  state: CategoryState,
  favoriteIds?: Iterable<number>,
): CategoryCompaniesParams {
  const subcategory = category.subcategories.find((s) => s.slug === state.subcategorySlug);
  return {
    categoryId: category.id,
    sort: state.sort === 'favorites' ? 'topRated' : state.sort,
    page: state.page,
    subcategory: subcategory?.slug,
    ids: state.favoritesOnly ? [...(favoriteIds ?? [])] : undefined,
  };
}
