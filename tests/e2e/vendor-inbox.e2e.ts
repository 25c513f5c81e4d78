/**
 * The vendor inbox (/vendorquotes): a customer's message arrives live, the vendor opens it, sees
 * what the first reply costs, answers with Enter and pays once; a vendor without enough coins gets
 * the Insufficient Coins warning and the Buy Coins dialog; a user without companies and a
 * signed-out visitor get their own screens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { coinBalances, messages } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { multipartBody } from '@/server/test/harness';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const COST = 5;
const dir = mkdtempSync(path.join(tmpdir(), 'vendor-inbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A photo from a phone: a real JPEG, larger than the display size. */
async function photoFile(name: string) {
  const bytes = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

async function setPlumbingCost(cost: number) {
  await journey.server.db.execute(
    sql`UPDATE category_coin_costs SET cost = ${cost} WHERE category_id = (SELECT id FROM categories WHERE slug = 'plumbing-services')`,
  );
}

/** The customer writes to the company through the API, as their own browser would. */
async function customerWrites(customer: { email: string; password: string }, quoteId: number, companyId: number, text: string) {
  const cookie = await loginAs(journey.server.app, customer);
  const { payload, headers } = multipartBody({ message: text });
  const answer = await journey.server.app.inject({
    method: 'POST',
    url: `/api/quotes/${quoteId}/companies/${companyId}/messages`,
    payload,
    headers: { ...headers, cookie },
  });
  expect(answer.statusCode).toBe(201);
}

const requests = (page: Page) => page.getByRole('region', { name: 'Quote requests' });
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const coinBadge = (page: Page, coins: number) => page.getByRole('banner').getByRole('link', { name: `${coins} coins` });

describe('the vendor inbox in the browser', () => {
  it('a vendor sees a request arrive live, replies with Enter and pays the first reply once', async () => {
    const db = journey.server.db;
    await setPlumbingCost(COST);
    const vendor = await createUser(db, { firstName: 'Vic', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, {
      name: 'Inbox Plumbing and Heating Specialists of Greater Austin',
      ownerId: vendor.id,
    });
    const customer = await createUser(db, { firstName: 'Cara', lastName: 'Diaz' });

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor, '/vendorquotes');
    await page.getByRole('heading', { level: 1, name: 'Vendor Quotes' }).waitFor();
    await requests(page).getByRole('heading', { name: 'No quote requests yet' }).waitFor();
    await coinBadge(page, 20).waitFor();
    await expectAccessible(page, 'vendor inbox, empty');

    // The customer's quote and first message: the row appears without a reload.
    const hub = journey.server.app.services.hub;
    await expect.poll(() => hub.connectionCount()).toBeGreaterThan(0);
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    await customerWrites(customer, quote.id, company.id, 'Can you come Tuesday?');
    const row = requests(page).getByRole('link', { name: /Cara Diaz/ });
    await row.waitFor();
    await row.getByText('Kitchen sink repair').waitFor();
    await row.getByText('Inbox Plumbing').waitFor();
    await row.getByText('Can you come Tuesday?').waitFor();
    await row.getByText('1 unread message').waitFor();
    await row.getByText('In Progress').waitFor();

    await row.click();
    await page.waitForURL(
      (url) => url.pathname === `/vendorquotes/${quote.id}` && url.searchParams.get('company') === String(company.id),
    );
    await conversation(page).getByText('Can you come Tuesday?').waitFor();
    await page.getByRole('region', { name: 'Quote details' }).getByRole('heading', { name: 'Kitchen sink repair' }).waitFor();
    const notice = `This reply will cost ${COST} coins from your balance of 20 coins. This is a one-time payment per quote.`;
    await conversation(page).getByText(notice).waitFor();
    // Opening the thread read the customer's message.
    await expect.poll(() => row.getByText(/unread/).count()).toBe(0);
    await expectAccessible(page, 'vendor inbox, thread with cost');
    await screenshot(page, 'vendor-inbox-thread-1280');

    const box = conversation(page).getByRole('textbox', { name: 'Message' });
    await box.fill('Yes, Tuesday at 9 works.');
    await box.press('Enter');
    await page.getByText('Message sent - Coins deducted').waitFor();
    await conversation(page).getByText('Yes, Tuesday at 9 works.').waitFor();
    // The header balance follows the live frame; the cost notice goes once paid.
    await coinBadge(page, 20 - COST).waitFor();
    await expect.poll(() => conversation(page).getByText(notice).count()).toBe(0);
    await row.getByText('You: Yes, Tuesday at 9 works.').waitFor();

    // A second reply is free.
    await box.fill('See you then.');
    await box.press('Enter');
    await page.getByText('Message sent', { exact: true }).waitFor();
    await coinBadge(page, 20 - COST).waitFor();

    // On a phone: the list first, then the thread with a back button.
    await page.setViewportSize(VIEWPORTS.mobile);
    await conversation(page).getByText('See you then.').waitFor();
    expect(await requests(page).isVisible()).toBe(false);
    // Nothing wider than the phone, long company name and all.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, 'vendor-inbox-thread-375');
    await conversation(page).getByRole('link', { name: 'Back to requests' }).click();
    await page.waitForURL((url) => url.pathname === '/vendorquotes');
    await row.waitFor();
    expect(await conversation(page).isVisible()).toBe(false);
    await expectAccessible(page, 'vendor inbox list on a phone');
    await screenshot(page, 'vendor-inbox-list-375');
    await row.click();
    await conversation(page).getByText('See you then.').waitFor();
    await page.setViewportSize(VIEWPORTS.desktop);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a vendor without enough coins gets the warning, a disabled composer and the Buy Coins dialog', async () => {
    const db = journey.server.db;
    await setPlumbingCost(COST);
    const vendor = await createUser(db, { firstName: 'Pat', isVerified: true });
    await giveCoins(db, vendor.id, 3);
    const company = await createCompany(db, { name: 'Short Plumbing', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Dee', lastName: 'Long' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    await customerWrites(customer, quote.id, company.id, 'How much for a new tap?');

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor);
    // A claim's redirect form (?quote_id=) lands on the same thread.
    await page.goto(`/vendorquotes?quote_id=${quote.id}`);
    await page.waitForURL((url) => url.pathname === `/vendorquotes/${quote.id}`);
    await conversation(page).getByText('How much for a new tap?').waitFor();
    const warning = conversation(page).getByRole('status').filter({ hasText: 'Insufficient Coins' });
    await warning.getByText(`You need ${COST} coins to reply to this quote. Your current balance is 3 coins.`).waitFor();
    expect(await conversation(page).getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'vendor inbox, insufficient coins');
    await screenshot(page, 'vendor-inbox-insufficient-1280');

    await warning.getByRole('button', { name: 'Buy Coins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Coins' });
    await dialog.getByText(/This reply needs 5 coins; you have 3 coins\./).waitFor();
    await expectAccessible(page, 'buy coins dialog');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'vendor-inbox-buy-coins-375');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);

    // The other spelling of the address is the same screen.
    await page.goto('/vendor-quotes');
    await page.waitForURL((url) => url.pathname === '/vendorquotes');
    await requests(page)
      .getByRole('link', { name: /Dee Long/ })
      .waitFor();

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a reply refused with 402 stores nothing and opens Buy Coins; a paid reply with a photo opens in a lightbox', async () => {
    const db = journey.server.db;
    await setPlumbingCost(COST);
    const vendor = await createUser(db, { firstName: 'Ray', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Photo Plumbing', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Eve', lastName: 'Stone' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    await customerWrites(customer, quote.id, company.id, 'Which part do I need?');
    const companyMessages = () =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.quoteId, quote.id), eq(messages.senderType, 'company')));

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor, `/vendorquotes/${quote.id}?company=${company.id}`);
    await conversation(page).getByText('Which part do I need?').waitFor();
    await conversation(page)
      .getByText(/from your balance of 20 coins/)
      .waitFor();
    // Opening the thread read the message, which refreshes the list and the cost: let that settle,
    // so the page still believes in 20 coins when the reply goes out.
    const row = requests(page).getByRole('link', { name: /Eve Stone/ });
    await expect.poll(() => row.getByText(/unread/).count()).toBe(0);
    await page.waitForLoadState('networkidle');

    // The balance drops elsewhere (another device spent it) after the page read it: the server's
    // 402 decides, the page shows its figures and offers to buy.
    await giveCoins(db, vendor.id, 3);
    const box = conversation(page).getByRole('textbox', { name: 'Message' });
    await box.fill('This one, photo attached.');
    await box.press('Enter');
    const buyDialog = page.getByRole('dialog', { name: 'Purchase Coins' });
    await buyDialog.waitFor();
    await buyDialog.getByRole('button', { name: 'Close' }).first().click();
    const warning = conversation(page).getByRole('status').filter({ hasText: 'Insufficient Coins' });
    await warning.getByText(`You need ${COST} coins to reply to this quote. Your current balance is 3 coins.`).waitFor();
    expect(await companyMessages()).toEqual([]);
    const [balance] = await db.select().from(coinBalances).where(eq(coinBalances.userId, vendor.id));
    expect(balance?.balance).toBe(3);

    // With coins again, the reply goes out with a photo, re-encoded to the display size.
    await giveCoins(db, vendor.id, 20);
    await page.reload();
    await conversation(page)
      .getByText(/from your balance of 20 coins/)
      .waitFor();
    await page.getByTestId('message-image-input').setInputFiles(await photoFile('part.jpg'));
    await conversation(page).getByRole('img', { name: 'Preview of the selected file' }).waitFor();
    await box.fill('This one, photo attached.');
    await conversation(page).getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sent - Coins deducted').waitFor();
    const sent = conversation(page).getByRole('button', { name: 'Open image' });
    await sent.waitFor();
    await expect.poll(() => sent.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    const [reply] = await companyMessages();
    expect(reply?.message).toBe('This one, photo attached.');
    expect(reply?.imageObjectId).toBeTruthy();

    await sent.click();
    const lightbox = page.getByRole('dialog', { name: /This one, photo attached/ });
    await lightbox.waitFor();
    await expectAccessible(page, 'message image lightbox');
    await screenshot(page, 'vendor-inbox-image-lightbox-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a user without companies is offered to add one; a visitor is asked to log in', async () => {
    const db = journey.server.db;
    const visitor = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await visitor.page.goto('/vendorquotes');
    await visitor.page.getByRole('heading', { name: 'Access Required' }).waitFor();
    await visitor.page.getByRole('main').getByRole('button', { name: 'Log In' }).waitFor();
    await expectAccessible(visitor.page, 'vendor inbox, signed out');
    await visitor.context.close();

    const user = await createUser(db, { firstName: 'Nia', isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/vendorquotes');
    await page.getByRole('heading', { name: 'No Companies Found' }).waitFor();
    await expectAccessible(page, 'vendor inbox, no companies');
    await screenshot(page, 'vendor-inbox-no-companies-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'vendor-inbox-no-companies-375');
    await page.getByRole('button', { name: 'Add Your Business' }).click();
    await page.getByRole('dialog', { name: 'Add Your Business' }).waitFor();

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
