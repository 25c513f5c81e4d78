/**
 * Buying coins with the built-in test payment provider: a vendor opens the Purchase Coins dialog
 * from the profile's Coins tab, picks a package, goes back and picks it again, meets a client-side
 * card error and a declined card, then pays; every page of that vendor shows the new balance
 * without a reload. In the vendor inbox, a reply the balance cannot pay opens the same dialog, and
 * buying lets the reply go out.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coinBalances, coinLedger } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { multipartBody } from '@/server/test/harness';
import { pricePerCoin, type CoinPackages } from '@/shared/schemas/payments';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const START = 5;

/** The header's balance; behind the open (modal) dialog it is out of the accessibility tree, hence includeHidden. */
const coinBadge = (page: Page, coins: number, includeHidden = false) =>
  page
    .getByRole('banner', { includeHidden })
    .getByRole('link', { name: `${coins.toLocaleString('en-US')} coins`, includeHidden });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const dollars = (price: number) => `$${price.toFixed(2)}`;

async function balanceOf(userId: number) {
  const [row] = await journey.server.db.select().from(coinBalances).where(eq(coinBalances.userId, userId));
  return row?.balance ?? 0;
}

describe('buying coins in the browser', () => {
  it('a vendor picks a package, meets a card error and a decline, pays, and every page shows the new balance', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Bea', isVerified: true });
    await createCompany(db, { name: 'Coin Buyers Plumbing', ownerId: vendor.id });
    await giveCoins(db, vendor.id, START);

    const answer = await journey.server.app.inject({ method: 'GET', url: '/api/coins/packages' });
    expect(answer.statusCode).toBe(200);
    const packages = answer.json<CoinPackages>();
    const medium = packages.medium;
    const final = START + medium.coins;

    // A second device of the same vendor, already open on the home page.
    const other = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(other.page, vendor, '/');
    await coinBadge(other.page, START).waitFor();

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor, '/profile?tab=coins');
    const panel = page.getByRole('tabpanel', { name: 'Coins' });
    await panel.getByText('Your balance').waitFor();
    await coinBadge(page, START).waitFor();
    await expect.poll(() => panel.getByText('Coin purchases are coming soon').count()).toBe(0);

    // Step 1: the package grid, with badges and prices per coin.
    await panel.getByRole('button', { name: 'Buy Coins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Coins' });
    await dialog.waitFor();
    const grid = dialog.getByRole('list', { name: 'Coin packages' });
    await grid.waitFor();
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(3);
    for (const [type, name] of [
      ['small', 'Small'],
      ['medium', 'Medium'],
      ['large', 'Large'],
    ] as const) {
      const pkg = packages[type];
      const card = grid.getByRole('listitem', { name });
      await card.getByText(dollars(pkg.price), { exact: true }).waitFor();
      await card.getByText(`$${pricePerCoin(pkg)} per coin`).waitFor();
      await card.getByText(pkg.coins.toLocaleString('en-US'), { exact: true }).waitFor();
    }
    await grid.getByRole('listitem', { name: 'Medium' }).getByText('Most Popular').waitFor();
    await grid.getByRole('listitem', { name: 'Large' }).getByText('Best Value').waitFor();
    expect(
      await grid
        .getByRole('listitem', { name: 'Small' })
        .getByText(/Most Popular|Best Value/)
        .count(),
    ).toBe(0);
    await expectAccessible(page, 'purchase coins: packages');
    await screenshot(page, 'buy-coins-packages-1280');
    // Three columns on a desktop, one on a phone.
    const lefts = () => grid.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left));
    expect(new Set(await lefts()).size).toBe(3);
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(async () => new Set(await lefts()).size).toBe(1);
    await expectAccessible(page, 'purchase coins: packages on a phone');
    await screenshot(page, 'buy-coins-packages-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Step 2, then back to the grid, then step 2 again.
    await grid.getByRole('button', { name: 'Choose Medium package' }).click();
    await dialog.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    const pay = dialog.getByRole('button', { name: `Pay ${dollars(medium.price)}` });
    await pay.waitFor();
    await dialog.getByText('Test mode: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined)').waitFor();
    await expectAccessible(page, 'purchase coins: payment');
    await screenshot(page, 'buy-coins-payment-1280');
    await dialog.getByRole('button', { name: 'Back to Packages' }).click();
    await grid.waitFor();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Complete Your Purchase' }).count()).toBe(0);
    await grid.getByRole('button', { name: 'Choose Medium package' }).click();
    await pay.waitFor();

    // A card that expired: caught in the browser, under its field.
    const number = dialog.getByLabel('Card number');
    const expiry = dialog.getByLabel('Expiry (MM/YY)');
    const cvc = dialog.getByLabel('CVC');
    await number.fill('4242 4242 4242 4242');
    await expiry.fill('01/20');
    await cvc.fill('123');
    await pay.click();
    const expiryError = dialog.getByText("Your card's expiration date is in the past.");
    await expiryError.waitFor();
    expect(await expiry.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await expiry.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await expiryError.getAttribute('id'));
    expect(await number.getAttribute('aria-invalid')).toBeNull();
    await expectAccessible(page, 'purchase coins: card error');

    // A declined card: the provider's words on screen and in a toast; nothing is credited.
    await number.fill('4000 0000 0000 0002');
    await expiry.fill('12/34');
    await pay.click();
    await dialog.getByText('Your card was declined.').waitFor();
    await toast(page, 'Payment Failed').waitFor();
    expect(await balanceOf(vendor.id)).toBe(START);
    await coinBadge(page, START, true).waitFor();
    await expectAccessible(page, 'purchase coins: declined');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'buy-coins-declined-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The good card: both toasts, the dialog closes, both pages follow.
    const hub = journey.server.app.services.hub;
    await expect.poll(() => hub.connectionCount()).toBeGreaterThanOrEqual(2);
    await number.fill('4242 4242 4242 4242');
    await pay.click();
    await toast(page, 'Payment Successful!').waitFor({ state: 'attached' });
    await toast(page, `Successfully added ${medium.coins} coins. Your new balance is ${final} coins.`)
      .getByText('Coins Added!')
      .waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await coinBadge(page, final).waitFor();
    await coinBadge(other.page, final).waitFor();
    await panel.getByText(final.toLocaleString('en-US'), { exact: true }).waitFor();
    await panel.getByRole('cell', { name: 'Coin purchase' }).first().waitFor();
    await screenshot(page, 'buy-coins-done-1280');
    await screenshot(other.page, 'buy-coins-other-device-375');

    expect(await balanceOf(vendor.id)).toBe(final);
    const purchases = await db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, vendor.id), eq(coinLedger.reason, 'purchase')));
    expect(purchases.map((row) => row.delta)).toEqual([medium.coins]);

    expect(consoleErrors).toEqual([]);
    expect(other.consoleErrors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('in the vendor inbox, a vendor short of coins buys a package and can reply', async () => {
    const db = journey.server.db;
    const cost = 5;
    await db.execute(
      sql`UPDATE category_coin_costs SET cost = ${cost} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
    );
    const vendor = await createUser(db, { firstName: 'Sol', isVerified: true });
    const company = await createCompany(db, { name: 'Short Coin Plumbing', ownerId: vendor.id });
    await giveCoins(db, vendor.id, 3);
    const customer = await createUser(db, { firstName: 'Ida', lastName: 'Reyes' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    const cookie = await loginAs(journey.server.app, customer);
    const { payload, headers } = multipartBody({ message: 'Can you fix a leaking valve?' });
    const sent = await journey.server.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/companies/${company.id}/messages`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(sent.statusCode).toBe(201);
    const small = (await journey.server.app.inject({ method: 'GET', url: '/api/coins/packages' })).json<CoinPackages>().small;

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, vendor, `/vendorquotes/${quote.id}?company=${company.id}`);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('Can you fix a leaking valve?').waitFor();
    const warning = conversation.getByRole('status').filter({ hasText: 'Insufficient Coins' });
    await warning.waitFor();
    const box = conversation.getByRole('textbox', { name: 'Message' });
    expect(await box.isDisabled()).toBe(true);

    await warning.getByRole('button', { name: 'Buy Coins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Coins' });
    await dialog.getByText(`This reply needs ${cost} coins; you have 3 coins.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Choose Small package' }).click();
    await dialog.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('1234');
    await dialog.getByLabel('CVC').fill('1234');
    await expectAccessible(page, 'purchase coins from the inbox, on a phone');
    await screenshot(page, 'buy-coins-inbox-payment-375');
    await dialog.getByRole('button', { name: `Pay ${dollars(small.price)}` }).click();
    await toast(page, 'Coins Added!').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    // The screen asks again: the warning goes and the reply can be written.
    await expect.poll(() => warning.count()).toBe(0);
    await conversation
      .getByText(`This reply will cost ${cost} coins from your balance of ${3 + small.coins} coins.`, { exact: false })
      .waitFor();
    expect(await box.isDisabled()).toBe(false);
    expect(await balanceOf(vendor.id)).toBe(3 + small.coins);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
