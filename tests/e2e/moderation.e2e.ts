/**
 * Reports and moderation, end to end: a customer reports a review on a company page (the dialog
 * with its reasons and confirmation), an admin opens the moderation queue from the dashboard and
 * hides the review with a reason, the reporter reads the outcome on the profile's Reports tab and
 * the review's author appeals from the notice on the company page — at 1280 and 375 px, with axe
 * and a quiet console.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

describe('reports and moderation', () => {
  it('a report reaches the queue, an admin hides the review, and the reporter sees the outcome', async () => {
    const db = journey.server.db;
    const admin = await createUser(db, { firstName: 'Ada', isAdmin: true, isVerified: true });
    const owner = await createUser(db, { isVerified: true });
    const author = await createUser(db, { firstName: 'Rude', lastName: 'Reviewer', isVerified: true });
    const reporter = await createUser(db, { firstName: 'Rhea', isVerified: true });
    const company = await createCompany(db, { name: 'Moderated Plumbing', ownerId: owner.id });
    await createQuote(db, { userId: author.id, companyIds: [company.id] });
    await db.execute(sql`INSERT INTO ratings (user_id, company_id, rating, comment)
      VALUES (${author.id}, ${company.id}, 1, 'The owner is a crook and an idiot.')`);
    await db.execute(sql`UPDATE companies SET average_rating = 1, ratings_count = 1 WHERE id = ${company.id}`);

    // The reporter reports the review.
    const reporting = await openPage(journey.browser, journey.server.baseUrl);
    const page = reporting.page;
    // One's moderated items are asked for only where they can matter: not by a signed-in visitor
    // who neither owns the business nor could have reviewed it (never requested a quote from it).
    const myItemsAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/moderation/my-items') myItemsAsked.push(page.url());
    });
    await signInThroughApi(page, reporter);
    const canRateAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/companies/${company.id}/can-rate`);
    await page.goto(`/companies/${company.id}`);
    const review = page.getByRole('article', { name: 'Review by Rude R.' });
    await review.waitFor();
    await canRateAnswered;
    await page.getByText('You can review this business after requesting a quote from it.').waitFor();
    expect(myItemsAsked).toEqual([]);
    // The dialog is a chunk fetched on first use: when it cannot be fetched (offline, a new
    // deployment), the visitor is told, and nothing is left half open.
    const dialogChunk = '**/assets/report-dialog-*.js';
    await page.route(dialogChunk, (route) => route.abort());
    await review.getByRole('button', { name: /^Report review by/ }).click();
    await page.getByText('Could not open the dialog').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // A new page fetches it again.
    await page.unroute(dialogChunk);
    await page.reload();
    await review.waitFor();
    await review.getByRole('button', { name: /^Report review by/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Report review by/ });
    // "Other" needs a note: the refusal is shown under it.
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Tell us what is wrong' }).waitFor();
    await expectAccessible(page, 'report dialog with an error');
    await dialog.getByRole('radio', { name: 'Offensive' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('status').filter({ hasText: "Thanks — we'll review this and let you know" }).waitFor();
    await expectAccessible(page, 'report dialog sent');
    await screenshot(page, 'report-dialog-1280');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    // Reported, not decided: the review stays up.
    await review.getByText('The owner is a crook and an idiot.').waitFor();

    // The admin decides from the moderation queue.
    const moderating = await openPage(journey.browser, journey.server.baseUrl);
    const adminPage = moderating.page;
    await signInThroughApi(adminPage, admin, '/admin');
    await adminPage.getByRole('link', { name: /Moderation.*Reported listings/ }).click();
    await adminPage.waitForURL(/\/admin\/moderation/);
    await adminPage.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const card = adminPage.getByTestId('moderation-cases').locator('[aria-labelledby^="case-"]').first();
    await card.getByText('The owner is a crook and an idiot.').waitFor();
    await card.getByText(/Offensive.*by Rhea User/).waitFor();
    await expectAccessible(adminPage, 'moderation queue');
    await screenshot(adminPage, 'admin-moderation-1280');
    // A reason is required.
    await card.getByRole('button', { name: 'Hide' }).click();
    await card.getByRole('alert').filter({ hasText: 'Give the reason for the decision' }).waitFor();
    await card.getByLabel(/Reason for the decision/).fill('Insults are not a review');
    await card.getByRole('button', { name: 'Hide' }).click();
    await adminPage.getByText('No cases here.').waitFor();
    await adminPage.getByLabel('Show').selectOption('decided');
    await adminPage.getByText(/Hidden on .*: Insults are not a review/).waitFor();

    await adminPage.setViewportSize(VIEWPORTS.mobile);
    await adminPage.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(adminPage, 'moderation queue at 375 px');
    await screenshot(adminPage, 'admin-moderation-375');

    // The reporter sees the outcome; the review is gone from the page.
    await page.goto(`/companies/${company.id}`);
    await page.getByText('No reviews yet').waitFor();
    expect(myItemsAsked).toEqual([]);
    await page.goto('/profile?tab=reports');
    const reports = page.getByRole('list', { name: 'My reports' });
    await reports.getByText('Outcome: Hidden from the public — Insults are not a review').waitFor();
    await expectAccessible(page, 'my reports');
    await screenshot(page, 'my-reports-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await reports.getByText('Decided').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(page, 'my reports at 375 px');
    await screenshot(page, 'my-reports-375');

    // The report dialog at 375 px, on the listing itself.
    await page.goto(`/companies/${company.id}`);
    await page.getByRole('button', { name: 'Report the listing Moderated Plumbing' }).click();
    const listingDialog = page.getByRole('dialog', { name: 'Report the listing Moderated Plumbing' });
    await listingDialog.getByRole('radio', { name: 'Wrong information' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(page, 'report dialog at 375 px');
    await screenshot(page, 'report-dialog-375');
    await page.keyboard.press('Escape');
    await listingDialog.waitFor({ state: 'detached' });

    // The review's author, a customer of the business, still reads the decision on its page, and
    // cannot write a second review while the hidden one stands.
    const authoring = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(authoring.page, author, `/companies/${company.id}`);
    await authoring.page
      .getByRole('note')
      .filter({ hasText: 'Hidden by a moderator' })
      .getByText('Reason: Insults are not a review')
      .waitFor();
    await authoring.page.getByText('No reviews yet').waitFor();
    expect(await authoring.page.getByRole('button', { name: 'Write a Review' }).count()).toBe(0);
    // The one appeal, from the notice: its dialog is fetched when first asked for.
    const notice = authoring.page.getByRole('note').filter({ hasText: 'Hidden by a moderator' });
    await notice.getByRole('button', { name: 'Appeal' }).click();
    const appealDialog = authoring.page.getByRole('dialog', { name: 'Appeal the decision' });
    await appealDialog.getByRole('button', { name: 'Send appeal' }).click();
    await appealDialog.getByRole('alert').waitFor();
    await appealDialog.getByLabel('Why should it be shown again?').fill('I was angry; I will rewrite it politely.');
    await appealDialog.getByRole('button', { name: 'Send appeal' }).click();
    await appealDialog.waitFor({ state: 'detached' });
    await notice.getByText('Your appeal is waiting for a moderator.').waitFor();
    expect(await notice.getByRole('button', { name: 'Appeal' }).count()).toBe(0);

    expect(reporting.consoleErrors).toEqual([]);
    expect(moderating.consoleErrors).toEqual([]);
    expect(authoring.consoleErrors).toEqual([]);
    await reporting.context.close();
    await moderating.context.close();
    await authoring.context.close();
  });
});
