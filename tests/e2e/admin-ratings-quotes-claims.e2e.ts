/**
 * The admin's ratings, quotes and claims screens: an administrator searches, edits (a bad value
 * first) and deletes a review, which the public company page then marks as edited by an
 * administrator; filters quotes through the tiles, the search and the dropdown, changes a status
 * and deletes a quote; reads the claim counts, filters and searches claims and deletes one. Every
 * change is checked in the database. A signed-in non-admin is turned away.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claims, quotes, ratings } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const newAdmin = () => createUser(journey.server.db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
/** A customer who asked the company for a quote reviews it through the API, as the company page would. */
async function postReview(
  user: { id: number; email: string; password: string },
  companyId: number,
  body: { rating: number; comment?: string },
) {
  const quote = await createQuote(journey.server.db, { userId: user.id, companyIds: [companyId] });
  const answer = await journey.server.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/ratings`,
    headers: { cookie: await loginAs(journey.server.app, user) },
    payload: body,
  });
  expect(answer.statusCode).toBe(201);
  // The review stays; the quote that allowed it goes, so the quotes screen below counts only its own.
  await journey.server.db.delete(quotes).where(eq(quotes.id, quote.id));
  return answer.json<{ id: number }>();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first();

describe('admin ratings, quotes and claims in the browser', () => {
  it('an admin searches, edits and deletes reviews; the company page shows the admin edit', async () => {
    const db = journey.server.db;
    const admin = await newAdmin();
    const rita = await createUser(db, { firstName: 'Rita', lastName: 'Reviewer', email: 'rita.reviewer@example.com' });
    const bob = await createUser(db, { firstName: 'Bob', lastName: 'Builder', email: 'bob.builder@example.com' });
    const sunrise = await createCompany(db, { name: 'Sunrise Plumbing' });
    const zeta = await createCompany(db, { name: 'Zeta Roofing', categorySlug: 'roofing-gutters' });
    const ritaRating = await postReview(rita, sunrise.id, { rating: 3, comment: 'Arrived late but fixed the leak.' });
    const bobRating = await postReview(bob, zeta.id, { rating: 5 });

    const { page, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/ratings');
    await page.getByRole('heading', { level: 1, name: 'Manage Ratings & Reviews' }).waitFor();
    const table = page.getByRole('region', { name: 'Ratings table' });
    const ritaRow = table.getByRole('row').filter({ hasText: 'Rita Reviewer' });
    const bobRow = table.getByRole('row').filter({ hasText: 'Bob Builder' });
    await ritaRow.getByText('rita.reviewer@example.com').waitFor();
    await ritaRow.getByText('Sunrise Plumbing').waitFor();
    await ritaRow.getByText('Arrived late but fixed the leak.').waitFor();
    await ritaRow.getByRole('img', { name: 'Rated 3.0 out of 5' }).waitFor();
    await bobRow.getByText('No comment').waitFor();
    await bobRow.getByText('Zeta Roofing').waitFor();
    for (const header of ['User', 'Company', 'Rating', 'Comment', 'Date', 'Actions']) {
      await table.getByRole('columnheader', { name: header }).waitFor();
    }
    await expectAccessible(page, 'admin ratings');
    await screenshot(page, 'admin-ratings-1280');

    // Search by comment text narrows the table after the debounce.
    await page.getByLabel('Search ratings').fill('leak');
    await expect.poll(() => bobRow.count()).toBe(0);
    await ritaRow.waitFor();

    // Edit: a value outside 0.5–5 is refused with its one message, then 4.5 with a comment.
    await ritaRow.getByRole('button', { name: 'Edit rating by Rita Reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Rating' });
    const value = dialog.getByLabel('Rating (0.5 to 5 stars)');
    await expect.poll(() => value.inputValue()).toBe('3');
    await value.fill('7');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Rating must be between 0.5 and 5 stars.').waitFor();
    await toast(page, 'Invalid rating').waitFor();
    await expectAccessible(page, 'admin ratings, edit dialog with an error');
    await screenshot(page, 'admin-ratings-edit-invalid-1280');
    expect((await db.select().from(ratings).where(eq(ratings.id, ritaRating.id)))[0].rating).toBe(3);

    await value.fill('4.5');
    // The stars follow the typed value.
    await expect.poll(() => dialog.getByRole('slider').getAttribute('aria-valuenow')).toBe('4.5');
    await dialog.getByLabel('Comment').fill('Fixed the leak quickly. (Edited by support.)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Rating updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await ritaRow.getByText('Fixed the leak quickly. (Edited by support.)').waitFor();
    await ritaRow.getByRole('img', { name: 'Rated 4.5 out of 5' }).waitFor();
    const [edited] = await db.select().from(ratings).where(eq(ratings.id, ritaRating.id));
    expect(edited).toMatchObject({ rating: 4.5, comment: 'Fixed the leak quickly. (Edited by support.)' });
    expect(edited.editedByAdminAt).not.toBeNull();

    // Delete asks first, naming the reviewer; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await bobRow.waitFor();
    await bobRow.getByRole('button', { name: 'Delete rating by Bob Builder' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete rating?' });
    await confirm.getByText(/delete the rating by Bob Builder for Zeta Roofing/).waitFor();
    await expectAccessible(page, 'admin ratings, delete confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await db.select().from(ratings).where(eq(ratings.id, bobRating.id))).toHaveLength(1);
    await bobRow.getByRole('button', { name: 'Delete rating by Bob Builder' }).click();
    await confirm.getByRole('button', { name: 'Delete Rating' }).click();
    await toast(page, 'Rating deleted').waitFor();
    await expect.poll(() => bobRow.count()).toBe(0);
    expect(await db.select().from(ratings).where(eq(ratings.id, bobRating.id))).toHaveLength(0);

    // The public page (first name and initial) says an administrator changed the review.
    await page.goto(`/companies/${sunrise.id}`);
    const review = page.getByRole('article', { name: 'Review by Rita R.' });
    await review.getByText('Fixed the leak quickly. (Edited by support.)').waitFor();
    await review.getByText('Edited by an administrator').waitFor();

    // Phones: the table scrolls inside its region.
    const phone = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(phone.page, admin, '/admin/ratings');
    await phone.page.getByRole('region', { name: 'Ratings table' }).getByText('Rita Reviewer').waitFor();
    await expectAccessible(phone.page, 'admin ratings, phone');
    await screenshot(phone.page, 'admin-ratings-375');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();

    expect(consoleErrors).toEqual([]);
  });

  it('an admin filters quotes by tile, search and dropdown, changes a status and deletes a quote', async () => {
    const db = journey.server.db;
    const admin = await newAdmin();
    const customer = await createUser(db, { firstName: 'Quinn', lastName: 'Customer' });
    const company = await createCompany(db, { name: 'Quote Target Co' });
    const make = async (name: string, status: 'draft' | 'submitted' | 'in_progress' | 'completed') => {
      const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id], status });
      await db.update(quotes).set({ quoteName: name }).where(eq(quotes.id, quote.id));
      return quote;
    };
    await make('Bathroom remodel', 'draft');
    const fence = await make('Fence repair', 'in_progress');
    await make('Roof inspection', 'completed');
    const garage = await make('Garage door', 'submitted');

    const { page, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/quotes');
    await page.getByRole('heading', { level: 1, name: 'Manage Quotes' }).waitFor();
    const tiles = page.getByRole('group', { name: 'Filter quotes by status' });
    const tile = (name: string) => tiles.getByRole('button', { name: new RegExp(`^${name}`) });
    await tile('Total').getByText('4', { exact: true }).waitFor();
    await tile('Draft').getByText('1', { exact: true }).waitFor();
    await tile('In Progress').getByText('2', { exact: true }).waitFor();
    await tile('Completed').getByText('1', { exact: true }).waitFor();
    expect(await tile('Total').getAttribute('aria-pressed')).toBe('true');

    const list = page.getByRole('region', { name: 'Quotes' });
    const card = (name: string) => list.getByRole('article', { name });
    const fenceCard = card('Fence repair');
    await fenceCard.getByText('Quinn Customer').waitFor();
    await fenceCard.getByText('1 company').waitFor();
    await fenceCard.getByText('0 messages').waitFor();
    await fenceCard.locator('[data-slot=badge]').getByText('In Progress', { exact: true }).waitFor();
    await fenceCard.getByText(/kitchen sink drains slowly/).waitFor();
    // Completed quotes have no status dropdown; the others do; every one can be deleted.
    expect(await card('Roof inspection').getByRole('combobox').count()).toBe(0);
    await card('Roof inspection').getByRole('button', { name: 'Delete quote Roof inspection' }).waitFor();
    await card('Bathroom remodel').getByRole('combobox', { name: 'Status of Bathroom remodel' }).waitFor();
    await expectAccessible(page, 'admin quotes');
    await screenshot(page, 'admin-quotes-1280');

    // The tiles filter and show which one is on.
    await tile('Draft').click();
    expect(await tile('Draft').getAttribute('aria-pressed')).toBe('true');
    expect(await tile('Total').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => list.getByRole('article').count()).toBe(1);
    await card('Bathroom remodel').waitFor();
    await tile('Completed').click();
    await card('Roof inspection').waitFor();
    await expect.poll(() => list.getByRole('article').count()).toBe(1);
    await tile('In Progress').click();
    await expect.poll(() => list.getByRole('article').count()).toBe(2);
    await card('Garage door').waitFor();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('in_progress');
    await tile('Total').click();
    await expect.poll(() => list.getByRole('article').count()).toBe(4);

    // Search, then a status change through the card's dropdown.
    await page.getByLabel('Search quotes').fill('Fence');
    await expect.poll(() => list.getByRole('article').count()).toBe(1);
    await fenceCard.getByRole('combobox', { name: 'Status of Fence repair' }).selectOption('completed');
    await toast(page, 'Quote status updated').waitFor();
    await fenceCard.locator('[data-slot=badge]').getByText('Completed', { exact: true }).waitFor();
    await expect.poll(() => fenceCard.getByRole('combobox').count()).toBe(0);
    expect((await db.select().from(quotes).where(eq(quotes.id, fence.id)))[0].status).toBe('completed');
    await tile('Completed').getByText('2', { exact: true }).waitFor();

    // Delete behind a confirm.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await card('Garage door').getByRole('button', { name: 'Delete quote Garage door' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete quote?' });
    await confirm.getByText(/"Garage door" from Quinn Customer/).waitFor();
    await screenshot(page, 'admin-quotes-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete Quote' }).click();
    await toast(page, 'Quote deleted').waitFor();
    await expect.poll(() => card('Garage door').count()).toBe(0);
    expect(await db.select().from(quotes).where(eq(quotes.id, garage.id))).toHaveLength(0);
    await tile('Total').getByText('3', { exact: true }).waitFor();

    // The dropdown filters too; nothing is in progress any more.
    await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
    await list.getByText('No quotes found').waitFor();
    expect(await tile('In Progress').getAttribute('aria-pressed')).toBe('true');

    const phone = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(phone.page, admin, '/admin/quotes');
    await phone.page.getByRole('article', { name: 'Bathroom remodel' }).waitFor();
    await expectAccessible(phone.page, 'admin quotes, phone');
    await screenshot(phone.page, 'admin-quotes-375');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();

    expect(consoleErrors).toEqual([]);
  });

  it('an admin reads claim counts, filters and searches claims and deletes one', async () => {
    const db = journey.server.db;
    const admin = await newAdmin();
    const customer = await createUser(db, { firstName: 'Cleo', lastName: 'Claimer', isVerified: true });
    const acme = await createCompany(db, { name: 'Acme Heating', phone: '(512) 555-0142', isMobilePhone: true });
    const beacon = await createCompany(db, { name: 'Beacon Boilers', email: 'beacon.boilers@example.com' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [acme.id, beacon.id], status: 'draft' });
    const cookie = await loginAs(journey.server.app, customer);
    const submitted = await journey.server.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/submit`,
      headers: { cookie },
      payload: {
        quoteName: 'Water heater install',
        description: 'Replace a 40 gallon gas water heater in the garage. '.repeat(3),
      },
    });
    expect(submitted.statusCode).toBe(200);
    const made = await db.select().from(claims).where(eq(claims.quoteId, quote.id));
    expect(made).toHaveLength(2);
    const acmeClaim = made.find((claim) => claim.companyId === acme.id)!;
    const beaconClaim = made.find((claim) => claim.companyId === beacon.id)!;
    // Acme's owner takes the listing through the claim link.
    const owner = await createUser(db, { firstName: 'Otto', lastName: 'Owner', isVerified: true });
    const redeemed = await journey.server.app.inject({
      method: 'POST',
      url: `/api/claims/${acmeClaim.id}/redeem`,
      headers: { cookie: await loginAs(journey.server.app, owner) },
    });
    expect(redeemed.statusCode).toBe(200);

    const { page, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/claims');
    await page.getByRole('heading', { level: 1, name: 'Manage Claims' }).waitFor();
    const counts = page.getByRole('definition');
    await expect.poll(() => counts.allTextContents()).toEqual(['1', '1', '2']);
    await page.getByText('Showing 1 to 2 of 2 claims').waitFor();
    const table = page.getByRole('region', { name: 'Claims table' });
    const acmeRow = table.getByRole('row').filter({ hasText: 'Acme Heating' });
    const beaconRow = table.getByRole('row').filter({ hasText: 'Beacon Boilers' });
    await acmeRow.getByText('SMS', { exact: true }).waitFor();
    await acmeRow.getByText('(512) 555-0142').waitFor();
    await acmeRow.getByText('Redeemed', { exact: true }).waitFor();
    await acmeRow.getByText('Water heater install').waitFor();
    await beaconRow.getByText('Email', { exact: true }).waitFor();
    await beaconRow.getByText('beacon.boilers@example.com').waitFor();
    await beaconRow.getByText('Pending', { exact: true }).waitFor();
    await beaconRow.getByText(/Austin, TX/).waitFor();
    await expectAccessible(page, 'admin claims');
    await screenshot(page, 'admin-claims-1280');

    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption('pending');
    await expect.poll(() => acmeRow.count()).toBe(0);
    await beaconRow.waitFor();
    await page.getByText('Showing 1 to 1 of 1 claims').waitFor();
    await status.selectOption('redeemed');
    await acmeRow.waitFor();
    await expect.poll(() => beaconRow.count()).toBe(0);
    await status.selectOption('all');
    await page.getByLabel('Search claims').fill('beacon.boilers@');
    await expect.poll(() => acmeRow.count()).toBe(0);
    await beaconRow.waitFor();

    await beaconRow.getByRole('button', { name: /^Delete claim for Beacon Boilers/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete claim?' });
    await confirm.getByText(/Beacon Boilers on "Water heater install"/).waitFor();
    await confirm.getByRole('button', { name: 'Delete Claim' }).click();
    await toast(page, 'Claim deleted').waitFor();
    await page.getByText('No claims found').waitFor();
    expect(
      await db
        .select()
        .from(claims)
        .where(inArray(claims.id, [beaconClaim.id])),
    ).toHaveLength(0);
    expect(await db.select().from(claims).where(eq(claims.id, acmeClaim.id))).toHaveLength(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => counts.allTextContents()).toEqual(['0', '1', '1']);

    const phone = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(phone.page, admin, '/admin/claims');
    await phone.page.getByRole('region', { name: 'Claims table' }).getByText('Acme Heating').waitFor();
    await expectAccessible(phone.page, 'admin claims, phone');
    await screenshot(phone.page, 'admin-claims-375');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();

    expect(consoleErrors).toEqual([]);
  });

  it('a signed-in non-admin opening the admin ratings screen sees Unauthorized Access', async () => {
    const user = await createUser(journey.server.db, { firstName: 'Nora', lastName: 'Normal', isVerified: true });
    const { page, consoleErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/admin/ratings');
    await page.getByRole('heading', { name: 'Unauthorized Access' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Manage Ratings & Reviews' }).count()).toBe(0);
    await page.goto('/admin/claims');
    await page.getByRole('heading', { name: 'Unauthorized Access' }).waitFor();
    // The server refuses the data to them as well.
    const cookie = await loginAs(journey.server.app, user);
    for (const url of ['/api/admin/ratings', '/api/admin/quotes', '/api/admin/quotes/stats', '/api/admin/claims']) {
      expect((await journey.server.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(403);
    }
    expect(consoleErrors).toEqual([]);
  });
});
