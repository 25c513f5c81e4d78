/**
 * A visitor finds a plumber near a ZIP code by typing a misspelt word, changes views and sorts,
 * filters a category by subcategory, opens a company page, stars it and shares it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '@/server/db/schema';
import { createCompany } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';

const journey = setupJourney();

describe('discovery', () => {
  it('search from home → results → category → subcategory → company page → favourite → share', async () => {
    const db = journey.server.db;
    const near = await createCompany(db, { name: 'Aquaflow Plumbing', zip: '78701', subcategorySlugs: ['plumber'] });
    const drains = await createCompany(db, { name: 'Clearway Drains', zip: '78660', subcategorySlugs: ['drain-cleaning'] });
    await createCompany(db, { name: 'Mile High Plumbing', zip: '80202', subcategorySlugs: ['plumber'] });
    await db.update(companies).set({ averageRating: 4.5, ratingsCount: 12 }).where(eq(companies.id, near.id));

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'What do you need?' }).fill('plu');
    await page
      .getByRole('option', { name: /Plumber/ })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'What do you need?' }).fill('plumbr');
    await page.getByLabel('ZIP code').fill('78701');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await page.waitForURL(/\/search\?q=plumbr&location=78701/);
    await page.getByText('Within 25 miles of Austin, TX 78701').waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Aquaflow Plumbing' }).waitFor();
    await table.getByRole('link', { name: 'Clearway Drains' }).waitFor();
    expect(await table.getByRole('link', { name: 'Mile High Plumbing' }).count()).toBe(0);
    await expectAccessible(page, 'search results (table)');
    await screenshot(page, 'search-table-1280');

    await page.getByLabel('Sort by').selectOption('distance');
    await page.waitForURL(/sort=distance/);
    await page.getByRole('button', { name: 'Grid' }).click();
    await page.getByRole('checkbox', { name: 'Select Aquaflow Plumbing' }).waitFor();
    await expectAccessible(page, 'search results (grid)');
    await screenshot(page, 'search-grid-1280');

    // The category page, filtered by a subcategory tab.
    await page.getByRole('banner').getByRole('button', { name: 'Categories', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Plumbing Services' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plumbing Services Businesses' }).waitFor();
    await page.getByRole('tab', { name: 'Drain Cleaning' }).click();
    await page.waitForURL(/subcategory=drain-cleaning/);
    await page.getByRole('link', { name: 'Clearway Drains' }).waitFor();
    // The previous list stays on screen until the filtered one arrives.
    await page.getByRole('link', { name: 'Aquaflow Plumbing' }).waitFor({ state: 'detached' });
    await expectAccessible(page, 'category page');
    await screenshot(page, 'category-1280');

    // The company page: favourite, share.
    await page.getByRole('link', { name: 'Clearway Drains' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clearway Drains' }).waitFor();
    expect(page.url()).toContain(`/companies/${drains.id}`);
    await page
      .getByRole('button', { name: /favorite/i })
      .first()
      .click();
    await page
      .getByRole('button', { name: /Remove .*favorites/i })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied!').waitFor();
    await expectAccessible(page, 'company page');
    await screenshot(page, 'company-1280');

    // The star is kept in local storage: My Favorites lists it.
    await page.goto('/search?q=plumbing&favorites=true');
    await page.getByRole('link', { name: 'Clearway Drains' }).waitFor();
    await page.getByRole('link', { name: 'Aquaflow Plumbing' }).waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('looks right on a phone, and says when nothing matches or a company does not exist', async () => {
    const company = await createCompany(journey.server.db, { name: 'Pocket Plumbing', zip: '78701' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto(`/companies/${company.id}#reviews`);
    await page.getByRole('heading', { level: 1, name: 'Pocket Plumbing' }).waitFor();
    await page.getByRole('heading', { name: 'Ratings & Reviews' }).waitFor();
    // The header fits a phone signed out, down to 320 px: the name and "Log In" keep apart, and
    // nothing scrolls sideways.
    for (const width of [VIEWPORTS.mobile.width, 320]) {
      await page.setViewportSize({ width, height: VIEWPORTS.mobile.height });
      const header = page.getByRole('banner');
      const logIn = header.getByRole('button', { name: 'Log In' });
      await logIn.waitFor();
      const name = (await header.getByRole('link', { name: 'LocalPros home' }).boundingBox())!;
      const button = (await logIn.boundingBox())!;
      expect(button.x - (name.x + name.width), `space between the name and Log In at ${width} px`).toBeGreaterThanOrEqual(8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(
        width,
      );
    }
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectAccessible(page, 'company page (mobile)');
    await screenshot(page, 'company-375');

    // A search near a place says the radius the link asked for, as the server applied it.
    await page.goto('/search?q=plumbing&location=78701&radius=10');
    await page.getByText(/^Within 10 miles of /).waitFor();

    await page.goto('/search?q=zzzyyyxxx');
    await page.getByRole('heading', { name: 'No results found' }).waitFor();
    await page.getByRole('link', { name: 'Browse Categories' }).waitFor();
    await expectAccessible(page, 'search empty (mobile)');
    await screenshot(page, 'search-empty-375');

    await page.goto('/categories/plumbing-services');
    await page.getByRole('button', { name: 'Plumbing Services' }).click();
    await page.getByRole('dialog', { name: 'Select Category' }).getByText('Browse businesses by category').waitFor();
    await page.getByRole('dialog').getByRole('link', { name: 'Roofing & Gutters' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roofing & Gutters Businesses' }).waitFor();
    await expectAccessible(page, 'category page (mobile)');
    await screenshot(page, 'category-375');

    await page.goto('/companies/99999999');
    await page.getByRole('heading', { name: 'Company Not Found' }).waitFor();
    await page.goto('/categories/no-such-category');
    await page.getByRole('heading', { name: 'Category Not Found' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps both of two changes made before the address caught up: a sort, then open now or favourites', async () => {
    await createCompany(journey.server.db, { name: 'Quickstep Plumbing', zip: '78701' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    // Both changes in one task, as when a slow phone is still rendering the first one's results
    // (the address changes in a transition that commits later) when the second tap arrives.
    const sortThen = (second: 'open now' | 'favorites') =>
      page.evaluate((then) => {
        const id = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Sort by')?.htmlFor;
        const select = document.getElementById(id ?? '') as HTMLSelectElement;
        select.value = 'mostReviewed';
        select.dispatchEvent(new Event('change', { bubbles: true }));
        if (then === 'open now') (document.querySelector('input[name="openNow"]') as HTMLInputElement).click();
        else [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'My Favorites')!.click();
      }, second);

    await page.goto('/search?q=quickstep&location=78701');
    await page.locator('#root[data-hydrated="true"]').waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Quickstep Plumbing' }).waitFor();
    await sortThen('open now');
    await expect.poll(() => new URL(page.url()).searchParams.get('openNow')).toBe('true');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('mostReviewed');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('mostReviewed');

    await page.goto('/categories/plumbing-services');
    await page.locator('#root[data-hydrated="true"]').waitFor();
    await sortThen('favorites');
    await expect.poll(() => new URL(page.url()).searchParams.get('favorites')).toBe('true');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('mostReviewed');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
  it('lists no company under My Favorites for a visitor who has starred none', async () => {
    await createCompany(journey.server.db, { name: 'Unstarred Plumbing', zip: '78701' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/search?q=unstarred&favorites=true');
    await page.getByText('No results found').waitFor();
    expect(await page.getByRole('link', { name: 'Unstarred Plumbing' }).count()).toBe(0);

    await page.goto('/categories/plumbing-services');
    await page.locator('#root[data-hydrated="true"]').waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Unstarred Plumbing' }).waitFor();
    await page.getByRole('button', { name: 'My Favorites' }).click();
    await page.getByText('No companies found').waitFor();
    expect(await page.getByRole('link', { name: 'Unstarred Plumbing' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
