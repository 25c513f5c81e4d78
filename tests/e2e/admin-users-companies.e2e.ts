/**
 * The admin dashboard, users, companies and audit log: an administrator reads the counts, creates a
 * user (a short password first), edits them, grants and revokes admin behind a confirm (never on
 * their own row), sends a password reset; finds a company through the debounced search, deactivates
 * and reactivates it, renames it in the business dialog and opens its photos; then reads all of it
 * back in the audit log. A signed-in non-admin gets "Unauthorized Access".
 */
import { and, count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditLog, companies, notificationOutbox, users } from '@/server/db/schema';
import { createCompany, createUser } from '@/server/test/factories';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first();

/** A toast fading out is half transparent, which axe reads as low contrast: check once they are gone. */
const toastsGone = (page: Page) => expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 30_000 }).toBe(0);

/** On a phone the page itself never scrolls sideways: wide tables scroll inside their own region. */
async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
}

async function userRow(email: string) {
  const [row] = await journey.server.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('the admin area in the browser', () => {
  it('an admin manages users and companies and reads the changes in the audit log', async () => {
    const db = journey.server.db;
    const admin = await createUser(db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
    const owner = await createUser(db, { firstName: 'Olga', lastName: 'Owner', isVerified: true });
    const company = await createCompany(db, {
      name: 'Zephyr Plumbing Co',
      ownerId: owner.id,
      website: 'https://zephyr.example.com',
    });
    // Enough companies for a second page of 10.
    for (let i = 0; i < 11; i += 1) await createCompany(db, { ownerId: owner.id });

    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, admin);

    // ── dashboard ──
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const [{ value: usersCount }] = await db.select({ value: count() }).from(users);
    const [{ value: companiesCount }] = await db.select({ value: count() }).from(companies);
    await expect.poll(() => page.getByTestId('admin-count-usersCount').textContent()).toBe(String(usersCount));
    await expect.poll(() => page.getByTestId('admin-count-companiesCount').textContent()).toBe(String(companiesCount));
    for (const key of ['ratingsCount', 'quotesCount', 'claimsCount', 'categoriesCount', 'subcategoriesCount']) {
      await expect.poll(() => page.getByTestId(`admin-count-${key}`).textContent()).toMatch(/^\d[\d,]*$/);
    }
    await page.getByRole('link', { name: /Analytics.*Sign-ups/ }).waitFor();
    await page.getByRole('link', { name: /Audit Log.*Every change/ }).waitFor();
    await expectAccessible(page, 'admin dashboard');
    await screenshot(page, 'admin-dashboard-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectFitsPhone(page);
    await screenshot(page, 'admin-dashboard-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // ── users ──
    await page.getByRole('link', { name: /^Users \d/ }).click();
    await page.waitForURL(/\/admin\/users$/);
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    await page.getByText(`${usersCount} users`).waitFor();
    const table = page.getByRole('region', { name: 'Users table' });
    await table.getByRole('columnheader', { name: 'Created' }).waitFor();
    // One's own row: Grant/Revoke is disabled.
    expect(await table.getByRole('button', { name: 'Revoke admin from Ada Admin' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Create New User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New User' });
    await create.getByLabel('First name').fill('Nina');
    await create.getByLabel('Last name').fill('Newman');
    const newEmail = `nina.${Date.now()}@example.com`;
    await create.getByLabel('Email').fill(newEmail);
    await create.getByLabel('Password').fill('short');
    await create.getByRole('button', { name: 'Create User' }).click();
    await create.getByText('Password too short').waitFor();
    await create.getByText('Password must be at least 8 characters long.').waitFor();
    expect(await create.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'create user dialog with an error');
    await screenshot(page, 'admin-users-create-error-1280');
    await create.getByLabel('Password').fill('a-long-enough-pass');
    await create.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully').waitFor();
    await create.waitFor({ state: 'hidden' });
    await table.getByRole('rowheader', { name: 'Nina Newman' }).waitFor();
    const created = await userRow(newEmail);
    expect(created).toMatchObject({ firstName: 'Nina', lastName: 'Newman', isAdmin: false });

    // Edit: an empty field first, then a new last name.
    await table.getByRole('button', { name: 'Edit Nina Newman' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Last name').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('All fields required').waitFor();
    await edit.getByText('Please fill in all fields to update the user.').waitFor();
    await edit.getByLabel('Last name').fill('Newton');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User updated successfully').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await table.getByRole('rowheader', { name: 'Nina Newton' }).waitFor();
    expect((await userRow(newEmail))?.lastName).toBe('Newton');

    // Grant, then revoke, each behind a confirm.
    await table.getByRole('button', { name: 'Grant admin to Nina Newton' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Grant admin privileges?' });
    await confirm.waitFor();
    await expectAccessible(page, 'grant admin confirm');
    await confirm.getByRole('button', { name: 'Grant Admin' }).click();
    await toast(page, 'Admin status updated').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await userRow(newEmail))?.isAdmin).toBe(true);
    await table.getByRole('button', { name: 'Revoke admin from Nina Newton' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Revoke admin privileges?' });
    await confirm.getByRole('button', { name: 'Revoke Admin' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await table.getByRole('button', { name: 'Grant admin to Nina Newton' }).waitFor();
    expect((await userRow(newEmail))?.isAdmin).toBe(false);

    // Reset Password: a confirm, then the reset mail waits in the outbox.
    await table.getByRole('button', { name: 'Reset password for Nina Newton' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Send password reset email?' });
    await confirm.getByText(newEmail, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Send Reset Email' }).click();
    await toast(page, 'Password reset email sent').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(notificationOutbox)
              .where(and(eq(notificationOutbox.recipient, newEmail), eq(notificationOutbox.kind, 'reset_password')))
          ).length,
      )
      .toBe(1);

    await toastsGone(page);
    await expectAccessible(page, 'admin users');
    await screenshot(page, 'admin-users-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectAccessible(page, 'admin users on a phone');
    await expectFitsPhone(page);
    await screenshot(page, 'admin-users-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // ── companies ──
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('heading', { level: 1, name: 'Manage Companies' }).waitFor();
    await page.getByText(`${companiesCount} companies`).waitFor();
    const pages = page.getByRole('navigation', { name: 'Companies pages' });
    await pages.getByText(`Page 1 of ${Math.ceil(companiesCount / 10)}`).waitFor();
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText(`Page 2 of ${Math.ceil(companiesCount / 10)}`).waitFor();
    // Both buttons stay disabled until page 2's rows arrive; the page number changes first.
    await expect.poll(() => pages.getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);
    await expectAccessible(page, 'admin companies page 2');

    // The search waits for a pause in typing: one request for the whole word, back on page 1.
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/companies' && url.searchParams.has('search'))
        searched.push(url.searchParams.get('search')!);
    });
    // Typed key by key. A key that reaches the page 300 ms or more after the one before is a pause
    // the box rightly searches at; on a busy machine the test itself can be that slow, so the
    // pauses are measured and only a word typed without one must make exactly one request.
    const searchBox = page.getByLabel('Search companies');
    let longestGap = 0;
    let last = Date.now();
    for (const key of 'Zephyr') {
      await searchBox.press(key);
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }
    // 'Ze' already finds the one company: the table alone cannot tell the word's own search has run.
    await expect.poll(() => searched.at(-1)).toBe('Zephyr');
    const companyTable = page.getByRole('region', { name: 'Companies table' });
    await companyTable.getByRole('rowheader', { name: /Zephyr Plumbing Co/ }).waitFor();
    await page.getByText('1 company', { exact: true }).waitFor();
    if (longestGap < 200) expect(searched).toEqual(['Zephyr']);
    else expect(searched.every((term) => 'Zephyr'.startsWith(term)) && searched.at(-1) === 'Zephyr', searched.join()).toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await pages.count()).toBe(0);
    const row = companyTable.getByRole('row', { name: /Zephyr Plumbing Co/ });
    await row.getByText(`ID: ${company.id}`).waitFor();
    await row.getByText('No ratings').waitFor();
    await row.getByText('Austin, TX').waitFor();
    await row.getByRole('link', { name: /zephyr\.example\.com/ }).waitFor();
    await screenshot(page, 'admin-companies-search-1280');

    await row.getByRole('button', { name: 'Deactivate Zephyr Plumbing Co' }).click();
    await toast(page, 'Company deactivated successfully').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    const [afterOff] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(afterOff?.isActive).toBe(false);
    await row.getByRole('button', { name: 'Activate Zephyr Plumbing Co' }).click();
    await toast(page, 'Company activated successfully').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    const [afterOn] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(afterOn?.isActive).toBe(true);

    // Edit opens the app's business dialog for this company.
    await row.getByRole('button', { name: 'Edit Zephyr Plumbing Co' }).click();
    const business = page.getByRole('dialog', { name: 'Edit Business' });
    await expect.poll(() => business.getByLabel('Business name').inputValue()).toBe('Zephyr Plumbing Co');
    await business.getByLabel('Business name').fill('Zephyr Plumbing & Drains');
    await business.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Business updated').waitFor();
    await business.waitFor({ state: 'hidden' });
    await companyTable.getByRole('rowheader', { name: /Zephyr Plumbing & Drains/ }).waitFor();
    const [renamed] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(renamed?.name).toBe('Zephyr Plumbing & Drains');
    // The owner keeps the company.
    expect(renamed?.ownerId).toBe(owner.id);

    // Photos opens the photo manager (10 at most).
    await companyTable.getByRole('button', { name: 'Photos of Zephyr Plumbing & Drains' }).click();
    const photos = page.getByRole('dialog', { name: /Manage Photos/ });
    await photos.getByText('0 of 10 photos').waitFor();
    await expectAccessible(page, 'admin company photos dialog');
    await screenshot(page, 'admin-companies-photos-1280');
    await page.keyboard.press('Escape');
    await photos.waitFor({ state: 'hidden' });

    await toastsGone(page);
    await expectAccessible(page, 'admin companies');
    await screenshot(page, 'admin-companies-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectAccessible(page, 'admin companies on a phone');
    await expectFitsPhone(page);
    await screenshot(page, 'admin-companies-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // ── audit log ──
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const log = page.getByRole('region', { name: 'Audit log table' });
    await log.getByText('user.create', { exact: true }).waitFor();
    await log.getByText('user.grant_admin', { exact: true }).waitFor();
    await log.getByText('user.revoke_admin', { exact: true }).waitFor();
    await log.getByText('company.deactivate', { exact: true }).waitFor();
    await log.getByText('company.activate', { exact: true }).waitFor();
    // Newest first: the activation comes before the deactivation.
    const actions = await log.locator('tbody tr td:nth-child(3) .font-mono').allTextContents();
    expect(actions.indexOf('company.activate')).toBeLessThan(actions.indexOf('company.deactivate'));
    await log.getByText('Ada Admin').first().waitFor();
    await log.getByText(`User #${created.id}`).first().waitFor();

    const revoke = log.getByRole('row', { name: /user\.revoke_admin/ });
    await revoke.getByText('Show changes').click();
    await revoke.getByText('is admin').waitFor();
    await revoke.getByText('true', { exact: true }).waitFor();
    await revoke.getByText('false', { exact: true }).waitFor();
    await log.getByText('user.update', { exact: true }).waitFor();
    const rename = log.getByRole('row', { name: /company\.update/ });
    await rename.getByText('Show changes').click();
    await rename.getByText('Zephyr Plumbing Co', { exact: true }).waitFor();
    await rename.getByText('Zephyr Plumbing & Drains', { exact: true }).waitFor();
    await expectAccessible(page, 'audit log with changes open');
    await screenshot(page, 'admin-audit-log-1280');

    await page.getByLabel('Record type').selectOption('company');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('company');
    await expect.poll(() => log.getByText('user.create', { exact: true }).count()).toBe(0);
    await log.getByText('company.activate', { exact: true }).waitFor();
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectFitsPhone(page);
    await screenshot(page, 'admin-audit-log-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // A type with no entries shows the empty state.
    await page.getByLabel('Record type').selectOption('claim');
    await page.getByText('No admin changes yet.').waitFor();
    const [{ value: auditCount }] = await db.select({ value: count() }).from(auditLog).where(eq(auditLog.entityType, 'claim'));
    expect(auditCount).toBe(0);

    // Load failures are put in words, not left as a blank screen.
    await page.route('**/api/users', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal error"}' })
        : route.continue(),
    );
    await page.route('**/api/admin/companies?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal error"}' }),
    );
    await page.goto('/admin/users');
    await page.getByText('Failed to load users. Please try again.').waitFor();
    await page.goto('/admin/companies');
    await page.getByText('Failed to fetch companies').waitFor();
    await expectAccessible(page, 'admin companies, load failure');
    await page.unrouteAll();

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a signed-in non-admin sees "Unauthorized Access"', async () => {
    const user = await createUser(journey.server.db, { firstName: 'Nora', isVerified: true });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await signInThroughApi(page, user, '/admin/users');
    await page.getByRole('heading', { name: 'Unauthorized Access' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectAccessible(page, 'admin users as a non-admin');
    await page.waitForURL(`${journey.server.baseUrl}/`, { timeout: 20_000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
