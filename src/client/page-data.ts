/**
 * The data each server-rendered screen shows on first paint, fetched into the query cache by its
 * route's loader: awaited on the server (the HTML carries it, and the browser's cache starts with
 * it), only started in the browser (a screen reached by a link starts its requests while its code
 * downloads). A screen reads the same queries with its own hooks, from the same URL, so a query
 * named here is one the screen asks for; anything else it asks for (the visitor's favourites,
 * their session) is fetched by the browser after it hydrates.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { getCategoriesWithSubcategoriesQueryOptions } from '@/client/entities/categories/get-categories-with-subcategories';
import { getCompanyQueryOptions } from '@/client/entities/companies/get-company';
import { getCompanyImagesQueryOptions } from '@/client/entities/companies/get-company-images';
import { getQuoteRulesQueryOptions } from '@/client/entities/quotes/get-quote-rules';
import { getCategoryCompaniesQueryOptions } from '@/client/features/companies/api/get-category-companies';
import { readCategoryState, categoryCompaniesParamsOf } from '@/client/features/companies/lib/category-state';
import { getRulesQueryOptions } from '@/client/features/leads/api/get-rules';
import { getRetentionRulesQueryOptions } from '@/client/features/privacy/api/get-retention-rules';
import { getCompanyRatingsQueryOptions } from '@/client/features/ratings/api/ratings';
import { searchCompaniesQueryOptions } from '@/client/features/search/api/search-companies';
import { readSearchState, searchHasInput, searchParamsOf } from '@/client/features/search/lib/search-state';
import { getAppConfigQueryOptions } from '@/client/lib/app-config';

export interface PageDataArgs {
  params: Params;
  url: URL;
}

/** Fetches (or finds in the cache) what a screen shows for a URL. */
export type PageData = (queryClient: QueryClient, args: PageDataArgs) => Promise<unknown>;

/** Every screen formats dates and money with the deployment's locale and currency. */
export const appData: PageData = (queryClient) => queryClient.ensureQueryData(getAppConfigQueryOptions());

/** The search field's suggestions come from the categories, on every screen that has one. */
const categoriesData: PageData = (queryClient) => queryClient.ensureQueryData(getCategoriesWithSubcategoriesQueryOptions());

export const homeData: PageData = categoriesData;

/** Listings let a visitor pick companies for one request, up to the deployment's limit. */
const quoteRulesData: PageData = (queryClient) => queryClient.ensureQueryData(getQuoteRulesQueryOptions());

export const searchData: PageData = async (queryClient, { url }) => {
  const state = readSearchState(url.searchParams);
  // Favourites live in the visitor's browser: that list is fetched there.
  const results =
    searchHasInput(state) && !state.favoritesOnly
      ? queryClient.ensureQueryData(searchCompaniesQueryOptions(searchParamsOf(state)))
      : undefined;
  await Promise.all([
    categoriesData(queryClient, { params: {}, url }),
    quoteRulesData(queryClient, { params: {}, url }),
    results,
  ]);
};

export const categoryData: PageData = async (queryClient, { params, url }) => {
  const rules = quoteRulesData(queryClient, { params, url });
  const categories = await queryClient.ensureQueryData(getCategoriesWithSubcategoriesQueryOptions());
  const category = categories.find((c) => c.slug === params.slug);
  const state = readCategoryState(url.searchParams);
  const companies =
    category && !state.favoritesOnly
      ? queryClient.ensureQueryData(getCategoryCompaniesQueryOptions(categoryCompaniesParamsOf(category, state)))
      : undefined;
  await Promise.all([rules, companies]);
};

export const companyData: PageData = async (queryClient, { params }) => {
  const id = params.id ?? '';
  // The reviews and photos are asked for by the company's number; an address that already is
  // that number needs no wait for the company to ask for them.
  const known = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : undefined;
  const companyParts = (companyId: number) =>
    Promise.all([
      queryClient.ensureQueryData(getCompanyRatingsQueryOptions(companyId)),
      queryClient.ensureQueryData(getCompanyImagesQueryOptions(companyId)),
    ]);
  if (known !== undefined) {
    await Promise.all([queryClient.ensureQueryData(getCompanyQueryOptions(id)), companyParts(known)]);
    return;
  }
  const company = await queryClient.ensureQueryData(getCompanyQueryOptions(id));
  await companyParts(company.id);
};

export const howItWorksData: PageData = (queryClient) => queryClient.ensureQueryData(getRulesQueryOptions());

/** The privacy page shows how long each kind of personal data is kept, from the published rules. */
export const privacyData: PageData = (queryClient) => queryClient.ensureQueryData(getRetentionRulesQueryOptions());
