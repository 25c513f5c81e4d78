/**
 * A customer's quote list (/myquotes: tiles, filters, pages, empty states, unread counts that a
 * live frame refreshes) and the live connection itself (/websocket-test: Live badge, ping round
 * trip, frame log, reconnection after the server drops the socket).
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages, quotes } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { expectAccessible, logInThroughDialog, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

type Status = 'draft' | 'submitted' | 'in_progress' | 'completed';

/** Quote 01 is the newest; statuses in list order. */
const STATUSES: Status[] = [
  'draft',
  'in_progress',
  'submitted',
  'completed',
  'draft',
  'in_progress',
  'completed',
  'in_progress',
  'draft',
  'completed',
  'in_progress',
  'completed',
];

const cards = (page: Page) => page.getByRole('region', { name: 'Quotes' }).getByRole('article');
const liveBadge = (page: Page) => page.getByRole('status').filter({ hasText: /^Live$/ });

describe('my quotes and the live connection in the browser', () => {
  it('a customer sees tiles and cards, filters, pages and gets live unread counts', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Omar', isVerified: true });
    const a = await createCompany(db, { name: 'List Plumbing A', ownerId: owner.id });
    const b = await createCompany(db, { name: 'List Plumbing B' });
    const customer = await createUser(db, { firstName: 'Quinn' });
    const created: number[] = [];
    for (const [i, status] of STATUSES.entries()) {
      const quote = await createQuote(db, { userId: customer.id, companyIds: i === 0 ? [a.id] : [a.id, b.id], status });
      const name = `Quote ${String(i + 1).padStart(2, '0')}`;
      await db
        .update(quotes)
        .set({ quoteName: name, createdAt: new Date(Date.now() - (i + 1) * 3_600_000) })
        .where(eq(quotes.id, quote.id));
      created.push(quote.id);
    }
    // Quote 02 has two unread replies, Quote 04 one, and one reply on Quote 06 was read.
    await db.insert(messages).values([
      { quoteId: created[1], companyId: a.id, senderId: owner.id, senderType: 'company', message: 'Hello' },
      { quoteId: created[1], companyId: a.id, senderId: owner.id, senderType: 'company', message: 'Are you there?' },
      { quoteId: created[3], companyId: a.id, senderId: owner.id, senderType: 'company', message: 'Done' },
      { quoteId: created[5], companyId: a.id, senderId: owner.id, senderType: 'company', message: 'Seen', isRead: true },
    ]);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, customer, '/myquotes');
    await page.getByRole('heading', { level: 1, name: 'My Quotes' }).waitFor();

    // Tiles from the server's counts: submitted counts as In Progress.
    await page.getByRole('button', { name: 'Total 12' }).waitFor();
    await page.getByRole('button', { name: 'Draft 3' }).waitFor();
    await page.getByRole('button', { name: 'In Progress 5' }).waitFor();
    await page.getByRole('button', { name: 'Completed 4' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(10);

    const first = page.getByRole('article', { name: 'Quote 01' });
    await first.getByText('Draft', { exact: true }).waitFor();
    await first.getByText('1 company', { exact: true }).waitFor();
    await first.getByText(/hour ago|hours ago/).waitFor();
    await first.getByText(/^Created /).waitFor();
    expect(await first.getByRole('link', { name: 'Edit Quote' }).getAttribute('href')).toBe(`/quotes/${created[0]}/edit`);
    const second = page.getByRole('article', { name: 'Quote 02' });
    await second.getByText('In Progress', { exact: true }).waitFor();
    await second.getByText('2 companies').waitFor();
    await second.getByText('2 unread messages').waitFor();
    expect(await second.getByRole('link', { name: 'View Quote' }).getAttribute('href')).toBe(`/quotes/${created[1]}/edit`);
    await page.getByRole('article', { name: 'Quote 03' }).getByText('In Progress', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Quote 04' }).getByText('1 unread message').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('article', { name: 'Quote 06' })
          .getByText(/unread/)
          .count(),
      )
      .toBe(0);
    expect(await page.getByRole('link', { name: 'New Quote' }).getAttribute('href')).toBe('/search');

    await expectAccessible(page, 'my quotes');
    await screenshot(page, 'my-quotes-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'my-quotes-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Pages of ten, kept in the address.
    const pages = page.getByRole('navigation', { name: 'Quote pages' });
    await pages.getByText('Page 1 of 2').waitFor();
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByRole('article', { name: 'Quote 12' }).waitFor();

    // A tile filters (and goes back to the first page).
    await page.getByRole('button', { name: 'Draft 3' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'draft' && !url.searchParams.has('page'));
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Draft 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('draft');
    await expect.poll(() => page.getByRole('navigation', { name: 'Quote pages' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expect.poll(() => cards(page).count()).toBe(10);
    await expect.poll(() => page.getByRole('button', { name: 'Clear Filter' }).count()).toBe(0);

    // The dropdown filters too, and a reload keeps the filter.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'completed');
    await expect.poll(() => cards(page).count()).toBe(4);
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(4);
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('completed');
    await expect.poll(() => page.getByRole('link', { name: 'View Quote' }).count()).toBe(4);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'In Progress' });
    await expect.poll(() => cards(page).count()).toBe(5);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All Quotes' });
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expect.poll(() => cards(page).count()).toBe(10);

    // A live frame refreshes the list: a new reply appears without a reload.
    const hub = journey.server.app.services.hub;
    await expect.poll(() => hub.connectionCount()).toBeGreaterThan(0);
    await db
      .insert(messages)
      .values({ quoteId: created[4], companyId: a.id, senderId: owner.id, senderType: 'company', message: 'New!' });
    hub.send(customer.id, 'new_message', {
      quoteId: created[4],
      companyId: a.id,
      messageId: 1,
      senderType: 'company',
    });
    await page.getByRole('article', { name: 'Quote 05' }).getByText('1 unread message').waitFor();

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('on a phone, the toast after signing in leaves the header bar usable', async () => {
    const customer = await createUser(journey.server.db, { firstName: 'Tia' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    // Through the dialog: its "Welcome back!" toast is what this test is about.
    await page.goto('/');
    await logInThroughDialog(page, customer.email, customer.password);
    await page.waitForURL(/\/profile$/);
    // "Welcome back!" is still up (it pauses while a pointer rests on it): the header's buttons
    // must not be under it, or the first tap meets the toast.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Welcome back!' });
    await toast.waitFor();
    const header = await page.getByRole('banner').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /My Account/ })
      .click();
    await page.getByRole('menuitem', { name: /My Quotes/ }).waitFor();
    await expect.poll(() => toast.count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the header shows unread counts, refreshed by live frames', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Vera', isVerified: true });
    const company = await createCompany(db, { name: 'Badge Plumbing', ownerId: owner.id });
    const customer = await createUser(db, { firstName: 'Bea' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    await db.insert(messages).values([
      { quoteId: quote.id, companyId: company.id, senderId: owner.id, senderType: 'company', message: 'One' },
      { quoteId: quote.id, companyId: company.id, senderId: owner.id, senderType: 'company', message: 'Two' },
      { quoteId: quote.id, companyId: company.id, senderId: customer.id, senderType: 'user', message: 'For the vendor' },
    ]);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, customer, '/profile');
    const account = page.getByRole('banner').getByRole('button', { name: /My Account/ });
    await expect.poll(() => account.textContent()).toMatch(/2 unread messages/);
    await account.click();
    await page.getByRole('menuitem', { name: 'My Quotes, 2 unread' }).waitFor();
    await page.getByRole('menuitem', { name: 'Vendor Quotes', exact: true }).waitFor();
    await expectAccessible(page, 'account menu with unread badges');
    await screenshot(page, 'account-menu-unread-1280');
    await page.keyboard.press('Escape');

    // A new reply and its frame: the badges follow without a reload.
    const hub = journey.server.app.services.hub;
    await expect.poll(() => hub.connectionCount()).toBeGreaterThan(0);
    await db
      .insert(messages)
      .values({ quoteId: quote.id, companyId: company.id, senderId: owner.id, senderType: 'company', message: 'Three' });
    hub.send(customer.id, 'unread_count_update', { count: 3 });
    await expect.poll(() => account.textContent()).toMatch(/3 unread messages/);
    await page.setViewportSize(VIEWPORTS.mobile);
    await account.click();
    await page.getByRole('menuitem', { name: 'My Quotes, 3 unread' }).waitFor();
    await screenshot(page, 'account-menu-unread-375');
    expect(consoleErrors).toEqual([]);
    await context.close();

    const vendorView = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(vendorView.page, owner, '/profile');
    // The vendor's side: the customer's message waits in the Vendor Quotes inbox.
    const vendorAccount = vendorView.page.getByRole('banner').getByRole('button', { name: /My Account/ });
    await expect.poll(() => vendorAccount.textContent()).toMatch(/unread message/);
    await vendorAccount.click();
    await vendorView.page.getByRole('menuitem', { name: 'Vendor Quotes, 1 unread' }).waitFor();
    await vendorView.page.getByRole('menuitem', { name: 'My Quotes', exact: true }).waitFor();
    expect(vendorView.consoleErrors).toEqual([]);
    await vendorView.context.close();
  });

  it('shows the empty states, with and without a filter', async () => {
    const db = journey.server.db;
    const customer = await createUser(db, { firstName: 'Nora' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, customer, '/myquotes');
    await page.getByRole('heading', { name: 'No quotes yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Find Companies' }).getAttribute('href')).toBe('/search');
    await page.getByRole('button', { name: 'Total 0' }).waitFor();
    await expectAccessible(page, 'my quotes, empty');
    await screenshot(page, 'my-quotes-empty-375');

    const company = await createCompany(db, { name: 'Empty State Cleaning' });
    await createQuote(db, { userId: customer.id, companyIds: [company.id], status: 'draft' });
    await page.goto('/myquotes?status=completed');
    await page.getByRole('heading', { name: 'No completed quotes' }).waitFor();
    await page.getByRole('button', { name: 'Total 1' }).waitFor();
    await expectAccessible(page, 'my quotes, empty filter');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'my-quotes-empty-filter-1280');
    await page.getByRole('button', { name: 'View All Quotes' }).click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expect.poll(() => cards(page).count()).toBe(1);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor from /myquotes to the home page', async () => {
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/myquotes');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the WebSocket test page pings, logs frames and reconnects after the server drops the socket', async () => {
    const db = journey.server.db;
    const user = await createUser(db, { firstName: 'Wes' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/websocket-test');
    await page.getByRole('heading', { level: 1, name: 'WebSocket Test' }).waitFor();
    await liveBadge(page).waitFor();

    const log = page.getByRole('list', { name: 'Frame log' });
    await log.getByText('connection_established').waitFor();
    await log.getByText(`{"userId":${user.id}}`).waitFor();

    await page.getByRole('button', { name: 'Ping' }).click();
    await page.getByText(/^Round-trip time: \d+ ms$/).waitFor();
    await log.getByText('pong', { exact: true }).waitFor();
    await expectAccessible(page, 'websocket test');
    await screenshot(page, 'websocket-test-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'websocket-test-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The server drops every socket with 1001 (going away): not a normal close, so the client
    // reconnects 3 s later and the server greets it again.
    const hub = journey.server.app.services.hub;
    const connectedBefore = hub.connectionCount();
    const badge = page.getByRole('status').filter({ hasText: /^(Live|Connecting\.\.\.|Offline|Connection Error)$/ });
    // The page records every text the badge shows, so the short "not live" moment is seen even
    // when this test process is too busy to look during it.
    await page.evaluate(() => {
      const badgeElement = [...document.querySelectorAll('[role="status"]')].find((element) =>
        /^(Live|Connecting\.\.\.|Offline|Connection Error)$/.test(element.textContent ?? ''),
      );
      const shown: string[] = [];
      (window as unknown as { badgeTexts: string[] }).badgeTexts = shown;
      new MutationObserver(() => shown.push(badgeElement?.textContent ?? '')).observe(badgeElement!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    hub.closeAll();
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { badgeTexts: string[] }).badgeTexts.some((text) => text !== 'Live')),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await expect.poll(() => badge.textContent(), { timeout: 15_000, interval: 100 }).toBe('Live');
    await expect.poll(() => log.getByText('connection_established').count(), { timeout: 15_000 }).toBe(2);
    // One socket again (other users' were dropped too, and reconnect on their own).
    await expect.poll(() => hub.connectionCount(), { timeout: 15_000 }).toBe(connectedBefore);

    // Logging out closes the connection for good.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /My Account/ })
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('You have been successfully logged out.').waitFor();
    await expect.poll(() => hub.connectionCount(), { timeout: 15_000 }).toBe(connectedBefore - 1);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a socket that drops and reconnects shows what was sent meanwhile, without a reload', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Rhea', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Reconnect Plumbing', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Cole' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id] });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    await page.getByText('No messages yet').first().waitFor();
    await liveBadge(page).waitFor();

    // The server drops the socket; the vendor answers while it is away, so its frames are lost.
    const hub = journey.server.app.services.hub;
    hub.closeAll();
    const vendorCookie = await loginAs(journey.server.app, vendor);
    const thread = `/api/quotes/${quote.id}/companies/${company.id}/messages`;
    const { coinCost } = (
      await journey.server.app.inject({
        method: 'GET',
        url: `${thread.replace(/messages$/, 'coin-cost')}`,
        headers: { cookie: vendorCookie },
      })
    ).json();
    const reply = await journey.server.app.inject({
      method: 'POST',
      url: thread,
      headers: { cookie: vendorCookie },
      payload: { message: 'Sent while you were away', coinCost },
    });
    expect(reply.statusCode).toBe(201);
    const badge = page.getByRole('status').filter({ hasText: /^(Live|Connecting\.\.\.|Offline|Connection Error)$/ });
    expect(await badge.textContent()).not.toBe('Live');
    expect(await page.getByText('Sent while you were away').count()).toBe(0);

    // Back online: the page fetches what the lost frames would have refreshed.
    await expect.poll(() => badge.textContent(), { timeout: 10_000, interval: 100 }).toBe('Live');
    await page.getByRole('list', { name: 'Messages' }).getByText('Sent while you were away').waitFor({ timeout: 10_000 });
    await screenshot(page, 'quote-page-after-reconnect-1280');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
