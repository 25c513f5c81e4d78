/** A new user signs up, opens the verification mail, verifies, logs out and logs back in. */
import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '@/server/test/factories';
import { linkFrom } from '@/server/test/smtp-sink';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';

const journey = setupJourney();

describe('sign up → verify → log out → log in', () => {
  it('works end to end in the browser', async () => {
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    const email = uniqueEmail('journey');
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an Account' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    // Submitting the empty form shows each field's message.
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByText('Last name is required').waitFor();
    await dialog.getByText('Invalid email address').waitFor();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await dialog.getByText('You must accept the terms and conditions').waitFor();
    await expectAccessible(page, 'sign-up dialog with errors');
    await screenshot(page, 'signup-dialog-errors-1280');

    await dialog.getByLabel('First name').fill('Jamie');
    await dialog.getByLabel('Last name').fill('Ortiz');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByText('This email is available.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('journey-pass-1');
    await dialog.getByLabel('Confirm password').fill('journey-pass-2');
    await dialog.getByRole('checkbox').click();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText("Passwords don't match").waitFor();
    await dialog.getByLabel('Confirm password').fill('journey-pass-1');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByText('Account created').waitFor();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText('Unverified').waitFor();
    await expectAccessible(page, 'profile');
    await screenshot(page, 'profile-1280');

    // The mail went through real SMTP; its link verifies the address.
    const [mail] = await journey.server.smtp.waitFor(email);
    await page.goto(linkFrom(mail, `${journey.server.baseUrl}/verify-email?token=`));
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await expectAccessible(page, 'verify-email success');
    await screenshot(page, 'verify-email-success-1280');
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();

    // Log out from the profile, then back in through the header.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByText('You have been successfully logged out.').waitFor();
    await page.getByRole('heading', { name: 'Access Required' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await login.getByLabel('Password').fill('journey-pass-1');
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('button', { name: /Jamie.*My Account/ }).waitFor();

    // The login dialog remembers recent addresses.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Access Required' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('dialog', { name: 'Log In to Your Account' }).getByLabel('Email').focus();
    await page.getByRole('option', { name: email }).waitFor();

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the account menu with its items, and Admin Dashboard only to admins', async () => {
    const admin = await createUser(journey.server.db, { firstName: 'Ada', isAdmin: true, isVerified: true });
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(admin.email);
    await login.getByLabel('Password').fill(admin.password);
    await login.getByLabel('Remember me').click();
    await login.getByRole('button', { name: 'Log In' }).click();
    // From the home page a login leads to the profile.
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: /Ada.*My Account/ }).click();
    for (const item of ['Profile', 'My Quotes', 'Vendor Quotes', 'About Us', 'Add Business', 'Admin Dashboard', 'Logout']) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    await expectAccessible(page, 'account menu (mobile)');
    await screenshot(page, 'account-menu-375');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sid')!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    await context.close();
  });
});
