import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, companies } from '@/server/db/schema';
import { createCompany } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { SeoService } from './seo.service';

/** The head of the real index.html, with a module script as Vite writes it. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Find and list local businesses easily with our comprehensive business directory platform." />
    <meta name="theme-color" content="#1d4ed8" />
    <link rel="icon" type="image/svg+xml" href="/logo.svg" />
    <title>LocalPros</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body class="bg-white text-slate-900 antialiased">
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'lp-seo-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await startTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function page(url: string, status = 200) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.body;
}

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, 'gi'))?.length ?? 0;

function jsonLdOf(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD, read freely by the assertions
  return JSON.parse(blocks[0][1]) as Record<string, any>;
}

describe('company pages', () => {
  it('carry title, description, canonical, Open Graph and LocalBusiness JSON-LD in the HTML', async () => {
    const description = `Family-run plumbers fixing leaks, drains and water heaters across Austin since 1998. ${'We answer the phone day and night. '.repeat(6)}`;
    const company = await createCompany(t.db, {
      name: 'Barton Creek Plumbing',
      description,
      address: '401 Congress Ave',
      zip: '78701',
      averageRating: 4.5,
      ratingsCount: 12,
    });
    const html = await page(`/companies/${company.id}?utm_source=newsletter`);
    const url = `${t.config.appUrl}/companies/${company.id}`;

    expect(titleOf(html)).toBe(`Barton Creek Plumbing – Plumbing Services in ${company.city}, ${company.state} | LocalPros`);
    expect(count(html, /<title>/)).toBe(1);
    expect(count(html, /<meta name="description"/)).toBe(1);
    expect(html).not.toContain('comprehensive business directory platform');
    const metaDescription = metaOf(html, 'description')!;
    expect(metaDescription.length).toBeLessThanOrEqual(156);
    expect(metaDescription.startsWith('Family-run plumbers fixing leaks')).toBe(true);
    expect(metaDescription.endsWith('…')).toBe(true);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaOf(html, 'og:title')).toBe(titleOf(html));
    expect(metaOf(html, 'og:description')).toBe(metaDescription);
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(metaOf(html, 'og:type')).toBe('business.business');
    expect(metaOf(html, 'og:site_name')).toBe('LocalPros');
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(html).not.toContain('name="robots"');
    // The tags are in the head, before the app's script.
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    // Each language version names itself as canonical; the default language's carries no parameter.
    const spanish = await page(`/companies/${company.id}?lang=es`);
    expect(spanish).toContain(`<link rel="canonical" href="${url}?lang=es">`);
    // The title search engines show comes in the page's language.
    expect(titleOf(spanish)).toBe(`Barton Creek Plumbing – Plumbing Services en ${company.city}, ${company.state} | LocalPros`);

    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Barton Creek Plumbing',
      description: metaDescription,
      url,
      telephone: company.phone,
      email: company.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: '401 Congress Ave',
        addressLocality: company.city,
        addressRegion: company.state,
        postalCode: '78701',
        addressCountry: 'US',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12, bestRating: 5, worstRating: 0.5 },
    });
    if (company.latitude !== null && company.longitude !== null) {
      expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: company.latitude, longitude: company.longitude });
    }
  });

  it('leave out aggregateRating without ratings, and give og:image as an absolute URL when there is a logo', async () => {
    const company = await createCompany(t.db, { logo: '/uploads/logo.png', latitude: null, longitude: null });
    const html = await page(`/companies/${company.id}`);
    expect(metaOf(html, 'og:image')).toBe(`${t.config.appUrl}/uploads/logo.png`);
    const ld = jsonLdOf(html);
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.geo).toBeUndefined();
    expect(ld.image).toBe(`${t.config.appUrl}/uploads/logo.png`);
  });

  it('escape hostile names and descriptions so that nothing becomes markup', async () => {
    const name = `</script><script>alert(1)</script> $& $' Pros`;
    const description = `"><img src=x onerror=alert(1)> <!-- & --> '<svg onload=alert(2)>`;
    const company = await createCompany(t.db, { name, description, address: `"><script>alert(3)</script>` });
    const html = await page(`/companies/${company.id}`);

    expect(html).not.toMatch(/<script>alert/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toContain('<!-- &');
    // No tag anywhere carries an event handler outside a quoted attribute value.
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) expect(tag.replace(/="[^"]*"/g, '=""')).not.toMatch(/\son\w+\s*=/i);
    expect(tags.filter((tag) => /onerror=|onload=/.test(tag)).every((tag) => tag.startsWith('<meta '))).toBe(true);
    // Exactly the app's module script and the JSON-LD block, each closed once.
    expect(count(html, /<script\b/)).toBe(2);
    expect(count(html, /<\/script>/)).toBe(2);

    expect(titleOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; Pros');
    const ld = jsonLdOf(html);
    expect(ld.name).toBe(name);
    expect(ld.description).toBe(description);
    expect(ld.address.streetAddress).toBe(`"><script>alert(3)</script>`);
  });

  it('of a deactivated company are shown, as 410 Gone with noindex', async () => {
    const company = await createCompany(t.db, { name: 'Closed Shop Repairs', isActive: false });
    const html = await page(`/companies/${company.id}`, 410);
    expect(titleOf(html)).toMatch(/^Closed Shop Repairs – /);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it.each(['/companies/999999999', '/companies/not-a-number', '/companies/0/'])(
    'that do not exist (%s) answer the plain app with noindex and 404',
    async (url) => {
      const html = await page(url, 404);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(titleOf(html)).toBe('LocalPros');
      expect(count(html, /<title>/)).toBe(1);
      expect(html).toContain('comprehensive business directory platform');
      expect(html).not.toContain('rel="canonical"');
    },
  );
});

describe('category pages', () => {
  it('carry the category title, description, canonical and website Open Graph type', async () => {
    const [category] = await t.db.select().from(categories).where(eq(categories.slug, 'plumbing-services'));
    const html = await page('/categories/plumbing-services');
    expect(titleOf(html)).toBe(`${category.name} Businesses | LocalPros`);
    expect(count(html, /<title>/)).toBe(1);
    expect(count(html, /<meta name="description"/)).toBe(1);
    if (category.description) expect(html).toContain(`content="${metaOf(html, 'description')}"`);
    expect(html).toContain(`<link rel="canonical" href="${t.config.appUrl}/categories/plumbing-services">`);
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(html).not.toContain('name="robots"');
    expect(titleOf(await page('/categories/plumbing-services?lang=ar'))).toBe(`شركات ${category.name} | LocalPros`);
  });

  it.each([
    ['?sort=mostReviewed&page=3&favorites=true', '?page=3'],
    ['?subcategory=drain-cleaning&sort=mostReviewed&page=2', '?subcategory=drain-cleaning&page=2'],
    ['?subcategory=all&page=1', ''],
  ])('name one canonical address for every order and view of a listing page (%s)', async (query, canonical) => {
    const html = await page(`/categories/plumbing-services${query}`);
    expect(count(html, /rel="canonical"/)).toBe(1);
    expect(html).toContain(
      `<link rel="canonical" href="${t.config.appUrl}/categories/plumbing-services${canonical.replaceAll('&', '&amp;')}">`,
    );
  });

  it('that do not exist answer the plain app with noindex', async () => {
    const html = await page('/categories/no-such-category', 404);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(titleOf(html)).toBe('LocalPros');
  });
});

describe('other paths', () => {
  it('of a search name the words, place, radius and page, not the order', async () => {
    const html = await page('/search?q=drain%20cleaning&location=10001&radius=10&sort=mostReviewed&page=2');
    expect(html).toContain(
      `<link rel="canonical" href="${t.config.appUrl}/search?q=drain+cleaning&amp;location=10001&amp;radius=10&amp;page=2">`,
    );
  });

  it('keep the default head', async () => {
    const html = await page('/about');
    expect(html).toBe(INDEX_HTML);
  });
});

describe('GET /sitemap.xml', () => {
  it('is an index of a pages file and one file per 50,000 company ids, listing every active company', async () => {
    const active = await createCompany(t.db, { name: 'Sitemap Active Co' });
    const inactive = await createCompany(t.db, { name: 'Sitemap Inactive Co', isActive: false });
    const base = t.config.appUrl;
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).toContain(`<sitemap><loc>${base}/sitemaps/pages.xml</loc></sitemap>`);
    expect(index.body).toContain(`<sitemap><loc>${base}/sitemaps/companies-1.xml</loc></sitemap>`);
    expect(index.body).not.toContain('companies-2.xml');

    const pages = (await get('/sitemaps/pages.xml')).body;
    expect(pages).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const p of ['/', '/about', '/safety', '/terms', '/privacy']) expect(pages).toContain(`<loc>${base}${p}</loc>`);
    const allCategories = await t.db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.id));
    expect(allCategories.length).toBeGreaterThan(0);
    for (const { slug } of allCategories)
      expect(pages).toMatch(new RegExp(`<loc>${base}/categories/${slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));

    const companiesFile = await get('/sitemaps/companies-1.xml');
    expect(companiesFile.statusCode).toBe(200);
    const lastmod = active.updatedAt.toISOString().slice(0, 10);
    expect(companiesFile.body).toContain(`<url><loc>${base}/companies/${active.id}</loc><lastmod>${lastmod}</lastmod></url>`);
    expect(companiesFile.body).not.toContain(`<loc>${base}/companies/${inactive.id}</loc>`);
    for (const missing of ['/sitemaps/companies-2.xml', '/sitemaps/companies-0.xml', '/sitemaps/other.xml']) {
      expect((await get(missing)).statusCode).toBe(404);
    }
  });

  it('splits the companies by id range, so every active company is in exactly one file', async () => {
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await createCompany(t.db, { name: `Sitemap Split ${i}`, isActive: i !== 3 }));
    const seo = new SeoService(
      t.db,
      t.config.appUrl,
      t.app.services.companies,
      t.app.services.categories,
      (_language, text) => text,
      4,
    );
    const maxId = Math.max(...created.map((c) => c.id));
    const files = Math.ceil(maxId / 4);
    const index = await seo.buildSitemapIndex();
    expect(index.match(/<sitemap>/g)).toHaveLength(files + 1);
    const listed: number[] = [];
    for (let file = 1; file <= files; file++) {
      const body = (await seo.buildCompaniesSitemap(file)) ?? '';
      const ids = [...body.matchAll(/\/companies\/(\d+)</g)].map((m) => Number(m[1]));
      expect(ids.length).toBeLessThanOrEqual(4);
      listed.push(...ids);
    }
    expect(await seo.buildCompaniesSitemap(files + 1)).toBeUndefined();
    const active = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.isActive, true))
      .orderBy(asc(companies.id));
    expect(listed).toEqual(active.map((c) => c.id));
  });
});

describe('GET /robots.txt', () => {
  it('allows all but private paths and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/api/', '/profile', '/admin', '/myquotes', '/vendorquotes', '/dev/'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${t.config.appUrl}/sitemap.xml`);
  });
});

describe('without a built client', () => {
  it('still answers /sitemap.xml and /robots.txt', async () => {
    const apiOnly = await startTestApp();
    try {
      const sitemap = await apiOnly.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).toContain(`<loc>${apiOnly.config.appUrl}/sitemaps/pages.xml</loc>`);
      const pages = await apiOnly.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
      expect(pages.body).toContain(`<loc>${apiOnly.config.appUrl}/about</loc>`);
      const robots = await apiOnly.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('Disallow: /api/');
    } finally {
      await apiOnly.close();
    }
  });
});
