/**
 * A verified user lists a business with a logo from the header menu, gets the launch coins, finds
 * it in the profile's Companies tab, edits it, deactivates and reactivates it behind the confirm
 * dialog and opens its public page; a visitor's page view reaches the owner's lead log. An
 * unverified user gets the verify prompt instead of the form.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, companyPageViews } from '@/server/db/schema';
import { createCompany, createUser } from '@/server/test/factories';
import { linkFrom } from '@/server/test/smtp-sink';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney({ LAUNCH_COINS: '25' });

let logoPath = '';
beforeAll(async () => {
  logoPath = path.join(mkdtempSync(path.join(tmpdir(), 'lp-logo-')), 'logo.png');
  await sharp({ create: { width: 110, height: 110, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 1 } } })
    .png()
    .toFile(logoPath);
});

async function openAddBusinessFromMenu(page: Page, firstName: string) {
  await page.getByRole('button', { name: new RegExp(`${firstName}.*My Account`) }).click();
  await page.getByRole('menuitem', { name: 'Add Business' }).click();
}

describe('business owner in the browser', () => {
  it('adds, edits, deactivates and reactivates a business', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Vera', isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, owner, '/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    // No company yet: the Companies tab shows the empty state, and there is no Coins tab.
    await page.getByRole('tab', { name: 'Companies' }).click();
    await page.getByRole('heading', { name: 'No businesses yet' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Coins' }).count()).toBe(0);
    // Nor a Manage Photos tab: there is nothing of theirs to show photos of.
    expect(await page.getByRole('tab', { name: 'Manage Photos' }).count()).toBe(0);

    await openAddBusinessFromMenu(page, 'Vera');
    const dialog = page.getByRole('dialog', { name: 'Add Your Business' });
    await dialog.getByLabel('Business name').waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(owner.email);
    expect(await dialog.getByLabel('State').inputValue()).toBe('CA');

    // The form's messages, from the server's own schema.
    await dialog.getByLabel('Business name').fill('Vera Plumbing');
    await dialog.getByLabel('Description').fill('abc');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await dialog.getByText('Description must be at least 10 characters').waitFor();
    await dialog.getByText('Category is required').waitFor();
    await dialog.getByText('Select at least one subcategory').waitFor();
    await dialog.getByText('Valid phone number is required').waitFor();
    await dialog.getByText('Valid ZIP code is required').waitFor();
    await expectAccessible(page, 'add business dialog with errors');
    await screenshot(page, 'business-dialog-errors-1280');

    await dialog.getByLabel('Description').fill('Family plumbers fixing leaks and drains across Austin since 1998.');
    await dialog.getByLabel('Category').selectOption({ label: 'Plumbing Services' });
    await dialog.getByRole('checkbox', { name: 'Plumber', exact: true }).click();
    // Changing the category clears the chosen subcategories.
    await dialog.getByLabel('Category').selectOption({ label: 'Cleaning Services' });
    await dialog.getByLabel('Category').selectOption({ label: 'Plumbing Services' });
    expect(await dialog.getByRole('checkbox', { name: 'Plumber', exact: true }).getAttribute('aria-checked')).toBe('false');
    await dialog.getByRole('checkbox', { name: 'Plumber', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Drain Cleaning' }).click();
    await dialog.getByLabel('Phone').fill('(512) 555-0142');
    await dialog.getByLabel('Website (optional)').fill('veraplumbing.example');
    await dialog.getByLabel('Street address').fill('12 Congress Avenue');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').selectOption('TX');
    await dialog.getByLabel('ZIP code').fill('78701');
    await dialog.getByLabel('Logo (optional)').setInputFiles(logoPath);
    await dialog.getByRole('img', { name: 'Preview of the chosen logo' }).waitFor();
    await dialog.getByText('Square image about 110x110 recommended').waitFor();
    await expectAccessible(page, 'add business dialog filled');
    await screenshot(page, 'business-dialog-filled-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await page.getByText('You received 25 launch coins.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [created] = await db.select().from(companies).where(eq(companies.ownerId, owner.id));
    expect(created).toMatchObject({
      name: 'Vera Plumbing',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      email: owner.email,
      website: 'https://veraplumbing.example',
      isActive: true,
    });
    expect(created.logoObjectId).toBeTruthy();

    // The Companies tab lists it with its logo, status, rating and lead log.
    await page.getByRole('tab', { name: 'Companies' }).click();
    const row = page.getByRole('article', { name: 'Vera Plumbing' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Plumbing Services · Austin, TX').waitFor();
    await row.getByRole('heading', { name: 'Last 30 days' }).waitFor();
    await row.getByRole('term').filter({ hasText: 'Page views' }).waitFor();
    await expect.poll(() => row.locator('img').first().getAttribute('src')).toContain('/api/objects/');
    await page.getByRole('tab', { name: 'Coins' }).waitFor();
    await expectAccessible(page, 'companies tab');
    await screenshot(page, 'profile-companies-1280');

    // Edit: the dialog opens prefilled.
    await row.getByRole('button', { name: 'Edit Vera Plumbing' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Business' });
    expect(await edit.getByLabel('Business name').inputValue()).toBe('Vera Plumbing');
    expect(await edit.getByLabel('State').inputValue()).toBe('TX');
    expect(await edit.getByRole('checkbox', { name: 'Drain Cleaning' }).getAttribute('aria-checked')).toBe('true');
    await edit.getByLabel('Business name').fill('Vera Plumbing & Drains');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    const renamed = page.getByRole('article', { name: 'Vera Plumbing & Drains' });
    await renamed.waitFor();

    // Deactivate, then activate again, each behind the confirm dialog.
    await renamed.getByRole('button', { name: 'Deactivate Vera Plumbing & Drains' }).click();
    const confirmOff = page.getByRole('alertdialog', { name: 'Deactivate Vera Plumbing & Drains?' });
    await confirmOff.waitFor();
    await expectAccessible(page, 'deactivate confirm');
    await screenshot(page, 'company-deactivate-confirm-1280');
    await confirmOff.getByRole('button', { name: 'Cancel' }).click();
    await confirmOff.waitFor({ state: 'hidden' });
    await renamed.getByText('Active', { exact: true }).waitFor();
    await renamed.getByRole('button', { name: 'Deactivate Vera Plumbing & Drains' }).click();
    await confirmOff.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Business deactivated').waitFor();
    await renamed.getByText('Inactive', { exact: true }).waitFor();
    const [inactive] = await db.select().from(companies).where(eq(companies.id, created.id));
    expect(inactive.isActive).toBe(false);

    await renamed.getByRole('button', { name: 'Activate Vera Plumbing & Drains' }).click();
    const confirmOn = page.getByRole('alertdialog', { name: 'Activate Vera Plumbing & Drains?' });
    await confirmOn.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Business activated').waitFor();
    await renamed.getByText('Active', { exact: true }).waitFor();

    // The public page, reached from the profile.
    await renamed.getByRole('link', { name: 'View Vera Plumbing & Drains' }).click();
    await page.waitForURL(`**/companies/${created.id}?from=profile`);
    await page.getByRole('heading', { level: 1, name: 'Vera Plumbing & Drains' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'My Companies' }).waitFor();
    await expectAccessible(page, 'own company page');
    expect(consoleErrors).toEqual([]);

    // A visitor's views count once per browser session; the owner's own visits do not count.
    const visitor = await openPage(journey.browser, journey.server.baseUrl);
    await visitor.page.goto(`/companies/${created.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Vera Plumbing & Drains' }).waitFor();
    await expect
      .poll(async () => (await db.select().from(companyPageViews).where(eq(companyPageViews.companyId, created.id)))[0]?.views)
      .toBe(1);
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 1, name: 'Vera Plumbing & Drains' }).waitFor();
    await visitor.page.waitForTimeout(300);
    const [views] = await db.select().from(companyPageViews).where(eq(companyPageViews.companyId, created.id));
    expect(views.views).toBe(1);
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.context.close();

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'My Companies' }).click();
    const tile = page.getByRole('article', { name: 'Vera Plumbing & Drains' }).locator('dt:text-is("Page views") + dd');
    await expect.poll(() => tile.textContent()).toBe('1');
    await page.getByRole('article', { name: 'Vera Plumbing & Drains' }).getByText('Daily numbers').click();
    await page.getByRole('table').first().waitFor();
    await expectAccessible(page, 'lead log table');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('works on a phone: the dialog scrolls and the Companies tab fits', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Milo', isVerified: true });
    await createCompany(db, { name: 'Milo Mobile Repairs', ownerId: owner.id, city: 'Austin', state: 'TX' });
    await createCompany(db, { name: 'Milo Closed Shop', ownerId: owner.id, isActive: false });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, owner, '/profile?tab=companies');
    await page.getByRole('article', { name: 'Milo Mobile Repairs' }).getByText('Active', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Milo Closed Shop' }).getByText('Inactive', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Milo Closed Shop' }).getByRole('term').filter({ hasText: 'Page views' }).waitFor();
    await expectAccessible(page, 'companies tab on a phone');
    await screenshot(page, 'profile-companies-375');

    // Manage Photos on a row chooses the company and opens the tab (its content is the photo manager's).
    await page.getByRole('button', { name: 'Manage Photos Milo Mobile Repairs' }).click();
    await page.getByRole('heading', { name: 'Photos of Milo Mobile Repairs' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Manage Photos' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Companies' }).click();

    // The home page's button opens the same dialog; on a phone it scrolls.
    await page.goto('/');
    await page.getByRole('button', { name: 'Add Your Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Your Business' });
    await dialog.getByLabel('Business name').waitFor();
    await dialog.getByLabel('Description').fill('abc');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await dialog.getByText('Description must be at least 10 characters').waitFor();
    const scrolls = await dialog.evaluate((node) => node.scrollHeight > node.clientHeight);
    expect(scrolls).toBe(true);
    await expectAccessible(page, 'add business dialog on a phone');
    // The dialog is fixed to the viewport: a full-page picture would show it mid-page.
    await screenshot(page, 'business-dialog-errors-375', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('asks an unverified user to verify before adding a business', async () => {
    const db = journey.server.db;
    const user = await createUser(db, { firstName: 'Umar', isVerified: false });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    // Unverified: the menu's Add Business is disabled, with the prompt to verify.
    await page.getByRole('button', { name: /Umar.*My Account/ }).click();
    const menuItem = page.getByRole('menuitem', { name: /Add Business/ });
    expect(await menuItem.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menu').getByText('Please verify your email address to add a business.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Companies' }).click();
    const add = page.getByRole('main').getByRole('button', { name: 'Add Business' });
    expect(await add.isDisabled()).toBe(true);
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Please verify your email address to add a business.').waitFor();
    await expectAccessible(page, 'companies tab, unverified');
    await screenshot(page, 'companies-tab-unverified-1280');

    // The first link got lost: a new one comes from the prompt, and opening it unlocks the form.
    await panel.getByRole('button', { name: 'Resend verification email' }).click();
    await panel.getByRole('button', { name: 'Email sent' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Add Your Business' });
    const [mail] = await journey.server.smtp.waitFor(user.email);
    await page.goto(linkFrom(mail, `${journey.server.baseUrl}/verify-email?token=`));
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await openAddBusinessFromMenu(page, 'Umar');
    await dialog.getByLabel('Business name').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
