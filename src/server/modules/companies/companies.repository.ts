/**
 * Reading companies for discovery: one listing query (full text, radius, filters, fair order,
 * paging and the total in one statement) and the batched look-ups that fill a page of cards —
 * subcategories and first photos for all ids at once, never one query per card.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import type { Sort } from '@/shared/schemas/company';

export type CompanyRow = {
  id: number;
  owner_id: number | null;
  name: string;
  description: string;
  category_id: number;
  category_slug: string;
  category_name: string;
  subcategory: string | null;
  phone: string;
  email: string;
  website: string | null;
  logo: string | null;
  logo_object_id: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  is_active: boolean;
  is_premium: boolean;
  average_rating: number | null;
  ratings_count: number;
  favorites_count: number;
  distance_miles?: number | null;
  total?: number;
};

/** Columns of a company card; premium = the owner holds coins (paid placement). */
const CARD_COLUMNS = sql`
  c.id, c.owner_id, c.name, c.description, c.category_id, cat.slug AS category_slug, cat.name AS category_name,
  c.subcategory, c.phone, c.email, c.website, c.logo, c.logo_object_id, c.address, c.city, c.state, c.zip,
  c.latitude, c.longitude, c.is_active, coalesce(cb.balance, 0) > 0 AS is_premium,
  c.average_rating::float8 AS average_rating, c.ratings_count, c.favorites_count`;

const CARD_FROM = sql`
  FROM companies c
  JOIN categories cat ON cat.id = c.category_id
  LEFT JOIN coin_balances cb ON cb.user_id = c.owner_id`;

export const companyByIdQuery = (id: number) => sql`SELECT ${CARD_COLUMNS} ${CARD_FROM} WHERE c.id = ${id}`;

export async function findCompanyRowById(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const result = await db.execute<CompanyRow>(companyByIdQuery(id));
  return result.rows[0];
}

export interface ListingFilter {
  /** A prepared tsquery text such as `(plumb:* | plumber:*) & austin:*`; undefined: no text filter. */
  tsquery?: string;
  near?: { latitude: number; longitude: number; radiusMiles: number };
  categoryId?: number;
  subcategoryId?: number;
  ids?: number[];
  sort: Sort;
  limit: number;
  offset: number;
}

const EARTH_RADIUS_MILES = 3958.8;

function distanceExpression(near: NonNullable<ListingFilter['near']>): SQL {
  // Haversine on the listing's coordinates, in miles.
  const lat = sql`${near.latitude}::float8`;
  const lng = sql`${near.longitude}::float8`;
  return sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
      power(sin(radians(c.latitude - ${lat}) / 2), 2) +
      cos(radians(${lat})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lng}) / 2), 2))))`;
}

function orderBy(sort: Sort, hasText: boolean, hasDistance: boolean): SQL {
  const relevance = hasText ? sql`rank DESC,` : sql``;
  const rated = sql`c.average_rating DESC NULLS LAST, c.ratings_count DESC`;
  switch (sort) {
    case 'mostReviewed':
      return sql`is_premium DESC, c.ratings_count DESC, c.average_rating DESC NULLS LAST, ${relevance} c.id`;
    case 'mostFavorited':
      return sql`is_premium DESC, c.favorites_count DESC, ${rated}, ${relevance} c.id`;
    case 'distance':
      if (hasDistance) return sql`is_premium DESC, distance_miles ASC, ${rated}, c.id`;
      return sql`is_premium DESC, ${rated}, ${relevance} c.id`;
    case 'topRated':
    default:
      return sql`is_premium DESC, ${rated}, ${relevance} c.id`;
  }
}

/** One page of active companies matching the filter, each row carrying the total count. */
export async function listCompanies(db: DbOrTx, filter: ListingFilter): Promise<CompanyRow[]> {
  const result = await db.execute<CompanyRow>(listingQuery(filter));
  return result.rows;
}

/** The listing statement itself (tests read its EXPLAIN). */
export function listingQuery(filter: ListingFilter): SQL {
  const conditions: SQL[] = [sql`c.is_active`];
  const tsq = filter.tsquery ? sql`to_tsquery('english', ${filter.tsquery})` : undefined;
  if (tsq) conditions.push(sql`c.search_vector @@ ${tsq}`);
  let distance: SQL = sql`NULL::float8`;
  if (filter.near) {
    const { latitude, longitude, radiusMiles } = filter.near;
    // A bounding box first (index on latitude, longitude), then the exact circle.
    const dLat = radiusMiles / 69;
    const dLng = radiusMiles / (69 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    distance = distanceExpression(filter.near);
    conditions.push(sql`c.latitude BETWEEN ${latitude - dLat}::float8 AND ${latitude + dLat}::float8`);
    conditions.push(sql`c.longitude BETWEEN ${longitude - dLng}::float8 AND ${longitude + dLng}::float8`);
    conditions.push(sql`${distance} <= ${radiusMiles}::float8`);
  }
  if (filter.categoryId !== undefined) conditions.push(sql`c.category_id = ${filter.categoryId}`);
  if (filter.subcategoryId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM company_subcategories cs WHERE cs.company_id = c.id AND cs.subcategory_id = ${filter.subcategoryId})`,
    );
  }
  if (filter.ids) {
    conditions.push(
      filter.ids.length
        ? sql`c.id IN (${sql.join(
            filter.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }

  return sql`
    SELECT ${CARD_COLUMNS},
      ${distance} AS distance_miles,
      ${tsq ? sql`ts_rank_cd(c.search_vector, ${tsq})` : sql`0`} AS rank,
      count(*) OVER ()::int AS total
    ${CARD_FROM}
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${orderBy(filter.sort, !!tsq, !!filter.near)}
    LIMIT ${filter.limit} OFFSET ${filter.offset}`;
}

/** Counts without a page (a page past the end has no rows to carry the total). */
export async function countCompanies(db: DbOrTx, filter: ListingFilter): Promise<number> {
  const rows = await listCompanies(db, { ...filter, offset: 0, limit: 1 });
  return rows[0]?.total ?? 0;
}

export type SubcategoryOfCompany = {
  company_id: number;
  id: number;
  name: string;
  slug: string;
};

export async function findSubcategoriesOf(db: DbOrTx, companyIds: number[]): Promise<SubcategoryOfCompany[]> {
  if (companyIds.length === 0) return [];
  const result = await db.execute<SubcategoryOfCompany>(sql`
    SELECT cs.company_id, s.id, s.name, s.slug
      FROM company_subcategories cs JOIN subcategories s ON s.id = cs.subcategory_id
     WHERE cs.company_id IN (${sql.join(
       companyIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     ORDER BY s.name`);
  return result.rows;
}

export type FirstImage = {
  company_id: number;
  id: number;
  object_id: string;
};

export async function findFirstImagesOf(db: DbOrTx, companyIds: number[]): Promise<FirstImage[]> {
  if (companyIds.length === 0) return [];
  const result = await db.execute<FirstImage>(sql`
    SELECT DISTINCT ON (company_id) company_id, id, object_id
      FROM company_images
     WHERE company_id IN (${sql.join(
       companyIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     ORDER BY company_id, display_order, id`);
  return result.rows;
}

export type CompanyImageRow = { id: number; object_id: string; caption: string | null; display_order: number };

export async function listCompanyImages(db: DbOrTx, companyId: number): Promise<CompanyImageRow[]> {
  const result = await db.execute<CompanyImageRow>(sql`
    SELECT id, object_id, caption, display_order FROM company_images
     WHERE company_id = ${companyId} ORDER BY display_order, id`);
  return result.rows;
}
