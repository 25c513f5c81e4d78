/**
 * The browser cannot be turned against users: script and event-handler payloads are stored in every
 * user-written text — names, company texts, review comments and replies, quote names and
 * descriptions, messages, claim contacts — and every screen that shows them is opened in Chromium.
 * Nothing runs: the payloads would set `window.__xss`, and the Content-Security-Policy would log a
 * refusal as a console error; both stay empty, and the text shows as text.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claims, messages, quotes, ratings } from '@/server/db/schema';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { openPage } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const SCRIPT = '<script>window.__xss=1</script>';
const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '<svg onload="window.__xss=1"></svg>';
const payload = (label: string) => `${label} ${SCRIPT}${IMG}${SVG}`;

async function expectInert(page: Page, url: string, visibleText: string) {
  await page.goto(url);
  await page.getByText(visibleText, { exact: false }).first().waitFor();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${url} ran a payload`).toBeUndefined();
  expect(await page.locator('main script, main img[src="x"], main svg[onload]').count(), `${url} made markup of a payload`).toBe(
    0,
  );
}

describe('stored payloads in every text field', () => {
  it('show as text on every screen that displays them, and never run', async () => {
    const db = journey.server.db;
    const admin = await createUser(db, { isAdmin: true, isVerified: true, firstName: payload('Admin'), lastName: payload('A') });
    const owner = await createUser(db, { isVerified: true, firstName: payload('Owner'), lastName: payload('O') });
    const customer = await createUser(db, { firstName: payload('Cust'), lastName: payload('C') });
    const company = await createCompany(db, {
      ownerId: owner.id,
      name: payload('Evil Plumbing'),
      description: payload('We fix everything'),
      address: payload('1 Main'),
      city: 'Austin',
    });
    const listing = await createCompany(db, { name: payload('Evil Listing'), email: 'evil.listing@example.com' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id, listing.id] });
    await db
      .update(quotes)
      .set({ quoteName: payload('Evil quote'), description: payload('Evil description '.repeat(8)) })
      .where(eq(quotes.id, quote.id));
    await db.insert(messages).values([
      { quoteId: quote.id, companyId: company.id, senderId: customer.id, senderType: 'user', message: payload('Evil message') },
      { quoteId: quote.id, companyId: company.id, senderId: owner.id, senderType: 'company', message: payload('Evil answer') },
    ]);
    await db.insert(ratings).values({
      userId: customer.id,
      companyId: company.id,
      rating: 1,
      comment: payload('Evil review'),
      ownerReply: payload('Evil reply'),
      ownerReplyAt: new Date(),
    });
    await db.insert(claims).values({
      id: 'xssclaimaaaaaaaaaaaaaaaaaaaaaaaaa',
      companyId: listing.id,
      quoteId: quote.id,
      emailAddress: payload('x@example.com'),
    });

    const visitor = await openPage(journey.browser, journey.server.baseUrl);
    await expectInert(visitor.page, `/companies/${company.id}`, 'Evil Plumbing');
    await expectInert(visitor.page, `/search?q=Evil`, 'Evil Plumbing');
    await expectInert(visitor.page, '/quotes?cid=xssclaimaaaaaaaaaaaaaaaaaaaaaaaaa', 'Evil quote');
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.context.close();

    const asCustomer = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(asCustomer.page, customer);
    await expectInert(asCustomer.page, '/myquotes', 'Evil quote');
    await expectInert(asCustomer.page, `/quotes/${quote.id}/edit?company=${company.id}`, 'Evil answer');
    await expectInert(asCustomer.page, '/profile', 'Cust');
    expect(asCustomer.consoleErrors).toEqual([]);
    await asCustomer.context.close();

    const asOwner = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(asOwner.page, owner);
    await expectInert(asOwner.page, `/vendorquotes/${quote.id}?company=${company.id}`, 'Evil message');
    await expectInert(asOwner.page, '/profile?tab=companies', 'Evil Plumbing');
    expect(asOwner.consoleErrors).toEqual([]);
    await asOwner.context.close();

    const asAdmin = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(asAdmin.page, admin);
    await expectInert(asAdmin.page, '/admin/users', 'Owner');
    await expectInert(asAdmin.page, '/admin/companies', 'Evil Plumbing');
    await expectInert(asAdmin.page, '/admin/ratings', 'Evil review');
    await expectInert(asAdmin.page, '/admin/quotes', 'Evil quote');
    await expectInert(asAdmin.page, '/admin/claims', 'Evil Listing');
    expect(asAdmin.consoleErrors).toEqual([]);
    await asAdmin.context.close();
  });
});
