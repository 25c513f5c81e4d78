/** Forgot → mail → reset → log in, through the page and through the dialog opened by ?token. */
import { describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/factories';
import { linkFrom } from '@/server/test/smtp-sink';
import { expectAccessible, openPage, screenshot } from './support/browser';
import { setupJourney } from './support/journey';

const journey = setupJourney();

async function requestResetThroughDialog(page: import('playwright-core').Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('dialog', { name: 'Log In to Your Account' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Your Password?' });
  await forgot.getByLabel('Email').fill('not-an-address');
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await forgot.getByText('Invalid email address').waitFor();
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await forgot.getByText('Password reset email sent. Please check your inbox.').first().waitFor();
  return forgot;
}

describe('password reset', () => {
  it('forgot → mailed link → /reset-password → log in with the new password', async () => {
    const user = await createUser(journey.server.db, { firstName: 'Rene' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/');
    const forgot = await requestResetThroughDialog(page, user.email);
    await expectAccessible(page, 'forgot dialog sent');
    await screenshot(page, 'forgot-dialog-sent-1280');
    await forgot.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByRole('dialog', { name: 'Log In to Your Account' }).waitFor();
    await page.keyboard.press('Escape');

    const [mail] = await journey.server.smtp.waitFor(user.email);
    const link = linkFrom(mail, `${journey.server.baseUrl}/reset-password?token=`);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe(''); // the token left the address
    await expectAccessible(page, 'reset-password page');
    await screenshot(page, 'reset-password-page-1280');

    await page.getByLabel('New password', { exact: true }).fill('renewed-pass-1');
    await page.getByLabel('Confirm new password').fill('renewed-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm new password').fill('renewed-pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been reset successfully. You can now log in with your new password.').first().waitFor();
    await page.waitForURL(`${journey.server.baseUrl}/`, { timeout: 20_000 });

    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Log In to Your Account' });
    await login.getByLabel('Email').fill(user.email);
    await login.getByLabel('Password').fill('renewed-pass-1');
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Welcome back!').waitFor();

    // The used link is dead now.
    await page.goto(link);
    await page.getByText('Invalid or expired reset token. Please request a new password reset.').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens the reset dialog from ?token on any page, then the login dialog 3 s after success', async () => {
    const user = await createUser(journey.server.db, { firstName: 'Mo' });
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/about');
    await requestResetThroughDialog(page, user.email);
    const [mail] = await journey.server.smtp.waitFor(user.email);
    const token = new URL(linkFrom(mail, `${journey.server.baseUrl}/reset-password`)).searchParams.get('token')!;

    await page.goto(`/about?token=${encodeURIComponent(token)}`);
    const reset = page.getByRole('dialog', { name: 'Reset Your Password' });
    await reset.waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await reset.getByLabel('New password', { exact: true }).fill('dialog-pass-1');
    await reset.getByLabel('Confirm new password').fill('dialog-pass-1');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('Password has been reset successfully. You can now log in with your new password.').waitFor();
    await page.getByRole('dialog', { name: 'Log In to Your Account' }).waitFor({ timeout: 20_000 });

    // A bad token only raises a warning toast.
    await page.goto('/about?token=not-a-real-token');
    await page.getByText('Invalid reset token').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
