/** Companies as discovery shows them: one company, and pages of cards for any listing. */
import { displayPhoneNumber, e164Of } from '@/server/lib/phone-numbers';
import { operatingCountry } from '@/shared/operating-country';
import type { Db } from '@/server/db/client';
import type { WorkAreaJson } from '@/server/db/lead-preferences-sql';
import { plainReads, type ReadRows } from '@/server/db/prepared-reads';
import { isListingShownTo, type ListingViewer } from '@/server/db/moderated-items';
import { notFound } from '@/server/lib/app-error';
import { sharedRead } from '@/server/lib/shared-reads';
import type { CompanyImage } from '@/shared/schemas/business';
import { SEARCH_PAGE_SIZE, MAX_INT4_ID } from '@/shared/constants';
import type { Company, Pagination } from '@/shared/schemas/company';
import { PLACEMENT_RADIUS_MILES, type Placement, type WorkArea } from '@/shared/schemas/leads';
import { objectUrlOf as objectUrl } from '@/shared/schemas/upload';
import { weekFromStored } from '@/shared/schemas/opening-hours';
import { takesIn } from '../leads/lead-preferences.service';
import {
  companyShownTo,
  countCompanies,
  findBoundary,
  findCompanyRowById,
  listCompanies,
  listCompaniesInCircle,
  listCompaniesOfOwner,
  refreshReplyResponsiveness,
  listCompanyImages,
  TOTAL_CAP,
  exactTextQuery,
  type CompanyImageRow,
  type CompanyRow,
  type ListingFilter,
  countPlacement,
  findPlacementSubject,
} from './companies.repository';

/**
 * How far down a sort's index a word's page is looked for before its matches are sorted instead:
 * at least `walkDepth` companies, `walkDepthPerRow` per row up to the page's end for later pages
 * (other values only in tests, to take every path). A word common enough to reach the count's
 * cap (1 in 100 at 100,000 companies) fills a page within a few hundred.
 */
export interface ListingOptions {
  walkDepth: number;
  walkDepthPerRow: number;
}
export const DEFAULT_LISTING: ListingOptions = { walkDepth: 2000, walkDepthPerRow: 50 };

/** How much further the second walk may go than the first (at 1,000,000 companies a category's
 * best-rated listings can sit 15,000 places down in the bench's data). */
export const WALK_WIDENING = 8;

/** How far down the sort's index each walk for this page may go: the first, then a wider one. */
export function walkDepthsFor(listing: ListingOptions, page: Pick<ListingFilter, 'offset' | 'limit'>): number[] {
  const depth = Math.max(listing.walkDepth, listing.walkDepthPerRow * (page.offset + page.limit));
  return [depth, depth * WALK_WIDENING];
}

/**
 * The first circle a by-distance page of a crowded circle is looked for in, as a share of the
 * radius (see listNearest): 1.6 miles of a 50-mile search, where the bench's Manhattan holds 300
 * companies and its countryside a handful (each doubling costs what its circle holds).
 */
export const NEAREST_FIRST_SHARE = 1 / 32;

/** A median of fewer first replies than this says little, so it is not shown. */
export const MIN_REPLY_SAMPLE = 3;

export function toCompany(row: CompanyRow): Company {
  const subs = row.subcategories;
  const hours = row.opening_hours;
  const firstImage = row.first_image;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category_slug,
    categoryId: row.category_id,
    categoryName: row.category_name,
    subcategories: subs,
    subcategory: row.subcategory ?? subs[0]?.name ?? null,
    phone: displayPhoneNumber(operatingCountry(), row.phone),
    phoneE164: e164Of(row.phone),
    email: row.email,
    website: row.website,
    logo: row.logo,
    logoObjectId: row.logo_object_id,
    logoUrl: row.logo_object_id ? objectUrl(row.logo_object_id) : row.logo,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    isActive: row.is_active,
    isPremium: row.is_premium,
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
    ratingsCount: row.ratings_count,
    favoritesCount: row.favorites_count,
    replyMedianMinutes: row.reply_sample_size >= MIN_REPLY_SAMPLE ? row.reply_median_minutes : null,
    hireCount: row.hire_count,
    ownerId: row.owner_id,
    takingRequests: !row.lead_pause,
    returnsOn: row.lead_pause?.returns_on ?? null,
    ...(row.work_area && { workArea: toWorkArea(row.work_area, row.zip) }),
    firstImage: firstImage
      ? {
          id: firstImage.id,
          objectUrl: objectUrl(firstImage.object_id),
          thumbnailUrl: firstImage.thumbnail_id ? objectUrl(firstImage.thumbnail_id) : null,
        }
      : null,
    distanceMiles:
      row.distance_miles === undefined || row.distance_miles === null ? null : Math.round(row.distance_miles * 10) / 10,
    credentialBadges: row.credential_badges.map((badge) => ({
      id: badge.id,
      kind: badge.kind,
      expiresOn: badge.expires_on,
    })),
    ...(hours !== undefined &&
      row.time_zone !== undefined && {
        openingHours: {
          timeZone: row.time_zone,
          hours: hours ? weekFromStored(hours.week) : null,
          note: hours?.note ?? null,
          openNow: hours ? hours.open_now : null,
        },
      }),
  };
}

export function toCompanyImage(image: CompanyImageRow): CompanyImage {
  return {
    id: image.id,
    objectUrl: objectUrl(image.object_id),
    thumbnailUrl: image.thumbnail_id ? objectUrl(image.thumbnail_id) : null,
    caption: image.caption,
    displayOrder: image.display_order,
  };
}

export interface CompanyPage {
  companies: Company[];
  pagination: Pagination;
}

/** Where a company works, as its page says it; a radius counts from its ZIP code. */
function toWorkArea(area: WorkAreaJson, zip: string): WorkArea {
  return {
    serviceArea:
      area.radius !== null
        ? { type: 'radius', radiusMiles: area.radius, zip }
        : area.zips?.length
          ? { type: 'zips', zips: area.zips }
          : null,
    takesSubcategoryIds: area.takes?.length ? area.takes : null,
  };
}

export class CompaniesService {
  private readonly listing: ListingOptions;
  /** The company page's read, a prepared statement on PostgreSQL (db/prepared-reads.ts). */
  private readonly reads: ReadRows;

  constructor(
    private readonly db: Db,
    options: { listing?: ListingOptions; reads?: ReadRows } = {},
  ) {
    this.listing = options.listing ?? DEFAULT_LISTING;
    this.reads = options.reads ?? plainReads(db);
  }

  /**
   * Where the company appears for its category and near its ZIP code (Top Rated, the
   * default sort), counted with the listings' own conditions and order, and why.
   */
  async placement(companyId: number): Promise<Placement> {
    const me = await findPlacementSubject(this.db, companyId);
    if (!me) throw notFound('Company not found');
    const near =
      me.zip_latitude === null || me.zip_longitude === null
        ? undefined
        : { latitude: me.zip_latitude, longitude: me.zip_longitude, radiusMiles: PLACEMENT_RADIUS_MILES };
    // The search near its ZIP code counts with the listing's conditions, service areas included.
    const zips = [me.zip.slice(0, 5)];
    const [inCategory, nearZip, takesOwnZip] = await Promise.all([
      countPlacement(this.db, { categoryId: me.category_id }, me),
      near ? countPlacement(this.db, { near: { ...near, zips } }, me) : undefined,
      near ? takesIn(this.db, me.id, { ...near, zips }) : true,
    ]);
    const place = ({ ahead, total, listed }: { ahead: number; total: number; listed: boolean }) => ({
      position: listed ? ahead + 1 : null,
      page: listed ? Math.floor(ahead / SEARCH_PAGE_SIZE) + 1 : null,
      total,
    });
    const reasons: string[] = [];
    if (!me.is_active) reasons.push('Inactive: the company is not listed anywhere until it is activated again.');
    reasons.push(
      me.is_premium
        ? 'Premium: your coin balance is above 0, so the company is listed among the premium businesses, before all others.'
        : 'Not premium: businesses whose owner holds coins are listed before yours; any coin balance puts you among them.',
    );
    reasons.push(
      me.average_rating === null
        ? 'No reviews yet: among businesses of the same placement, rated ones come first.'
        : `Then by average rating (yours: ${me.average_rating.toFixed(2)}), then by the number of reviews (yours: ${me.ratings_count}).`,
    );
    if (near && !takesOwnZip) {
      reasons.push(`Its service area (Leads tab) does not include ${me.zip}, so a search near it does not list the company.`);
    } else if (near && !nearZip?.listed && me.is_active) {
      reasons.push(
        `The company's map position is more than ${PLACEMENT_RADIUS_MILES} miles from its ZIP code's centre, so a search near ${me.zip} does not list it.`,
      );
    }
    return {
      companyId: me.id,
      categoryName: me.category_name,
      categorySlug: me.category_slug,
      zip: me.zip,
      category: place(inCategory),
      nearZip: nearZip ? place(nearZip) : null,
      reasons,
    };
  }

  /**
   * Any company, active or not (the page shows the Inactive banner), as `viewer` may see it: one a
   * moderator took down is as unknown as a missing one to all but its owner and admins; 404 for
   * anything else.
   */
  async getCompany(rawId: string | number, viewer: ListingViewer): Promise<Company> {
    const id = Number(rawId);
    const row =
      Number.isInteger(id) && id > 0 && id <= MAX_INT4_ID
        ? await sharedRead(`company:${id}`, () => findCompanyRowById(this.reads, id))
        : undefined;
    if (!row || !isListingShownTo(row, viewer)) throw notFound('Company not found');
    return toCompany(row);
  }

  /** The company's photos in display order; 404 for no such company (or one `viewer` may not see). */
  async listImages(rawId: string, viewer: ListingViewer): Promise<CompanyImage[]> {
    const id = Number(rawId);
    const valid = Number.isInteger(id) && id > 0 && id <= MAX_INT4_ID;
    const images = valid ? await listCompanyImages(this.db, id, viewer) : [];
    // Most listings have no photos: only then is it asked whether the company exists at all.
    if (images.length === 0 && !(valid && (await companyShownTo(this.db, id, viewer)))) throw notFound('Company not found');
    return images.map(toCompanyImage);
  }

  /** Every company of one owner, inactive ones included. */
  async listOfOwner(ownerId: number): Promise<Company[]> {
    return (await listCompaniesOfOwner(this.db, ownerId)).map(toCompany);
  }

  /** A page of cards and its total (capped at TOTAL_CAP). */
  async list(filter: Omit<ListingFilter, 'limit' | 'offset'>, page: number, limit: number): Promise<CompanyPage> {
    const paged: ListingFilter = { ...filter, limit, offset: (page - 1) * limit };
    const { near } = filter;
    if (near && filter.tsquery && !filter.ids) {
      // Words near a place: one statement, from the index of words and places, for the page and its total.
      const circle = await listCompaniesInCircle(this.reads, { ...paged, near });
      return this.pageOf(circle.rows, circle.total, page, limit);
    }
    // Words are matched by the lexemes their prefixes stand for (exactTextQuery).
    const text = filter.tsquery ? await exactTextQuery(this.db, filter.tsquery) : undefined;
    if (text) paged.exactTsquery = text.exact;
    let rows: CompanyRow[];
    let total: number;
    if ((text || filter.subcategoryId !== undefined) && !filter.near && !filter.ids) {
      // A lexeme's count is over the whole catalogue: no bound within a category.
      const atLeast = filter.categoryId === undefined && filter.subcategoryId === undefined ? (text?.atLeast ?? 0) : 0;
      [rows, total] = await this.listFilteredMatches(paged, atLeast);
    } else if (near && filter.sort === 'distance' && !filter.ids) {
      [rows, total] = await this.listNearest({ ...paged, near });
    } else {
      // A category, a place without words or a list of ids: the filter is in an index, PostgreSQL plans well.
      [rows, total] = await Promise.all([listCompanies(this.db, paged), countCompanies(this.db, paged)]);
    }
    return this.pageOf(rows, total, page, limit);
  }

  private pageOf(rows: CompanyRow[], total: number, page: number, limit: number): CompanyPage {
    return {
      companies: rows.map(toCompany),
      pagination: { total, page, limit, totalPages: Math.ceil(total / limit), totalCapped: total >= TOTAL_CAP },
    };
  }

  /**
   * Words and subcategories are filters no order index holds, where a page can cost all its
   * matches: the capped count says how many there are, and so which way reads fewer rows. Fewer
   * than the cap: sort them all (at most TOTAL_CAP). More: walk the sort's index from the top
   * (the category's, on a category page), only so far down (ListingOptions), then once more
   * WALK_WIDENING times as far; if the page is not full by then (the matches sit low in the
   * order), sort them all after all. A walk costs the rows down to its bound, a sort all the
   * matches: past some depth the sort is cheaper, whatever the filter.
   */
  private async listFilteredMatches(filter: ListingFilter, atLeast: number): Promise<[CompanyRow[], number]> {
    // A word that one lexeme alone gives the capped total needs no count (a count builds a bitmap
    // of every match in the text index); anything else is counted up to the cap.
    const total = atLeast >= TOTAL_CAP ? TOTAL_CAP : await countCompanies(this.db, filter);
    // Under the cap, the sort reads at most TOTAL_CAP matches; a page at or past the capped total
    // (page 112 and on) would need a walk deeper than a sort of all the matches.
    if (total >= TOTAL_CAP && filter.offset < total) {
      for (const depth of walkDepthsFor(this.listing, filter)) {
        const bound = await findBoundary(this.db, filter, depth);
        const walked = await listCompanies(this.db, filter, { kind: 'walk', bound });
        if (walked.length === filter.limit || !bound) return [walked, total];
      }
    }
    return [await listCompanies(this.db, filter, { kind: 'sortMatches' }), total];
  }

  /**
   * Nearest first, premium placement before all: a page needs the premium companies of the whole
   * circle and then only the nearest others, which a much smaller circle often holds (a 50-mile
   * circle around New York holds 27,000 of the bench's 1,000,000 companies, all of them read and
   * sorted for nine). Whatever lies outside a smaller circle is farther than all inside it, so
   * when the smaller circle holds enough, its nearest are exactly the page; otherwise the circle
   * doubles, up to the whole one.
   */
  private async listNearest(
    filter: ListingFilter & { near: NonNullable<ListingFilter['near']> },
  ): Promise<[CompanyRow[], number]> {
    const total = await countCompanies(this.db, filter);
    const wanted = filter.offset + filter.limit;
    // A circle of few companies is read whole; so is a page past the capped total, which no
    // smaller circle would hold.
    if (total < TOTAL_CAP || wanted > TOTAL_CAP) return [await listCompanies(this.db, filter), total];
    const whole = { ...filter, offset: 0, limit: wanted };
    // Any other filter is tested on each company of the (smaller) circle.
    const premium = await listCompanies(this.db, { ...whole, premium: true }, { kind: 'nearby' });
    const others = wanted - premium.length;
    if (others <= 0) return [premium.slice(filter.offset), total];
    // Only the page's share of the others is read (with its cards): the circle holds enough
    // when that whole share comes back.
    const skipped = Math.max(0, filter.offset - premium.length);
    const share = { offset: skipped, limit: others - skipped };
    const { radiusMiles } = filter.near;
    for (let radius = radiusMiles * NEAREST_FIRST_SHARE; radius < radiusMiles; radius *= 2) {
      const near = { ...filter.near, radiusMiles: radius };
      const nearest = await listCompanies(this.db, { ...filter, ...share, near, premium: false }, { kind: 'nearby' });
      if (nearest.length === share.limit) return [[...premium.slice(filter.offset), ...nearest], total];
    }
    return [await listCompanies(this.db, filter), total];
  }

  /** The hourly responsiveness sweep (idempotent, so any node may run it). */
  refreshResponsiveness(): Promise<void> {
    return refreshReplyResponsiveness(this.db);
  }
}
