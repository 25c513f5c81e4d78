/**
 * The search box: words become a prefix, stemmed full-text query with typo tolerance; a place
 * becomes a point and a radius. Listing and order are the companies service's.
 */
import type { Db } from '@/server/db/client';
import type { SearchQuery, SearchResponse } from '@/shared/schemas/company';
import type { CompaniesService } from '../companies/companies.service';
import type { ListingActivity } from '../insight/activity-counter';
import { LRUCache } from 'lru-cache';
import { StampWatch } from '@/server/lib/stamp-watch';
import { milesOf, type DistanceUnit } from '@/shared/distance';
import { postalPlaceOf } from '@/shared/postal-codes';
import { findCityCentroid, findZipCentroid, readZipCodesStamp, type ZipCentroid } from './search.repository';
import { SimilarTermsCache } from './similar-terms-cache';

const MAX_WORDS = 8;

/** Where a search looks for places: the operator's country, and the unit a radius is given in. */
export interface SearchPlaces {
  country: string;
  distanceUnit: DistanceUnit;
}

const US_MILES: SearchPlaces = { country: 'US', distanceUnit: 'mi' };

/** Lower-case ASCII words of a query; anything else (punctuation, SQL, NUL) is a separator. */
export function queryWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

export interface ResolvedLocation {
  query: string;
  label: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusMiles: number;
}

/** A location and the ZIP codes it stands for (service areas of ZIP codes are matched on them; not in the answer). */
type LocationWithZips = ResolvedLocation & { zips: string[] };

export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly companies: CompaniesService,
    /** Told of each page of results (the app's counter; tools that time the listing alone leave it out). */
    private readonly activity?: ListingActivity,
    private readonly where: SearchPlaces = US_MILES,
    private readonly similarTerms = new SimilarTermsCache(db),
  ) {}

  /**
   * Places as typed, looked up once (false: no such place): postal codes and cities are reference
   * data, changed only by a postal-code import, whose stamp is read at most once a second, and the
   * look-up was one of a search's three statements. Places are visitors' input, so at most 10,000
   * are kept, the least recently used going first.
   */
  private readonly places = new LRUCache<string, ZipCentroid | false>({ max: 10_000 });
  private readonly placesStamp = new StampWatch(
    () => readZipCodesStamp(this.db),
    () => this.places.clear(),
    { revalidateMs: 1000, now: Date.now },
  );

  /**
   * `(plumbr:* | plumber:* | plumbing:*) & austin:*`: every word must match, as typed (a prefix,
   * stemmed by the english configuration) or as one of its nearest real words.
   */
  async buildTsquery(text: string): Promise<string | undefined> {
    const words = queryWords(text);
    if (words.length === 0) return undefined;
    // Words shorter than 3 letters are prefixes being typed, not typos.
    const similar = await this.similarTerms.similar(words.filter((word) => word.length >= 3));
    return words
      .map((word) => `(${[...new Set([word, ...(similar.get(word) ?? [])])].map((w) => `${w}:*`).join(' | ')})`)
      .join(' & ');
  }

  async resolveLocation(text: string, radiusMiles: number): Promise<LocationWithZips> {
    const query = text.trim();
    const key = query.toLowerCase();
    await this.placesStamp.revalidate();
    let found = this.places.get(key);
    if (found === undefined) {
      found = (await this.findPlace(query)) ?? false;
      this.places.set(key, found);
    }
    const place = found || undefined;
    return {
      query,
      label: place?.label ?? null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      radiusMiles,
      zips: place?.zips ?? [],
    };
  }

  /**
   * A postal code or an area's shorter form, by the row that stands for it (postal_place: its own,
   * a ZIP+4's five digits, else its area), else a city. US places are named with their state
   * ("Austin, TX"), others by name alone.
   */
  private async findPlace(query: string): Promise<ZipCentroid | undefined> {
    const { country } = this.where;
    const withState = country === 'US';
    const postal = postalPlaceOf(country, query);
    if (postal) return findZipCentroid(this.db, postal.code, withState);
    // "Austin", "Austin, TX" or "Austin TX".
    const match = withState ? query.match(/^(.+?)(?:,\s*|\s+)([A-Za-z]{2})$/) : null;
    const place = match ? await findCityCentroid(this.db, match[1].trim(), match[2]) : undefined;
    return place ?? findCityCentroid(this.db, query, undefined, withState);
  }

  async search(input: SearchQuery & { categoryId?: number; subcategoryId?: number }): Promise<SearchResponse> {
    const tsquery = input.q?.trim() ? await this.buildTsquery(input.q) : undefined;
    const radiusMiles = milesOf(input.radius, input.unit ?? this.where.distanceUnit);
    const place = input.location?.trim() ? await this.resolveLocation(input.location, radiusMiles) : null;
    const location: ResolvedLocation | null = place && {
      query: place.query,
      label: place.label,
      latitude: place.latitude,
      longitude: place.longitude,
      radiusMiles: place.radiusMiles,
    };
    const empty = {
      results: [],
      pagination: { total: 0, page: input.page, limit: input.limit, totalPages: 0, totalCapped: false },
      location,
    };
    // A place we do not know matches nothing, rather than everything.
    if (place && (place.latitude === null || place.longitude === null)) return this.answered(input, empty);
    // Words that are all punctuation match nothing either.
    if (input.q?.trim() && !tsquery) return this.answered(input, empty);

    const page = await this.companies.list(
      {
        tsquery,
        near:
          place && place.latitude !== null && place.longitude !== null
            ? { latitude: place.latitude, longitude: place.longitude, radiusMiles: place.radiusMiles, zips: place.zips }
            : undefined,
        categoryId: input.categoryId,
        subcategoryId: input.subcategoryId,
        ids: input.ids,
        ...(input.openNow && { openNow: true }),
        sort: input.sort,
      },
      input.page,
      input.limit,
    );
    return this.answered(input, { results: page.companies, pagination: page.pagination, location });
  }

  /**
   * A page of results counts its cards as shown; its first page counts as a search (a further page
   * is the same search), found or not — a place no company serves included. A visitor's
   * favourites (`ids`) are neither: they chose those companies.
   */
  private answered(input: SearchQuery, answer: SearchResponse): SearchResponse {
    if (this.activity && !input.ids) {
      if (answer.results.length)
        this.activity.countAppearances(
          'search',
          answer.results.map((company) => company.id),
        );
      if (input.page === 1) this.activity.countSearch(input.q, input.location, answer.pagination.total);
    }
    return answer;
  }
}
