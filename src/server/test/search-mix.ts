/**
 * What visitors send to discovery, as a fixed list of request URLs: common and rare
 * words, misspellings, two-word queries, ZIP and city radius, category pages with and without a
 * subcategory, pages 1–5 and every sort, in a fixed pseudo-random order. The results test
 * (search-results.test.ts) records every answer to it, and the bench replays it.
 */
import { mulberry32 } from '@/server/lib/seeded-random';
import { SORTS } from '@/shared/constants';

export interface MixCategory {
  id: number;
  subcategories: { slug: string }[];
}

const COMMON_WORDS = [
  'plumbing',
  'cleaning',
  'roofing',
  'electrical',
  'landscaping',
  'painting',
  'hvac',
  'pest',
  'moving',
  'handyman',
];
const RARE_WORDS = ['pinnacle', 'ironclad', 'riverbend', 'keystone', 'cardinal', 'granite', 'crescent', 'trusty'];
const MISSPELLINGS = ['plumbng', 'electrcian', 'roofng', 'landscapng', 'clening', 'paintr', 'hvca', 'movers'];
const TWO_WORDS = ['emergency plumbing', 'house cleaning', 'roof repair', 'lawn care', 'pinnacle plumbing', 'free estimates'];
const PREFIXES = ['pl', 'cle', 'roo', 'ele'];
const ZIPS = ['10001', '78701', '60601', '94103', '30301', '02108', '98101', '33101', '80202', '85001'];
const CITIES = ['Austin, TX', 'Chicago, IL', 'Seattle, WA', 'Denver', 'Boston, MA'];
const RADII = [10, 25, 50];

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** At least `count` distinct URLs of /api/search and /api/categories/{id}/companies. */
export function searchMix(categories: MixCategory[], count = 240, seed = 17): string[] {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const page = () => (next() < 0.6 ? 1 : 1 + Math.floor(next() * 5));
  const kinds: (() => string)[] = [
    () => `/api/search?${query({ q: pick(COMMON_WORDS), sort: pick(SORTS), page: page() })}`,
    () => `/api/search?${query({ q: pick(RARE_WORDS), sort: pick(SORTS) })}`,
    () => `/api/search?${query({ q: pick(MISSPELLINGS), sort: pick(SORTS), page: page() })}`,
    () => `/api/search?${query({ q: pick(TWO_WORDS), sort: pick(SORTS), page: page() })}`,
    () => `/api/search?${query({ q: pick(PREFIXES), page: page() })}`,
    () =>
      `/api/search?${query({ q: pick(COMMON_WORDS), location: pick(ZIPS), radius: pick(RADII), sort: pick(SORTS), page: page() })}`,
    () => `/api/search?${query({ location: pick(ZIPS), radius: pick(RADII), sort: 'distance', page: page() })}`,
    () => `/api/search?${query({ q: pick(COMMON_WORDS), location: pick(CITIES), sort: pick(SORTS) })}`,
    () => `/api/categories/${pick(categories).id}/companies?${query({ sort: pick(SORTS), page: page() })}`,
    () => {
      const category = pick(categories);
      const sub = category.subcategories.length ? pick(category.subcategories).slug : undefined;
      return `/api/categories/${category.id}/companies?${query({ sort: pick(SORTS), page: page(), ...(sub ? { subcategory: sub } : {}) })}`;
    },
  ];
  const urls = new Set<string>();
  for (let tries = 0; urls.size < count && tries < count * 50; tries++) urls.add(pick(kinds)());
  return [...urls];
}

/** Service words customers type, one word and two. */
const SERVICE_WORDS = [
  ...COMMON_WORDS,
  'drain cleaning',
  'roof repair',
  'emergency plumbing',
  'house cleaning',
  'lawn care',
  'water heater',
];
/** ZIP codes of dense cities and of sparse country: a radius holds thousands of listings, or a few. */
export const DENSE_ZIPS = ['10001', '60601', '94103', '78701', '30301', '02108', '98101', '33101', '77002', '19103'];
export const SPARSE_ZIPS = ['59001', '82001', '57501', '58501', '99701', '83201', '88001', '69101'];

/**
 * The query customers send most: a service near a place (a word or two plus a ZIP code, the
 * default 25-mile radius), dense and sparse places, pages 1–5, every sort, in a fixed
 * pseudo-random order.
 */
export function nearPlaceMix(count = 200, seed = 29): string[] {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const page = () => (next() < 0.6 ? 1 : 1 + Math.floor(next() * 5));
  const urls = new Set<string>();
  for (let tries = 0; urls.size < count && tries < count * 50; tries++) {
    const location = next() < 0.75 ? pick(DENSE_ZIPS) : pick(SPARSE_ZIPS);
    urls.add(`/api/search?${query({ q: pick(SERVICE_WORDS), location, sort: pick(SORTS), page: page() })}`);
  }
  return [...urls];
}
