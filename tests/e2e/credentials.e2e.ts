/**
 * Verified credentials and opening hours, end to end: an owner submits a licence with its
 * document and sets the company's hours; an admin sees the document in the queue and verifies
 * it; the badge shows on the company page (in the server's HTML too), on the search results, with
 * "Open now" and the search's Open now filter; after the expiry date passes and the job runs, the
 * badge is gone — at 1280 and 375 px, with axe and a quiet console.
 */
import { sql } from 'drizzle-orm';
import { companyTodaySql } from '@/server/db/credentials-hours-sql';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser } from '@/server/test/factories';
import { pngBytes } from '@/server/test/image-fixtures';
import { WEEKDAY_LABELS, WEEKDAYS } from '@/shared/schemas/opening-hours';
import { expectAccessible, expectToast, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

describe('verified credentials and opening hours', () => {
  it('go from the owner to the admin to the badge on the page and the card, and the badge leaves when it expires', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Olive', isVerified: true });
    const admin = await createUser(db, { firstName: 'Ada', isAdmin: true, isVerified: true });
    const company = await createCompany(db, { name: 'Badgewell Plumbing', ownerId: owner.id, zip: '78701' });
    const year = new Date().getUTCFullYear() + 2;
    const badgeText = `Licence verified · expires ${year}-06`;

    // ── the owner submits a licence and sets the hours ──
    const ownerSide = await openPage(journey.browser, journey.server.baseUrl);
    const page = ownerSide.page;
    await signInThroughApi(page, owner, `/profile?tab=credentials&company=${company.id}`);
    const panel = page.getByRole('tabpanel', { name: 'Credentials & Hours' });
    await panel.getByText('No credentials yet.').waitFor();
    await panel.getByRole('button', { name: 'Add a credential' }).click();
    await panel.getByLabel('Licence or policy number').fill('TX-M-40411');
    await panel.getByLabel('Issuing authority or region').fill('Texas State Board of Plumbing Examiners');
    await panel.getByLabel('Expiry date').fill(`${year}-06-30`);
    // Submitting without the document says what is missing.
    await panel.getByRole('button', { name: 'Submit credential' }).click();
    await panel.getByText('Attach a photo or scan of the document').waitFor();
    await panel.getByLabel('Document', { exact: true }).setInputFiles({
      name: 'licence.png',
      mimeType: 'image/png',
      buffer: await pngBytes(400, 260, { r: 220, g: 200, b: 120 }),
    });
    await panel.getByRole('button', { name: 'Submit credential' }).click();
    await expectToast(page, 'Credential submitted');
    const item = panel.getByRole('list', { name: 'Credentials' }).getByRole('listitem').first();
    await item.getByText('Pending review').waitFor();
    await item.getByText('Waiting for an administrator to check it.').waitFor();

    // Open every day, all day: "Open now" whatever the hour the test runs.
    for (const day of WEEKDAYS) {
      const label = WEEKDAY_LABELS[day];
      await panel.getByLabel(`Open on ${label}`).check();
      await panel.getByLabel(`${label} opens at`).fill('00:00');
      await panel.getByLabel(`${label} closes at`).fill('24:00');
    }
    // A closing time equal to the opening time is refused with the server's own words (one
    // before it runs past midnight).
    await panel.getByLabel('Friday closes at').fill('09:00');
    await panel.getByLabel('Friday opens at').fill('09:00');
    await panel.getByRole('button', { name: 'Save opening hours' }).click();
    await panel.getByText('Friday: the closing time must differ from the opening time').waitFor();
    await panel.getByLabel('Friday opens at').fill('00:00');
    await panel.getByLabel('Friday closes at').fill('24:00');
    await panel.getByLabel('Note (optional)').fill('Emergency call-outs 24/7');
    await panel.getByRole('button', { name: 'Save opening hours' }).click();
    await expectToast(page, 'Opening hours saved');
    // Removing them when the server refuses says so in the form (the hours stay).
    await page.route('**/api/companies/*/hours', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: 'The service is busy', code: 'UNAVAILABLE' }),
          })
        : route.continue(),
    );
    await panel.getByRole('button', { name: 'Remove hours' }).click();
    await panel.getByRole('alert').filter({ hasText: 'The service is busy' }).waitFor();
    await page.unroute('**/api/companies/*/hours');
    await expectAccessible(page, 'credentials and hours, owner');
    await screenshot(page, 'credentials-owner-1280');

    // ── the admin verifies it, with the document in view ──
    const adminSide = await openPage(journey.browser, journey.server.baseUrl);
    const adminPage = adminSide.page;
    await signInThroughApi(adminPage, admin, '/admin');
    await adminPage.getByRole('navigation').getByRole('link', { name: 'Credentials' }).first().click();
    await adminPage.waitForURL(/\/admin\/credentials/);
    await adminPage.getByRole('heading', { level: 1, name: 'Credentials' }).waitFor();
    const card = adminPage.locator('[data-slot="card"]').filter({ hasText: 'Licence TX-M-40411' });
    await card.getByText('Badgewell Plumbing').waitFor();
    const documentImage = card.getByRole('img', { name: 'Document of Licence TX-M-40411, Badgewell Plumbing' });
    await expect
      .poll(() => documentImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The list shows the document's thumbnail; its link opens the full document.
    const stored = await db.execute<{ document_object_id: string; thumbnail_id: string }>(sql`
      SELECT cc.document_object_id, so.thumbnail_id FROM company_credentials cc
        JOIN stored_objects so ON so.id = cc.document_object_id WHERE cc.company_id = ${company.id}`);
    expect(await documentImage.getAttribute('src')).toBe(`/api/objects/${stored.rows[0].thumbnail_id}`);
    expect(await card.getByRole('link', { name: /Open the document/ }).getAttribute('href')).toBe(
      `/api/objects/${stored.rows[0].document_object_id}`,
    );
    await expectAccessible(adminPage, 'admin credentials queue');
    await screenshot(adminPage, 'credentials-admin-1280');
    // A reject needs a reason.
    await card.getByRole('button', { name: 'Reject Licence TX-M-40411' }).click();
    await card.getByText('Give the reason for rejecting the credential').waitFor();
    // Changed after the admin opened the queue (as a replaced document or a rename would): the
    // decision is refused with the server's words, the queue is read again, and a second try holds.
    await db.execute(
      sql`UPDATE company_credentials SET updated_at = updated_at + interval '1 second' WHERE company_id = ${company.id}`,
    );
    await card.getByRole('button', { name: 'Verify Licence TX-M-40411' }).click();
    await card.getByText('This credential changed since you opened it').waitFor();
    await card.getByRole('button', { name: 'Verify Licence TX-M-40411' }).click();
    await expectToast(adminPage, 'Credential verified');
    await card.getByText('Verified', { exact: true }).waitFor();

    // The owner sees it verified.
    await page.reload();
    await item.getByText('Verified', { exact: true }).waitFor();

    // ── the badge on the page (and in the server's HTML) and on the search results ──
    const visitor = await openPage(journey.browser, journey.server.baseUrl);
    const html = await (await visitor.page.request.get(`/companies/${company.id}`)).text();
    expect(html).toContain(badgeText);
    expect(html).toContain('Open now');
    await visitor.page.goto(`/companies/${company.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Badgewell Plumbing' }).waitFor();
    const badges = visitor.page.getByRole('list', { name: 'Verified credentials' });
    await badges.getByText(badgeText).waitFor();
    await visitor.page.getByText('Open now', { exact: true }).waitFor();
    await visitor.page.getByText('Emergency call-outs 24/7').waitFor();
    await expectAccessible(visitor.page, 'company page with a badge and hours');
    await screenshot(visitor.page, 'credentials-company-1280');

    await visitor.page.goto('/search?q=Badgewell');
    const results = visitor.page.getByText('1 business found');
    await results.waitFor();
    await visitor.page.getByText(badgeText).first().waitFor();
    // Without JavaScript the box is a field of the search form, checked from the address.
    const searchHtml = await (await visitor.page.request.get('/search?q=Badgewell&openNow=true')).text();
    const openNowBox = searchHtml.match(/<input[^>]*name="openNow"[^>]*>/)?.[0];
    expect(openNowBox).toMatch(/type="checkbox"/);
    expect(openNowBox).toMatch(/checked/);
    expect(searchHtml).toContain(badgeText);
    // The Open now box is kept in the address. It shows the click at once, even on a slow device
    // where the address (changed in a transition) commits later: a box bound to the address alone
    // sprang back unticked for that moment.
    const cpu = await visitor.page.context().newCDPSession(visitor.page);
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await visitor.page.getByLabel('Open now').check();
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await visitor.page.waitForURL(/openNow=true/);
    await visitor.page.getByText('1 business found').waitFor();
    await visitor.page.getByText(badgeText).first().waitFor();
    await expectAccessible(visitor.page, 'search with Open now');
    await screenshot(visitor.page, 'credentials-search-1280');

    await visitor.page.setViewportSize(VIEWPORTS.mobile);
    await visitor.page.goto(`/companies/${company.id}`);
    await badges.getByText(badgeText).waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(visitor.page, 'company page at 375 px');
    await screenshot(visitor.page, 'credentials-company-375');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`/profile?tab=credentials&company=${company.id}`);
    await item.getByText('Verified', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(page, 'credentials and hours at 375 px');
    await screenshot(page, 'credentials-owner-375');
    await adminPage.setViewportSize(VIEWPORTS.mobile);
    await adminPage.getByRole('heading', { level: 1, name: 'Credentials' }).waitFor();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(adminPage, 'admin credentials at 375 px');

    // ── past its expiry date, the job expires it and the badge is gone ──
    // Yesterday on the company's own calendar (its zone's date may not be UTC's yet).
    await db.execute(
      sql`UPDATE company_credentials cc SET expires_on = ${companyTodaySql(sql`cc.company_id`)} - 1 WHERE cc.company_id = ${company.id}`,
    );
    expect(await journey.server.app.services.credentials.expireAndRemind()).toMatch(/^1 credentials expired/);
    await visitor.page.goto(`/companies/${company.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Badgewell Plumbing' }).waitFor();
    await visitor.page.getByText('Open now', { exact: true }).waitFor();
    expect(await visitor.page.getByText(badgeText).count()).toBe(0);
    await visitor.page.goto('/search?q=Badgewell');
    await visitor.page.getByText('1 business found').waitFor();
    expect(await visitor.page.getByText(badgeText).count()).toBe(0);
    await page.reload();
    await item.getByText('Expired', { exact: true }).waitFor();

    for (const side of [ownerSide, adminSide, visitor]) {
      expect(side.consoleErrors).toEqual([]);
      await side.context.close();
    }
  });
});
