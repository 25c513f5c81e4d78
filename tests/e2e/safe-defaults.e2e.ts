/**
 * Safe to run in public, as people see it in the browser on a production server
 * without Stripe keys: the Buy Coins dialog says the shop is closed instead of showing a card form;
 * a vendor who opens the customer's quote page gets the Unauthorized panel, not a way to pay without
 * the cost notice; an unverified user finds every Add Business disabled with the prompt to verify;
 * a write past its limit shows the server's wait in a toast; an unknown page answers 404 with the
 * not-found screen; /search?sort=favorites shows My Favorites.
 */
import { describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney({ NODE_ENV: 'production', RATE_LIMIT_MESSAGES_PER_ACCOUNT: '1' });

const QUOTE_FORBIDDEN = "You don't have permission to view or edit this quote. This quote belongs to another user.";

describe('safe defaults in the browser', () => {
  it('a production server without Stripe keys shows why coins cannot be bought, and no card form', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Cleo', isVerified: true });
    await createCompany(db, { name: 'Closed Shop Plumbing', ownerId: vendor.id });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor, '/profile?tab=coins');
    await page.getByRole('button', { name: 'Buy Coins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Coins' });
    await dialog.getByText('Coin purchases are unavailable').waitFor();
    await dialog.getByText('Buying coins is not available: this server has no card payment provider set up yet.').waitFor();
    expect(await dialog.getByRole('list', { name: 'Coin packages' }).count()).toBe(0);
    expect(await dialog.getByLabel(/card number/i).count()).toBe(0);
    await expectAccessible(page, 'purchase coins, shop closed');
    await screenshot(page, 'purchase-coins-closed-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'purchase-coins-closed-375');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a vendor who opens the customer’s quote page gets the Unauthorized panel, not the customer’s composer', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Vera', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Vera Plumbing', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Cal' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor, `/quotes/${quote.id}/edit`);
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await page.getByText(QUOTE_FORBIDDEN).waitFor();
    expect(await page.getByRole('form', { name: 'Send a message' }).count()).toBe(0);
    await expectAccessible(page, 'quote page, another user’s quote');
    await screenshot(page, 'quote-page-unauthorized-vendor-1280');
    // The vendor's place is the inbox, which shows the cost before any charge.
    await page.goto(`/vendorquotes/${quote.id}?company=${company.id}`);
    await page.getByText(/This reply will cost \d+ coins from your balance of 20 coins/).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an unverified user finds every Add Business disabled, with the prompt to verify', async () => {
    const db = journey.server.db;
    const user = await createUser(db, { firstName: 'Uma', isVerified: false });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user);
    const prompt = 'Please verify your email address to add a business.';

    await page.goto('/');
    // The prompt shows once the page knows who is signed in; the button is disabled from then on.
    await page.getByText(prompt).first().waitFor();
    const homeButton = page.getByRole('button', { name: 'Add Your Business' });
    expect(await homeButton.isDisabled()).toBe(true);
    expect(await homeButton.getAttribute('aria-describedby')).toBeTruthy();

    await page.getByRole('button', { name: /Uma.*My Account/ }).click();
    const menuItem = page.getByRole('menuitem', { name: /Add Business/ });
    await menuItem.waitFor();
    expect(await menuItem.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menu').getByText(prompt).waitFor();
    await expectAccessible(page, 'account menu, unverified');
    await screenshot(page, 'account-menu-unverified-1280');
    await page.keyboard.press('Escape');

    await page.goto('/vendorquotes');
    await page.getByRole('heading', { name: 'No Companies Found' }).waitFor();
    const inboxButton = page.getByRole('button', { name: 'Add Your Business' });
    expect(await inboxButton.isDisabled()).toBe(true);
    await page.getByText(prompt).waitFor();
    await expectAccessible(page, 'vendor inbox, unverified');

    await page.goto('/profile?tab=companies');
    await page.getByRole('tabpanel').getByText(prompt).waitFor();
    expect(await page.getByRole('button', { name: 'Add Business' }).isDisabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a message past the limit is refused with the server’s wait in the toast, and the text stays', async () => {
    const db = journey.server.db;
    const customer = await createUser(db, { firstName: 'Lia' });
    const company = await createCompany(db, { name: 'Limit Plumbing', ownerId: (await createUser(db)).id });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    // Both messages fall in one fresh hourly window of the limit.
    journey.server.limiterClock.startOfNextWindow(3600);
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    const composer = page.getByRole('form', { name: 'Send a message' });
    const box = composer.getByLabel('Message', { exact: true });
    await box.fill('Are you free on Monday?');
    await box.press('Enter');
    await page.getByText('Message sent').first().waitFor();
    await box.fill('And on Tuesday?');
    await box.press('Enter');
    await page.getByText('Failed to send message').waitFor();
    await page.getByText(/Too many messages sent\. Please try again in \d+ (seconds?|minutes?)\./).waitFor();
    expect(await box.inputValue()).toBe('And on Tuesday?');
    await screenshot(page, 'message-limit-toast-1280');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an unknown page answers 404 with the not-found screen; sort=favorites on search shows My Favorites', async () => {
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expectAccessible(page, 'not found (404)');
    await screenshot(page, 'not-found-404-375');

    await page.goto('/search?q=plumbing&sort=favorites');
    const favorites = page.getByRole('button', { name: 'My Favorites' });
    await favorites.waitFor();
    expect(await favorites.getAttribute('aria-pressed')).toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
