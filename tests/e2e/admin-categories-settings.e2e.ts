/**
 * Admin categories and platform settings: an admin sets and clears a category image, filters
 * subcategories by category and sets one's image, changes a coin cost, and turns a platform switch
 * off with a new inactivity timeout — each bad input first showing the schema's message — and the
 * API and the database follow. The tabs move with the arrow keys; a signed-in non-admin gets
 * "Unauthorized Access".
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/factories';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { expectAccessible, openPage, screenshot, VIEWPORTS, expectToast } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const CATEGORY_IMAGE = 'https://images.example.com/categories/plumbing.jpg';
const SUBCATEGORY_IMAGE = 'https://images.example.com/subcategories/drain-cleaning.jpg';

/** Waits for the toast, checks its description when given, and closes it so the next one is new. */

async function publicCategoryTree(): Promise<CategoryWithSubcategories[]> {
  const answer = await journey.server.app.inject({ method: 'GET', url: '/api/categories/with-subcategories' });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function publicCategoryImage(slug: string): Promise<string | null | undefined> {
  const answer = await journey.server.app.inject({ method: 'GET', url: '/api/categories' });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ slug: string; imageUrl: string | null }[]>().find((c) => c.slug === slug)?.imageUrl;
}

async function createAdmin() {
  return createUser(journey.server.db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
}

describe('admin categories and platform settings in the browser', () => {
  it('an admin sets and clears category images and sets a subcategory image, moving between tabs with the keyboard', async () => {
    const tree = await publicCategoryTree();
    const first = tree[0];
    const plumbing = tree.find((c) => c.slug === 'plumbing-services')!;
    expect(plumbing.subcategories.length).toBeGreaterThan(0);
    const plumbingSub = plumbing.subcategories[0];
    const admin = await createAdmin();

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Manage Categories' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Category settings' });
    await tabs.getByRole('tab', { name: 'Category Images', exact: true, selected: true }).waitFor();
    await page.getByRole('list', { name: 'Category images' }).getByText(plumbing.name, { exact: true }).waitFor();
    await expectAccessible(page, 'admin categories, category images');
    await screenshot(page, 'admin-categories-images-1280');

    // A category image: a bad URL gets the schema's message and nothing is sent.
    const urlInput = page.getByLabel(`Image URL for ${plumbing.name}`);
    const saveImage = page.getByRole('button', { name: `Save image for ${plumbing.name}` });
    await urlInput.fill('not a url');
    await saveImage.click();
    await page.getByRole('alert').filter({ hasText: 'Image URL must be an http(s) URL' }).waitFor();
    expect(await urlInput.getAttribute('aria-invalid')).toBe('true');
    expect(await publicCategoryImage('plumbing-services')).toBeNull();
    await expectAccessible(page, 'admin categories, bad image URL');

    // A good one (spaces trimmed) reaches the public categories call.
    await urlInput.fill(`  ${CATEGORY_IMAGE}  `);
    await saveImage.click();
    await expectToast(page, 'Category image updated successfully');
    expect(await urlInput.inputValue()).toBe(CATEGORY_IMAGE);
    expect(await publicCategoryImage('plumbing-services')).toBe(CATEGORY_IMAGE);
    // The thumbnail tries the new address and falls back to the logo when it cannot load.
    const thumbnail = page.getByRole('img', { name: `${plumbing.name} image`, exact: true });
    await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/^(https:\/\/images\.example\.com|\/logo\.svg)/);

    // Empty clears it.
    await urlInput.fill('');
    await saveImage.click();
    await expectToast(page, 'Category image updated successfully');
    expect(await publicCategoryImage('plumbing-services')).toBeNull();
    await expect.poll(() => thumbnail.getAttribute('src')).toBe('/logo.svg');

    // Keyboard: arrows move between the tabs, and the open tab is kept in the address.
    await tabs.getByRole('tab', { name: 'Category Images', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await tabs.getByRole('tab', { name: 'Subcategory Images', selected: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    await tabs.getByRole('tab', { name: 'Coin Costs', selected: true }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'coin-costs');
    await page.keyboard.press('ArrowLeft');
    await tabs.getByRole('tab', { name: 'Subcategory Images', selected: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Subcategory Images');

    // Subcategories: the filter starts on the first category and shows counts.
    const panel = page.getByRole('tabpanel', { name: 'Subcategory Images' });
    const filter = panel.getByLabel('Category', { exact: true });
    expect(await filter.inputValue()).toBe(String(first.id));
    expect(await filter.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
      `${first.name} (${first.subcategories.length})`,
    );
    await panel.getByRole('list', { name: `Subcategories of ${first.name}` }).waitFor();
    await expectAccessible(page, 'admin categories, subcategory images');
    await screenshot(page, 'admin-categories-subcategories-1280');

    const plumbingOption = `${plumbing.name} (${plumbing.subcategories.length})`;
    await filter.selectOption({ label: plumbingOption });
    const plumbingList = panel.getByRole('list', { name: `Subcategories of ${plumbing.name}` });
    await plumbingList.getByText(plumbingSub.name, { exact: true }).waitFor();
    expect(await panel.getByRole('list', { name: `Subcategories of ${first.name}` }).count()).toBe(0);
    expect(await plumbingList.getByRole('listitem').count()).toBe(plumbing.subcategories.length);

    await panel.getByLabel(`Image URL for ${plumbingSub.name}`).fill(SUBCATEGORY_IMAGE);
    await panel.getByRole('button', { name: `Save image for ${plumbingSub.name}` }).click();
    await expectToast(page, 'Subcategory image updated successfully');
    const savedSub = (await publicCategoryTree())
      .find((c) => c.id === plumbing.id)!
      .subcategories.find((s) => s.id === plumbingSub.id)!;
    expect(savedSub.imageUrl).toBe(SUBCATEGORY_IMAGE);

    // On a phone.
    await page.setViewportSize(VIEWPORTS.mobile);
    await tabs.getByRole('tab', { name: 'Category Images', exact: true }).click();
    await page.getByLabel(`Image URL for ${plumbing.name}`).waitFor();
    await expectAccessible(page, 'admin categories on a phone');
    await screenshot(page, 'admin-categories-images-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an admin changes a coin cost, a negative one refused', async () => {
    const db = journey.server.db;
    const plumbing = (await publicCategoryTree()).find((c) => c.slug === 'plumbing-services')!;
    const admin = await createAdmin();
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/categories?tab=coin-costs');
    const tabs = page.getByRole('tablist', { name: 'Category settings' });
    await tabs.getByRole('tab', { name: 'Coin Costs', selected: true }).waitFor();

    // Coin costs: a negative value gets the schema's message; 4 is stored.
    const costInput = page.getByLabel(`${plumbing.name} coin cost`);
    const [{ cost: before }] = (
      await db.execute<{ cost: number }>(sql`SELECT cost FROM category_coin_costs WHERE category_id = ${plumbing.id}`)
    ).rows as [{ cost: number }];
    await expect.poll(() => costInput.inputValue()).toBe(String(before));
    await expectAccessible(page, 'admin categories, coin costs');
    await screenshot(page, 'admin-categories-coin-costs-1280');

    const saveCost = page.getByRole('button', { name: `Save coin cost for ${plumbing.name}` });
    await costInput.fill('-3');
    await saveCost.click();
    await page.getByRole('alert').filter({ hasText: 'Coin cost must be 0 or more' }).waitFor();
    const storedCost = async () =>
      (await db.execute<{ cost: number }>(sql`SELECT cost FROM category_coin_costs WHERE category_id = ${plumbing.id}`)).rows[0]
        ?.cost;
    expect(await storedCost()).toBe(before);

    await costInput.fill('4');
    await saveCost.click();
    await expectToast(page, 'Coin cost updated successfully');
    expect(await storedCost()).toBe(4);
    expect(await page.getByRole('alert').filter({ hasText: 'Coin cost must be 0 or more' }).count()).toBe(0);

    // The server keeps its own rule for callers that skip the form.
    const refused = await page.evaluate(async (categoryId) => {
      const response = await fetch(`/api/admin/categories/${categoryId}/coin-cost`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cost: -1 }),
      });
      return { status: response.status, body: await response.json() };
    }, plumbing.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Coin cost must be 0 or more');

    // After a reload the tab and the saved values are still there.
    await page.reload();
    await tabs.getByRole('tab', { name: 'Coin Costs', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel(`${plumbing.name} coin cost`).inputValue()).toBe('4');

    await page.setViewportSize(VIEWPORTS.mobile);
    await expectAccessible(page, 'admin coin costs on a phone');
    await screenshot(page, 'admin-categories-coin-costs-375');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an admin turns SMS for messages off and sets the inactivity timeout, and the values survive a reload', async () => {
    const admin = await createAdmin();
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/platform-settings');
    await page.getByRole('heading', { level: 1, name: 'Platform Settings' }).waitFor();

    const switchNamed = (name: string) => page.getByRole('switch', { name });
    const timeout = page.getByLabel('Quote inactivity timeout (days)');
    await switchNamed('Email notifications for quote requests').waitFor();
    // Seeded: every switch on, 30 days.
    for (const name of [
      'Email notifications for quote requests',
      'Email notifications for messages',
      'SMS notifications for quote requests',
      'SMS notifications for messages',
    ]) {
      expect(await switchNamed(name).getAttribute('aria-checked')).toBe('true');
    }
    expect(await timeout.inputValue()).toBe('30');
    // The companies one quote request may go to, 5 unless changed.
    const companyCap = page.getByLabel('Companies per quote request');
    expect(await companyCap.inputValue()).toBe('5');
    await page.getByText('Enter 0 to disable auto-completion.', { exact: false }).waitFor();
    await expectAccessible(page, 'platform settings');
    await screenshot(page, 'admin-platform-settings-1280');

    // Out of range: the schema's message, nothing saved.
    await timeout.fill('400');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The inactivity timeout must be between 0 and 365 days' }).waitFor();
    expect(await timeout.getAttribute('aria-invalid')).toBe('true');
    await timeout.fill('30');
    await companyCap.fill('51');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The company limit must be between 0 and 50' }).waitFor();
    expect(await companyCap.getAttribute('aria-invalid')).toBe('true');
    await companyCap.fill('3');

    await switchNamed('SMS notifications for messages').click();
    expect(await switchNamed('SMS notifications for messages').getAttribute('aria-checked')).toBe('false');
    await timeout.fill('45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Platform settings updated successfully');

    const stored = async () =>
      Object.fromEntries(
        (await journey.server.db.execute<{ key: string; value: string }>(sql`SELECT key, value FROM platform_settings`)).rows.map(
          (row) => [row.key, row.value],
        ),
      );
    expect(await stored()).toMatchObject({
      notifications_email_quotes_enabled: 'true',
      notifications_email_messages_enabled: 'true',
      notifications_sms_quotes_enabled: 'true',
      notifications_sms_messages_enabled: 'false',
      quote_inactivity_timeout_days: '45',
      quote_max_companies: '3',
    });

    await page.reload();
    await switchNamed('SMS notifications for messages').waitFor();
    expect(await switchNamed('SMS notifications for messages').getAttribute('aria-checked')).toBe('false');
    expect(await switchNamed('SMS notifications for quote requests').getAttribute('aria-checked')).toBe('true');
    expect(await timeout.inputValue()).toBe('45');
    expect(await companyCap.inputValue()).toBe('3');

    // Keyboard: Space flips a focused switch back on; the form is not saved until Save.
    await switchNamed('SMS notifications for messages').focus();
    await page.keyboard.press('Space');
    expect(await switchNamed('SMS notifications for messages').getAttribute('aria-checked')).toBe('true');
    expect((await stored()).notifications_sms_messages_enabled).toBe('false');
    await page.keyboard.press('Space');

    await page.setViewportSize(VIEWPORTS.mobile);
    await expectAccessible(page, 'platform settings on a phone');
    await screenshot(page, 'admin-platform-settings-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a signed-in non-admin gets Unauthorized Access on both screens', async () => {
    const member = await createUser(journey.server.db, { firstName: 'Nora', isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, member);
    for (const path of ['/admin/categories', '/admin/platform-settings']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Unauthorized Access' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Manage Categories' }).count()).toBe(0);
      expect(await page.getByRole('switch').count()).toBe(0);
    }
    // The server refuses the calls too.
    const status = await page.evaluate(async () => (await fetch('/api/admin/platform-settings')).status);
    expect(status).toBe(403);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
