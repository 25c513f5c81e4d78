/**
 * Leads pros can trust, in the browser: the customer's selection stops at the platform's cap of
 * companies per request, with the reason, and the request goes to those; an owner sets a weekly
 * coin cap in the profile's Leads tab, and the vendor inbox refuses the reply that would pass it
 * before any charge, saying how to raise it; an owner pauses a company, which then cannot be picked
 * (the checkbox says why) and is left out of a draft's submission; a vendor declines a request
 * ("Not interested"), which moves aside and shows as declined to the customer; the public page "How
 * coins and ranking work" shows the figures the code uses; a vendor reports bad leads — a duplicate
 * credited at once, another decided by an admin — and sees the outcome.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins } from '@/server/test/factories';
import { REFUND_AFTER_DAYS } from '@/server/modules/coins/reply-refunds.service';
import { LEAD_REPORT_WINDOW_DAYS } from '@/shared/schemas/lead-reports';
import {
  addDays,
  MAX_PAUSE_DAYS,
  MAX_SERVICE_RADIUS_MILES,
  MAX_SERVICE_ZIPS,
  MAX_WEEKLY_COIN_CAP,
  notTakingRequestsText,
  utcToday,
} from '@/shared/schemas/leads';
import { expectAccessible, openPage, screenshot, VIEWPORTS, expectToast } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const COST = 5;

describe('lead controls in the browser', () => {
  it('a customer cannot select more companies than the platform allows for one request', async () => {
    const db = journey.server.db;
    await db.execute(sql`UPDATE platform_settings SET value = '2' WHERE key = 'quote_max_companies'`);
    for (const name of ['Capstone Plumbing One', 'Capstone Plumbing Two', 'Capstone Plumbing Three']) {
      await createCompany(db, { name });
    }
    const customer = await createUser(db, { firstName: 'Nina' });

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/search?q=capstone');
    const checkbox = (name: string) => page.getByRole('checkbox', { name: `Select ${name}` });
    await checkbox('Capstone Plumbing One').click();
    await page.getByText(/1\s+company selected in\s+Plumbing Services\s+\(up to 2\)/).waitFor();
    await checkbox('Capstone Plumbing Two').click();
    await checkbox('Capstone Plumbing Three').click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Company limit reached' });
    await toast.getByText('A quote request can go to at most 2 companies. Deselect one to pick another.').waitFor();
    expect(await checkbox('Capstone Plumbing Three').isChecked()).toBe(false);
    await page.getByText(/2\s+companies selected in\s+Plumbing Services\s+— the most one request can go to \(2\)/).waitFor();
    await expectAccessible(page, 'search with the selection at its cap');
    await screenshot(page, 'quote-selection-cap-375');

    // Deselecting one frees a place.
    await checkbox('Capstone Plumbing One').click();
    await checkbox('Capstone Plumbing Three').click();
    expect(await checkbox('Capstone Plumbing Three').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Start Quote (2)' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(customer.email);
    await login.getByLabel('Password').fill(customer.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/quotes\/\d+\/edit$/);
    const quoteId = Number(/quotes\/(\d+)\/edit/.exec(page.url())![1]);
    const { rows } = await db.execute<{ name: string }>(
      sql`SELECT c.name FROM quote_companies qc JOIN companies c ON c.id = qc.company_id WHERE qc.quote_id = ${quoteId} ORDER BY c.name`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Capstone Plumbing Three', 'Capstone Plumbing Two']);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an owner caps the week’s coins in the Leads tab, and the inbox refuses the reply that would pass it', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Wes', isVerified: true });
    await giveCoins(db, vendor.id, 100);
    const company = await createCompany(db, { name: 'Weekly Cap Plumbing', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Ada', lastName: 'Moss' });
    const first = await createQuote(db, { userId: customer.id, companyIds: [company.id], replyCoinCost: COST });
    const second = await createQuote(db, { userId: customer.id, companyIds: [company.id], replyCoinCost: COST });

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor, '/profile?tab=leads');
    await page.getByRole('tab', { name: 'Leads', selected: true }).waitFor();
    // Where the company appears, and why (premium: its owner holds coins).
    await page.getByRole('heading', { name: 'Where Weekly Cap Plumbing appears' }).waitFor();
    await page.getByRole('link', { name: 'Plumbing Services page' }).waitFor();
    await page.getByText('Premium: your coin balance is above 0', { exact: false }).waitFor();
    const form = page.getByRole('form', { name: 'Lead preferences' });
    await form.getByText(/Spent on first replies this week \(since Monday, .+\):\s*0 coins/).waitFor();
    const cap = form.getByLabel('Weekly coin cap');
    expect(await cap.inputValue()).toBe('');

    // Bad input: the shared rule's words, nothing saved.
    await cap.fill('0');
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await form.getByRole('alert').filter({ hasText: 'The weekly coin cap must be between 1 and 100,000 coins' }).waitFor();
    expect(await cap.getAttribute('aria-invalid')).toBe('true');
    const stored = async () =>
      (
        await db.execute<{ cap: number | null }>(
          sql`SELECT weekly_coin_cap AS cap FROM company_lead_preferences WHERE company_id = ${company.id}`,
        )
      ).rows[0]?.cap;
    expect(await stored()).toBeUndefined();

    await cap.fill('8');
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expectToast(page, 'Lead preferences saved');
    await form.getByText(/0 coins of 8 coins/).waitFor();
    expect(await stored()).toBe(8);
    await expectAccessible(page, 'lead preferences');
    await screenshot(page, 'lead-preferences-1280');

    // The first reply fits the cap: the notice says the week's figures, the reply is charged.
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await page.goto(`/vendorquotes/${first.id}?company=${company.id}`);
    await conversation.getByText('This week: 0 of 8 coins spent on first replies.').waitFor();
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Happy to help this week.');
    await box.press('Enter');
    await page.getByText('Message sent - Coins deducted').waitFor();

    // The second would take the week to 10: refused before any charge, with the way out.
    await page.goto(`/vendorquotes/${second.id}?company=${company.id}`);
    const warning = conversation.getByRole('status').filter({ hasText: 'Weekly cap reached' });
    await warning
      .getByText('This company has spent 5 of its weekly cap of 8 coins on first replies this week', { exact: false })
      .waitFor();
    await expectAccessible(page, 'vendor inbox at the weekly cap');
    await box.fill('Me too.');
    await box.press('Enter');
    await expectToast(
      page,
      'Failed to send message',
      'past its weekly cap of 8. Raise the cap in the Leads tab of your profile to reply.',
    );
    const charges = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE company_id = ${company.id} AND reason = 'reply_charge'`,
    );
    expect(charges.rows[0].n).toBe(1);

    await page.setViewportSize(VIEWPORTS.mobile);
    await warning.getByRole('link', { name: 'Raise the weekly cap' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('tab') === 'leads');
    await form.getByText(/5 coins of 8 coins/).waitFor();
    await expectAccessible(page, 'lead preferences on a phone');
    await screenshot(page, 'lead-preferences-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a paused company cannot be picked and says why, and a draft to it goes to the others', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Pia', isVerified: true });
    const paused = await createCompany(db, { name: 'Pausewell Plumbing', ownerId: owner.id });
    const open = await createCompany(db, { name: 'Pausewell Open Plumbing' });
    const customer = await createUser(db, { firstName: 'Cole', lastName: 'Reed' });
    const draft = await createQuote(db, { userId: customer.id, companyIds: [paused.id, open.id], status: 'draft' });

    // The owner pauses the company until a date, a past date refused first.
    const ownerView = await openPage(journey.browser, journey.server.baseUrl);
    const ownerPage = ownerView.page;
    await signInThroughApi(ownerPage, owner, '/profile?tab=leads');
    const form = ownerPage.getByRole('form', { name: 'Lead preferences' });
    await form.getByRole('switch', { name: 'Not taking new requests' }).click();
    const backOn = form.getByLabel('Back on (optional)');
    await backOn.fill('2020-01-01');
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await form.getByRole('alert').filter({ hasText: 'The return date must be after today and within 365 days' }).waitFor();
    const returnsOn = addDays(utcToday(), 10);
    await backOn.fill(returnsOn);
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expectToast(ownerPage, 'Lead preferences saved');
    expect(await form.getByRole('switch', { name: 'Not taking new requests' }).getAttribute('aria-checked')).toBe('true');
    expect(await backOn.inputValue()).toBe(returnsOn);
    await expectAccessible(ownerPage, 'lead preferences, paused');
    await screenshot(ownerPage, 'lead-preferences-paused-1280');
    expect(ownerView.consoleErrors).toEqual([]);
    await ownerView.context.close();

    // A visitor: the checkbox is disabled and described by the reason; the other can be picked.
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/search?q=pausewell');
    const reason = notTakingRequestsText(returnsOn);
    const pausedBox = page.getByRole('checkbox', { name: 'Select Pausewell Plumbing' });
    await pausedBox.waitFor();
    expect(await pausedBox.isDisabled()).toBe(true);
    expect(await pausedBox.getAttribute('aria-describedby')).toBeTruthy();
    const describedBy = await page.locator(`#${await pausedBox.getAttribute('aria-describedby')}`).textContent();
    expect(describedBy).toBe(reason);
    await page.getByRole('checkbox', { name: 'Select Pausewell Open Plumbing' }).click();
    await page.getByText(/1\s+company selected in\s+Plumbing Services/).waitFor();
    await expectAccessible(page, 'search with a paused company');
    await screenshot(page, 'search-paused-company-375');
    await page.goto(`/companies/${paused.id}`);
    await page.getByText(reason).first().waitFor();

    // The customer's draft from before the pause goes to the open company only, and says so.
    await signInThroughApi(page, customer, `/quotes/${draft.id}/edit`);
    const quoteForm = page.getByRole('form', { name: 'Edit quote' });
    await quoteForm.getByRole('button', { name: 'Submit Quote' }).click();
    await expectToast(
      page,
      'Some companies did not get your request',
      'Pausewell Plumbing (not taking new requests right now): they were left out.',
    );
    const { rows } = await db.execute<{ company_id: number }>(
      sql`SELECT company_id FROM quote_companies WHERE quote_id = ${draft.id}`,
    );
    expect(rows.map((r) => r.company_id)).toEqual([open.id]);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a vendor declines a request for free; the inbox moves it aside and the customer sees it declined', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Dee', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Declinewell Plumbing', ownerId: vendor.id });
    const other = await createCompany(db, { name: 'Declinewell Other Plumbing' });
    const customer = await createUser(db, { firstName: 'Lou', lastName: 'Hart' });
    const quote = await createQuote(db, { userId: customer.id, companyIds: [company.id, other.id], replyCoinCost: COST });

    const vendorView = await openPage(journey.browser, journey.server.baseUrl);
    const vendorPage = vendorView.page;
    await signInThroughApi(vendorPage, vendor, `/vendorquotes/${quote.id}?company=${company.id}`);
    const conversation = vendorPage.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('This request went to 2 companies; none has replied so far.').waitFor();
    await conversation.getByRole('button', { name: 'Not interested' }).click();
    const dialog = vendorPage.getByRole('alertdialog', { name: 'Decline this request?' });
    await dialog
      .getByText('Lou Hart will see that you are not interested, and the conversation closes. Declining is free.')
      .waitFor();
    await expectAccessible(vendorPage, 'decline dialog');
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await expectToast(vendorPage, 'Request declined', 'Lou Hart sees that you are not interested. No coins were spent.');
    await conversation.getByText('You declined this request: the customer sees that you are not interested.').waitFor();
    expect(await conversation.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    const requests = vendorPage.getByRole('region', { name: 'Quote requests' });
    await requests.getByRole('heading', { name: 'Not interested (1)' }).waitFor();
    await requests
      .getByRole('list', { name: 'Declined requests' })
      .getByRole('link', { name: /Lou Hart/ })
      .waitFor();
    await vendorPage.getByRole('banner').getByRole('link', { name: '20 coins' }).waitFor();
    await screenshot(vendorPage, 'vendor-inbox-declined-1280');
    expect(vendorView.consoleErrors).toEqual([]);
    await vendorView.context.close();

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(page, customer, `/quotes/${quote.id}/edit`);
    const conversations = page.getByRole('list', { name: 'Conversations' });
    const declinedRow = conversations.getByRole('button', { name: /Declinewell Plumbing/ });
    await declinedRow.getByText('Not interested').waitFor();
    await declinedRow.click();
    await page
      .getByText('Declinewell Plumbing is not interested in this request. It will not reply; your other companies can.')
      .waitFor();
    expect(await page.getByRole('form', { name: 'Send a message' }).getByRole('textbox').isDisabled()).toBe(true);
    await expectAccessible(page, 'customer conversation, declined');
    await screenshot(page, 'quote-conversation-declined-375');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('publishes how coins and ranking work, with the figures the code uses, linked from the footer', async () => {
    const db = journey.server.db;
    await db.execute(
      sql`UPDATE category_coin_costs SET cost = 9 WHERE category_id = (SELECT id FROM categories WHERE slug = 'cleaning-services')`,
    );
    const { rows } = await db.execute<{ value: string }>(
      sql`SELECT value FROM platform_settings WHERE key = 'quote_max_companies'`,
    );
    const cap = Number(rows[0].value);
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'How coins and ranking work' }).click();
    await page.getByRole('heading', { level: 1, name: 'How coins and ranking work' }).waitFor();
    const costs = page.getByRole('table', { name: 'Coins for a first reply, by category' });
    await costs.getByRole('row', { name: 'Cleaning Services 9 coins' }).waitFor();
    await page.getByText(`within ${REFUND_AFTER_DAYS} days`, { exact: false }).waitFor();
    await page.getByText(`at most ${cap} businesses`, { exact: false }).waitFor();
    await page.getByText(`up to ${MAX_WEEKLY_COIN_CAP.toLocaleString('en-US')} coins`, { exact: false }).waitFor();
    await page.getByText(`${MAX_PAUSE_DAYS} days ahead`, { exact: false }).waitFor();
    await page
      .getByText(`up to ${MAX_SERVICE_RADIUS_MILES} miles from its ZIP code, or up to ${MAX_SERVICE_ZIPS} ZIP codes`)
      .waitFor();
    await page.getByText(`within ${LEAD_REPORT_WINDOW_DAYS} days of paying`, { exact: false }).waitFor();
    await expectAccessible(page, 'how coins and ranking work');
    await screenshot(page, 'how-it-works-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'how coins and ranking work on a phone');
    await screenshot(page, 'how-it-works-375');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a vendor reports bad leads: a duplicate comes back at once, another waits for an admin and shows the decision', async () => {
    const db = journey.server.db;
    const vendor = await createUser(db, { firstName: 'Rex', isVerified: true });
    await giveCoins(db, vendor.id, 20);
    const company = await createCompany(db, { name: 'Reportwell Plumbing', ownerId: vendor.id });
    const customer = await createUser(db, { firstName: 'Dot', lastName: 'Fay' });
    const earlier = await createQuote(db, { userId: customer.id, companyIds: [company.id], replyCoinCost: COST, zip: '78701' });
    const duplicate = await createQuote(db, { userId: customer.id, companyIds: [company.id], replyCoinCost: COST, zip: '78701' });
    await db.execute(sql`UPDATE quotes SET submitted_at = now() - interval '3 days' WHERE id = ${earlier.id}`);
    await db.execute(sql`UPDATE quotes SET submitted_at = now() WHERE id = ${duplicate.id}`);

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, vendor);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const reply = async (quoteId: number) => {
      await page.goto(`/vendorquotes/${quoteId}?company=${company.id}`);
      const box = conversation.getByRole('textbox', { name: 'Message' });
      await box.fill('Happy to help.');
      await box.press('Enter');
      await page.getByText('Message sent - Coins deducted').waitFor();
    };
    await reply(earlier.id);
    await reply(duplicate.id);
    await page
      .getByRole('banner')
      .getByRole('link', { name: `${20 - 2 * COST} coins` })
      .waitFor();

    // The duplicate: credited at once.
    await conversation.getByRole('button', { name: 'Report a bad lead' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Report a bad lead' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose why this lead was bad' }).waitFor();
    await expectAccessible(page, 'report a bad lead');
    await dialog.getByRole('radio', { name: 'Duplicate of another request' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, 'Coins back', `${COST} coins are back in your balance.`);
    await conversation
      .getByText(`You reported this lead (Duplicate of another request): ${COST} coins came back automatically.`, {
        exact: false,
      })
      .waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: `${20 - COST} coins` })
      .waitFor();
    // A credited lead is over: its conversation closes, and says why.
    await conversation.getByText("This lead's coins came back after your report, so the conversation is closed.").waitFor();
    await expect.poll(() => conversation.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'a credited lead, its conversation closed');
    await screenshot(page, 'lead-report-credited-closed-1280');

    // The earlier one as unreachable: it waits for an admin, who refuses it with a reason.
    await page.goto(`/vendorquotes/${earlier.id}?company=${company.id}`);
    await conversation.getByRole('button', { name: 'Report a bad lead' }).click();
    await dialog.getByText('Your reports so far: 1 credited, 0 refused, 0 waiting.').waitFor();
    await dialog.getByRole('radio', { name: 'Contact unreachable' }).check();
    await dialog.getByLabel('Note for the reviewer (optional)').fill('The phone number does not ring.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, 'Report sent');
    await conversation.getByText('You reported this lead (Contact unreachable). An administrator will review it.').waitFor();
    // An admin decides it in the queue: the reason is required, then refused.
    const admin = await createUser(db, { isAdmin: true, isVerified: true, firstName: 'Ada' });
    const adminView = await openPage(journey.browser, journey.server.baseUrl);
    const adminPage = adminView.page;
    await signInThroughApi(adminPage, admin, '/admin/lead-reports');
    await adminPage.getByRole('heading', { level: 1, name: 'Lead Reports' }).waitFor();
    await adminPage.getByText('The phone number does not ring.').waitFor();
    await adminPage.getByText('1 credited, 0 refused, 1 waiting').waitFor();
    await adminPage.getByText('Messages (1)').click();
    await adminPage.getByText('Happy to help.').waitFor();
    await expectAccessible(adminPage, 'lead report queue');
    await screenshot(adminPage, 'admin-lead-reports-1280');
    await adminPage.getByRole('button', { name: 'Refuse' }).click();
    await adminPage.getByRole('alert').filter({ hasText: 'Give the reason for the decision' }).waitFor();
    await adminPage.getByLabel('Reason for the decision').fill('The customer answered our call.');
    await adminPage.getByRole('button', { name: 'Refuse' }).click();
    await expectToast(adminPage, 'Report refused');
    await adminPage.getByText('No reports here.').waitFor();
    await adminPage.getByLabel('Show').selectOption('refused');
    await adminPage.getByText('Refused on', { exact: false }).waitFor();
    expect(adminView.consoleErrors).toEqual([]);
    await adminView.context.close();
    await page.reload();
    await conversation
      .getByText('You reported this lead (Contact unreachable): not credited. The customer answered our call.')
      .waitFor();
    await screenshot(page, 'lead-report-refused-1280');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an admin pauses a company from the companies list, and the change is audited', async () => {
    const db = journey.server.db;
    const owner = await createUser(db, { firstName: 'Oli', isVerified: true });
    const company = await createCompany(db, { name: 'Adminpause Plumbing', ownerId: owner.id });
    const admin = await createUser(db, { isAdmin: true, isVerified: true, firstName: 'Ada' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin, '/admin/companies?search=Adminpause');
    await page.getByRole('button', { name: 'Leads of Adminpause Plumbing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lead preferences — Adminpause Plumbing' });
    await dialog.getByRole('switch', { name: 'Not taking new requests' }).click();
    await dialog.getByLabel('Weekly coin cap').fill('30');
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    // The toast shows beside the open dialog (which keeps the page behind it inert).
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Lead preferences saved' }).waitFor();
    await expectAccessible(page, 'admin lead preferences dialog');
    const { rows } = await db.execute<{ paused: boolean; weekly_coin_cap: number; actor: number }>(sql`
      SELECT p.paused, p.weekly_coin_cap,
             (SELECT actor_user_id FROM audit_log WHERE action = 'company.lead_preferences' AND entity_id = ${String(company.id)}
               ORDER BY id DESC LIMIT 1) AS actor
        FROM company_lead_preferences p WHERE p.company_id = ${company.id}`);
    expect(rows[0]).toEqual({ paused: true, weekly_coin_cap: 30, actor: admin.id });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
