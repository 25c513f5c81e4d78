/**
 * The public pages arrive painted: their HTML carries the listings, the company and its reviews,
 * so a visitor without JavaScript (or a crawler, or a link preview) reads and navigates them, and
 * a browser with JavaScript takes the page over without asking the API again for what it shows,
 * without a hydration error and without moving anything. The HTML answers crawlers correctly
 * (status, canonical, noindex), keeps a signed-in visitor's page out of shared caches, and no
 * listing text can break out of the state handed to the browser.
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { companies, ratings } from '@/server/db/schema';
import { createCompany, createUser, DEFAULT_PASSWORD } from '@/server/test/factories';
import { startTestApp } from '@/server/test/harness';
import { logInThroughDialog, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { SERVER_STATE_ELEMENT_ID } from '@/shared/constants';

const journey = setupJourney();
const STATE_ID = SERVER_STATE_ELEMENT_ID;

/** Twelve companies one word finds (two pages of nine), the first with reviews. */
async function seedListing(word: string) {
  const db = journey.server.db;
  const made = [];
  for (let i = 1; i <= 12; i++) {
    made.push(await createCompany(db, { name: `${word} Plumbing ${String(i).padStart(2, '0')}`, zip: '78701' }));
  }
  const reviewer = await createUser(db, { firstName: 'Rita', lastName: 'Reviewer' });
  await db.insert(ratings).values({
    companyId: made[0].id,
    userId: reviewer.id,
    rating: 4.5,
    comment: `Fixed our ${word} leak the same afternoon.`,
  });
  await db.update(companies).set({ averageRating: 4.5, ratingsCount: 1 }).where(eq(companies.id, made[0].id));
  return made;
}

async function html(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, { headers, redirect: 'manual' });
  return { response, body: await response.text() };
}

/** The part of a page React renders (what a visitor without JavaScript sees). */
const rootOf = (body: string) =>
  body
    .slice(body.indexOf('<div id="root">'), body.indexOf(`<script type="application/json" id="${STATE_ID}"`))
    // React marks where one text node ends and the next begins.
    .replaceAll('<!-- -->', '');

describe('server-rendered public pages', () => {
  it('carry the results, pagination links, company and reviews in the HTML, under a strict policy', async () => {
    const made = await seedListing('Quillon');
    const search = await html('/search?q=quillon');
    expect(search.response.status).toBe(200);
    const root = rootOf(search.body);
    for (const company of made.slice(0, 9)) expect(root).toContain(company.name);
    expect(root).toContain('href="/search?q=quillon&amp;page=2"');
    expect(root).toContain('12 businesses found');

    const policy = search.response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The only inline script is the state, which is data and never runs.
    const inline = [...search.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline).toEqual([` type="application/json" id="${STATE_ID}"`]);
    // The stylesheet (which the first paint waits for) is asked for before every script, and the
    // scripts, which only make the painted page interactive, at low priority.
    const head = search.body.slice(0, search.body.indexOf('</head>'));
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.search(/<script type="module"|rel="modulepreload"/));
    for (const tag of head.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? []) {
      expect(tag).toContain('fetchpriority="low"');
    }
    // Each page has its own nonce.
    const again = await html('/search?q=quillon');
    expect(again.response.headers.get('content-security-policy')).not.toBe(policy);

    const company = await html(`/companies/${made[0].id}`);
    expect(company.response.status).toBe(200);
    expect(rootOf(company.body)).toContain('Fixed our Quillon leak the same afternoon.');
    expect(rootOf(company.body)).toContain('Rita R.');
    // Every star refers to a shape drawn once in the same page (a missing one draws nothing).
    for (const page of [search.body, company.body]) {
      const used = new Set([...page.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]));
      expect(used.size).toBeGreaterThan(0);
      for (const id of used) expect(page).toContain(`id="${id}"`);
    }

    const category = await html('/categories/plumbing-services?sort=mostReviewed');
    // The sort select shows the order the address asks for.
    expect(rootOf(category.body)).toMatch(/<option value="mostReviewed" selected="">Most Reviewed<\/option>/);

    const rules = await html('/how-it-works');
    expect(rootOf(rules.body)).toContain('Offers');

    // The home page's carousel carries its first slide's cards (the others need the script to be
    // reached); the chips below it link every category.
    const home = rootOf((await html('/')).body);
    const carousel = home.slice(home.indexOf('aria-roledescription="carousel"'), home.indexOf('Go to slide'));
    expect(carousel.match(/<article/g)).toHaveLength(3);
    expect(carousel).toContain('aria-label="2 of ');
    expect(home).toContain('href="/categories/plumbing-services"');
  });

  it('are rendered once for the data they show, and again as soon as it changes', async () => {
    const db = journey.server.db;
    const company = await createCompany(db, { name: 'Vellum Roofing' });
    const first = await html(`/companies/${company.id}`);
    const again = await html(`/companies/${company.id}`);
    // The whole document, the state handed to the browser included, is the same bytes.
    expect(again.body).toBe(first.body);
    expect(rootOf(first.body)).toContain('Vellum Roofing</h1>');

    // The data is read for every request: a change shows on the next page, never a page rendered before it.
    await db.update(companies).set({ name: 'Vellum Roofing & Gutters' }).where(eq(companies.id, company.id));
    const changed = await html(`/companies/${company.id}`);
    expect(rootOf(changed.body)).toContain('Vellum Roofing &amp; Gutters</h1>');
    expect(changed.body).toContain('"name":"Vellum Roofing \\u0026 Gutters"');
  });

  it('are rendered whole for every one of many visitors at once', async () => {
    // Forty at a time, as a crawler or a busy hour sends them: each is rendered (none falls back
    // to the app shell), with its own data.
    const paths = ['/search?q=plumbing', '/categories/plumbing-services'];
    const pages = await Promise.all(Array.from({ length: 40 }, (_, i) => html(paths[i % 2])));
    for (const [i, page] of pages.entries()) {
      expect(page.response.status).toBe(200);
      expect(page.body, `page ${i}`).toContain(`id="${STATE_ID}"`);
      expect(rootOf(page.body)).toContain(i % 2 ? 'Plumbing Services Businesses</h1>' : 'Results for “plumbing”</h1>');
    }
  });

  it('answer crawlers: 301 for a page that is no page, 404 noindex, 410 for a deactivated company', async () => {
    const db = journey.server.db;
    for (const [path, location] of [
      ['/search?q=quillon&page=0', '/search?q=quillon'],
      ['/categories/plumbing-services?page=-2&sort=mostReviewed', '/categories/plumbing-services?sort=mostReviewed'],
      ['/categories/plumbing-services?page=two', '/categories/plumbing-services'],
    ]) {
      const { response } = await html(path);
      expect(response.status, path).toBe(301);
      expect(new URL(response.headers.get('location')!, journey.server.baseUrl).href).toBe(
        `${journey.server.baseUrl}${location}`,
      );
    }

    const missing = await html('/no/such/page');
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('x-robots-tag')).toBe('noindex');
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect(rootOf(missing.body)).toContain('Page Not Found');

    const closed = await createCompany(db, { name: 'Shuttered Pipes', isActive: false });
    const gone = await html(`/companies/${closed.id}`);
    expect(gone.response.status).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    expect(rootOf(gone.body)).toContain('Shuttered Pipes');
  });

  it('are the same for every visitor, and a signed-in one is kept out of shared caches', async () => {
    const owner = await createUser(journey.server.db, { firstName: 'Sigrid', lastName: 'Signedin', isVerified: true });
    const login = await fetch(`${journey.server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.server.baseUrl },
      body: JSON.stringify({ email: owner.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const anonymous = await html('/search?q=quillon');
    const signedIn = await html('/search?q=quillon', { cookie });
    expect(anonymous.response.headers.get('cache-control')).toBe('no-cache');
    expect(signedIn.response.headers.get('cache-control')).toBe('private, no-cache');
    const withoutTimes = (body: string) => body.replace(/"(dataUpdatedAt|dehydratedAt)":\d+/g, '');
    expect(withoutTimes(signedIn.body)).toBe(withoutTimes(anonymous.body));
    expect(signedIn.body).not.toContain('Sigrid');
  });

  it('keep listing text inside the state handed to the browser', async () => {
    const hostile = '</script><script>window.__xss=1</script><!--';
    const company = await createCompany(journey.server.db, {
      name: `Zarvex ${hostile}`,
      description: `Line\u2028separator and ${hostile}`,
    });
    const page = await html(`/companies/${company.id}`);
    expect(page.response.status).toBe(200);
    const state = page.body.slice(page.body.indexOf(`id="${STATE_ID}">`));
    const json = state.slice(state.indexOf('>') + 1, state.indexOf('</script>'));
    // The state element ends where the server ended it, and reads back exactly.
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.stringify(JSON.parse(json))).toContain(JSON.stringify(`Zarvex ${hostile}`).slice(1, -1));
    expect(rootOf(page.body)).toContain('Zarvex &lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;!--');

    const { page: browserPage, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await browserPage.goto(`/companies/${company.id}`);
    await browserPage.getByRole('heading', { level: 1, name: `Zarvex ${hostile}` }).waitFor();
    await waitForHydration(browserPage);
    expect(await browserPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(consoleErrors).toEqual([]);
    await browserPage.context().close();
  });
});

/** The app marks #root once React has taken the page over (see main.tsx). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
}

describe('a search the API refuses', () => {
  it('says why, on a phone without scrolling sideways', async () => {
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto(`/search?q=${'a'.repeat(300)}`);
    await page.getByRole('alert').getByText('Search text is too long').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('in a time zone far from the server', () => {
  it("the privacy page hydrates with the server's date and then shows the visitor's own", async () => {
    // UTC+14: for most of the day its date is not the server's (UTC) date.
    const context = await journey.browser.newContext({ baseURL: journey.server.baseUrl, timezoneId: 'Pacific/Kiritimati' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/privacy');
    await waitForHydration(page);
    const local = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date()),
    );
    await page.getByText(`Effective date: ${local}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('a visitor searches, reads the first page, follows a pagination link and opens a company with its reviews', async () => {
    const context = await journey.browser.newContext({
      baseURL: journey.server.baseUrl,
      javaScriptEnabled: false,
      viewport: VIEWPORTS.mobile,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'What do you need?' }).fill('quillon');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=quillon/);
    await page.getByRole('heading', { name: 'Results for “quillon”' }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Quillon Plumbing 01' }).waitFor();
    expect(await table.getByRole('link', { name: /^Quillon Plumbing/ }).count()).toBe(9);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('Page 2 of 2').waitFor();
    expect(
      await page
        .getByRole('table')
        .getByRole('link', { name: /^Quillon Plumbing/ })
        .count(),
    ).toBe(3);
    await screenshot(page, 'server-rendering-no-js-page-2-mobile');

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 1' }).click();
    await page.getByRole('table').getByRole('link', { name: 'Quillon Plumbing 01' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quillon Plumbing 01' }).waitFor();
    await page.getByText('Fixed our Quillon leak the same afternoon.').waitFor();
    await screenshot(page, 'server-rendering-no-js-company-mobile');
    await context.close();
  });
});

describe('with JavaScript', () => {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates without asking the API for what is on screen, without errors or shifts (${viewportName})`, async () => {
      const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      const apiCalls: string[] = [];
      // What is still loading when the network does not settle: a failure names it.
      const loading = new Set<string>();
      page.on('request', (request) => loading.add(request.url()));
      page.on('requestfinished', (request) => loading.delete(request.url()));
      page.on('requestfailed', (request) => loading.delete(request.url()));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
      });
      await page.addInitScript(() => {
        // The policy refuses what it must refuse without a sound: a refusal (a library trying eval,
        // an inline script) shows in the browser's Issues panel and costs the page its best practices.
        const violations: string[] = [];
        (window as unknown as { __violations: string[] }).__violations = violations;
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
        );
        (window as unknown as { __shift: number }).__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const [company] = await journey.server.db.select().from(companies).where(eq(companies.name, 'Quillon Plumbing 01'));

      for (const path of [
        '/search?q=quillon',
        '/categories/plumbing-services',
        `/companies/${company.id}`,
        '/how-it-works',
        '/',
      ]) {
        apiCalls.length = 0;
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle').catch((error: Error) => {
          throw new Error(`${path}: the network did not settle; still loading: ${[...loading].join(', ')}`, { cause: error });
        });
        // What the visitor's browser alone knows may be asked for: a guess of their ZIP code, and
        // the company page's view count (a write); and the rest of the catalogue, the words of
        // screens and dialogs not yet shown (the page brought its own).
        const dataCalls = apiCalls.filter(
          (call) =>
            call !== 'GET /api/geo/postal-code' &&
            call !== 'GET /api/i18n/en' &&
            !/^POST \/api\/companies\/\d+\/views$/.test(call),
        );
        expect(dataCalls, path).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), path).toBeLessThanOrEqual(0.05);
        expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), path).toEqual([]);
        // No public page needs zod before interaction (about 24 KB gzip of schema code); zod
        // registers its settings on globalThis when it loads (checked below once a form opens).
        expect(await page.evaluate(() => '__zod_globalConfig' in globalThis), path).toBe(false);
      }
      expect(consoleErrors).toEqual([]);

      // Once hydrated, the carousel holds every category (the page left the later slides empty).
      if (viewport.width >= 768) {
        const categories = (await journey.server.app.inject({ url: '/api/categories/with-subcategories' })).json<unknown[]>()
          .length;
        await expect
          .poll(() => page.getByRole('region', { name: 'Service categories' }).getByRole('article').count())
          .toBe(categories);
      }

      // The page is interactive by the time it has loaded: a click right away is not lost.
      await page.goto('/search?q=quillon');
      await page.getByRole('checkbox', { name: 'Select Quillon Plumbing 01' }).click();
      await page.getByRole('button', { name: 'Start Quote (1)' }).waitFor();

      // Signed in, the header, favourites and unread counts come after hydration, still without a shift.
      const user = await createUser(journey.server.db, { firstName: 'Hana', lastName: 'Hydrate', isVerified: true });
      await logInThroughDialog(page, user.email, DEFAULT_PASSWORD);
      expect(await page.evaluate(() => '__zod_globalConfig' in globalThis)).toBe(true);
      apiCalls.length = 0;
      await page.goto('/search?q=quillon');
      await waitForHydration(page);
      await page.getByRole('button', { name: /Hana/ }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(apiCalls.filter((call) => call.startsWith('GET /api/search'))).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.05);
      expect(consoleErrors).toEqual([]);
      await screenshot(page, `server-rendering-hydrated-${viewportName}`);
      await context.close();
    });
  }
});

describe('a page rendered before, for the same data', () => {
  it('hydrates without asking again, even with the browser clock well ahead of the server', async () => {
    // The server keeps a page whose data has not changed; the state in it was written when it was
    // first rendered. The browser still counts that data as fetched on arrival.
    const first = await html('/search?q=quillon');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await html('/search?q=quillon')).body).toBe(first.body);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    // Ten minutes ahead: far past the queries' 30 s of freshness, had the server's times been kept.
    await page.addInitScript(() => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + 10 * 60_000;
    });
    await page.goto('/search?q=quillon');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(apiCalls.filter((call) => call !== 'GET /api/geo/postal-code' && call !== 'GET /api/i18n/en')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a visitor who leaves while the page renders', () => {
  it('is no error: the render stops, nothing is logged as failed, and the next visitor gets the page', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await startTestApp(
      { LOG_LEVEL: 'warn' },
      { clientDir: path.resolve('dist/client'), listen: true, logStream: capture },
    );
    try {
      // Leaving at different moments of the render: before the data, during it, during React's pass.
      for (let i = 0; i < 24; i++) {
        const leave = new AbortController();
        const request = fetch(`${app.baseUrl}/search?q=plumbing&page=${(i % 3) + 1}`, { signal: leave.signal }).catch(
          () => undefined,
        );
        setTimeout(() => leave.abort(), i % 8);
        await request;
      }
      const page = await fetch(`${app.baseUrl}/search?q=plumbing`);
      expect(await page.text()).toContain(`id="${STATE_ID}"`);
    } finally {
      await app.close();
    }
    const errors = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  });
});
