/**
 * What search engines read: the head of a company or category page (title, description,
 * canonical, Open Graph, JSON-LD) written into index.html before any script runs, the sitemap
 * and robots.txt. Everything user-written is escaped for the context it lands in.
 */
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/lib/app-error';
import { escapeHtml } from '@/server/lib/html';
import { jsonForScript } from '@/shared/json-for-script';
import { DEFAULT_BRAND } from '@/shared/brand';
import type { Company } from '@/shared/schemas/company';
import type { CategoriesService } from '../categories/categories.service';
import type { CompaniesService } from '../companies/companies.service';
import { findMaxCompanyId, listActiveCompaniesForSitemap, listCategoriesForSitemap } from './seo.repository';
import { isAppPath } from '@/shared/app-routes';
import { SOURCE_LANGUAGE, type Language } from '@/shared/i18n/languages';
import { readPageNumber } from '@/shared/page-number';

const DESCRIPTION_LENGTH = 155;
/**
 * One sitemap file holds at most 50,000 URLs (sitemaps.org), so /sitemap.xml is an index: one file
 * of pages and categories, and one file per range of 50,000 company ids (a company stays in the same
 * file for good, and a file never holds more than its range). 1,000,000 companies are 20 files.
 */
export const SITEMAP_FILE_URLS = 50_000;
const STATIC_PATHS = ['/', '/about', '/safety', '/how-it-works', '/terms', '/privacy'];
const xml = (lines: string[]) => `${['<?xml version="1.0" encoding="UTF-8"?>', ...lines].join('\n')}\n`;
const DISALLOWED_PATHS = ['/api/', '/profile', '/admin', '/myquotes', '/vendorquotes', '/dev/'];

/** Whitespace collapsed, cut at a word boundary near `max` characters with an ellipsis. */
export function trimDescription(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`;
}

interface HeadParts {
  title: string;
  description?: string;
  canonical: string;
  ogType: 'business.business' | 'website';
  image?: string;
  noindex?: boolean;
  jsonLd?: unknown;
  siteName: string;
}

function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.code === 'NOT_FOUND';
}

const NOINDEX = '<meta name="robots" content="noindex">';

export interface RenderedPage {
  status: 200 | 404 | 410;
  head: string | null;
}

/** `?a=…&page=n` with only the named parameters (non-empty) and a page past the first. */
function keptParams(params: URLSearchParams, names: string[]): string {
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  const page = readPageNumber(params);
  if (page > 1) kept.set('page', String(page));
  const query = kept.toString();
  return query ? `?${query}` : '';
}

const NOT_FOUND_PAGE: RenderedPage = { status: 404, head: NOINDEX };

export class SeoService {
  constructor(
    private readonly db: Db,
    /** config.appUrl, without a trailing slash. */
    private readonly appUrl: string,
    private readonly companies: CompaniesService,
    private readonly categories: CategoriesService,
    /** An English sentence (a title, a description) in a language, found by its words; as written when unknown. */
    private readonly translate: (language: Language, text: string) => string = (_language, text) => text,
    /** Company ids per sitemap file (tests split a small catalogue with a smaller one). */
    private readonly idsPerFile = SITEMAP_FILE_URLS,
    /** The operator's site name now (Platform Settings' brand), for titles and structured data. */
    private readonly siteName: () => string = () => DEFAULT_BRAND.name,
  ) {}

  /**
   * What a page load answers: its status and the head tags search engines should see (null where
   * the default head of index.html fits). A path that is no screen of the app, and a company or
   * category that does not exist, is a 404 with noindex (the app shows its not-found screen), so
   * crawlers see no soft 404s; a deactivated company's page is shown (with its Inactive banner) as
   * 410 Gone with noindex, so search engines drop it.
   */
  async renderPage(url: URL, language: Language = SOURCE_LANGUAGE): Promise<RenderedPage> {
    const { pathname } = url;
    if (!isAppPath(pathname)) return NOT_FOUND_PAGE;
    if (/^\/search\/?$/.test(pathname)) return { status: 200, head: this.searchHead(url) };
    const match = /^\/(companies|categories)\/([^/]+)\/?$/.exec(pathname);
    if (!match) return { status: 200, head: null };
    let key: string;
    try {
      key = decodeURIComponent(match[2]);
    } catch {
      return NOT_FOUND_PAGE;
    }
    try {
      return match[1] === 'companies'
        ? await this.companyPage(key, language)
        : { status: 200, head: await this.categoryHead(key, url, language) };
    } catch (error) {
      if (isNotFound(error)) return NOT_FOUND_PAGE;
      throw error;
    }
  }

  /**
   * A search's canonical address keeps what chooses the results (words, place, radius, page) and
   * drops the order and the view: the same listing sorted another way is one page to a crawler.
   */
  private searchHead(url: URL): string {
    const kept = keptParams(url.searchParams, ['q', 'location', 'radius']);
    return `<link rel="canonical" href="${escapeHtml(`${this.appUrl}/search${kept}`)}">`;
  }
  private async companyPage(id: string, language: Language): Promise<RenderedPage> {
    // The public's page: the renderer reads the API without the visitor's session.
    const company = await this.companies.getCompany(id, null);
    const url = `${this.appUrl}/companies/${company.id}`;
    const description = trimDescription(company.description);
    const image = this.absoluteUrl(company.firstImage?.objectUrl ?? company.logoUrl);
    const head = renderHeadTags({
      siteName: this.siteName(),
      title: this.translate(
        language,
        `${company.name} – ${company.categoryName} in ${company.city}, ${company.state} | ${this.siteName()}`,
      ),
      description,
      canonical: url,
      ogType: 'business.business',
      image,
      noindex: !company.isActive,
      jsonLd: localBusiness(company, url, description, image),
    });
    return { status: company.isActive ? 200 : 410, head };
  }

  /** A category's canonical address keeps its subcategory and page, not its order or view. */
  private async categoryHead(idOrSlug: string, pageUrl: URL, language: Language): Promise<string> {
    const category = await this.categories.getCategory(idOrSlug);
    const subcategory = pageUrl.searchParams.get('subcategory');
    const kept = subcategory && subcategory !== 'all' ? ['subcategory'] : [];
    const url = `${this.appUrl}/categories/${encodeURIComponent(category.slug)}${keptParams(pageUrl.searchParams, kept)}`;
    const title = this.translate(language, `${category.name} Businesses | ${this.siteName()}`);
    const description = trimDescription(
      category.description ??
        this.translate(language, `Find trusted local ${category.name.toLowerCase()} businesses near you on ${this.siteName()}.`),
    );
    return renderHeadTags({
      siteName: this.siteName(),
      title,
      description,
      canonical: url,
      ogType: 'website',
      image: this.absoluteUrl(category.imageUrl),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: title,
        description,
        url,
        isPartOf: { '@type': 'WebSite', name: this.siteName(), url: `${this.appUrl}/` },
      },
    });
  }

  /** An http(s) URL for a stored path or a full URL; undefined for anything else. */
  private absoluteUrl(pathOrUrl: string | null | undefined): string | undefined {
    if (!pathOrUrl) return undefined;
    try {
      const url = new URL(pathOrUrl, `${this.appUrl}/`);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  /** /sitemap.xml: the index of the sitemap files. */
  async buildSitemapIndex(): Promise<string> {
    const files = Math.ceil((await findMaxCompanyId(this.db)) / this.idsPerFile);
    const entry = (path: string) => `<sitemap><loc>${escapeHtml(`${this.appUrl}${path}`)}</loc></sitemap>`;
    return xml([
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry('/sitemaps/pages.xml'),
      ...Array.from({ length: files }, (_, i) => entry(`/sitemaps/companies-${i + 1}.xml`)),
      '</sitemapindex>',
    ]);
  }

  /** /sitemaps/pages.xml: the static pages and every category. */
  async buildPagesSitemap(): Promise<string> {
    const categoryRows = await listCategoriesForSitemap(this.db);
    return this.urlset([
      ...STATIC_PATHS.map((path) => this.urlEntry(path)),
      ...categoryRows.map((c) => this.urlEntry(`/categories/${encodeURIComponent(c.slug)}`, c.lastmod)),
    ]);
  }

  /** /sitemaps/companies-{n}.xml: the active companies of the n-th id range; undefined past the last. */
  async buildCompaniesSitemap(file: number): Promise<string | undefined> {
    const maxId = await findMaxCompanyId(this.db);
    if (!Number.isInteger(file) || file < 1 || (file - 1) * this.idsPerFile >= maxId) return undefined;
    const rows = await listActiveCompaniesForSitemap(this.db, (file - 1) * this.idsPerFile + 1, file * this.idsPerFile);
    return this.urlset(rows.map((c) => this.urlEntry(`/companies/${c.id}`, c.lastmod)));
  }

  private urlEntry(path: string, lastmod?: string): string {
    return `<url><loc>${escapeHtml(`${this.appUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  }

  private urlset(entries: string[]): string {
    return xml(['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>']);
  }

  robotsTxt(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.appUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}

function localBusiness(company: Company, url: string, description: string, image: string | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: company.name,
    description,
    url,
    telephone: company.phoneE164 ?? company.phone,
    email: company.email,
    ...(image ? { image } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address,
      addressLocality: company.city,
      addressRegion: company.state,
      postalCode: company.zip,
      addressCountry: 'US',
    },
    ...(company.latitude !== null && company.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: company.latitude, longitude: company.longitude } }
      : {}),
    ...(company.ratingsCount > 0 && company.averageRating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: company.averageRating,
            reviewCount: company.ratingsCount,
            bestRating: 5,
            worstRating: 0.5,
          },
        }
      : {}),
  };
}

function renderHeadTags(parts: HeadParts): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(parts.title)}</title>`,
    ...(parts.description !== undefined ? [meta('name', 'description', parts.description)] : []),
    ...(parts.noindex ? [NOINDEX] : []),
    `<link rel="canonical" href="${escapeHtml(parts.canonical)}">`,
    meta('property', 'og:title', parts.title),
    ...(parts.description !== undefined ? [meta('property', 'og:description', parts.description)] : []),
    meta('property', 'og:url', parts.canonical),
    meta('property', 'og:type', parts.ogType),
    meta('property', 'og:site_name', parts.siteName),
    ...(parts.image ? [meta('property', 'og:image', parts.image)] : []),
    meta('name', 'twitter:card', parts.image ? 'summary_large_image' : 'summary'),
    ...(parts.jsonLd ? [`<script type="application/ld+json">${jsonForScript(parts.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}
