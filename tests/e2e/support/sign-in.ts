/**
 * How a journey signs in when signing in is not what it checks: through the API, as the
 * conventions say ("seed through factories, sign in through the API"). Filling the header's Log In
 * dialog costs a load of the home page and a few CPU-seconds of Chromium each time; the dialog
 * keeps its own journeys (signup-verify-login, password-reset and the few that check what follows
 * a dialog login), which use `logInThroughDialog` from ./browser.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Logs `user` in with POST /api/auth/login through `page.request`, which shares the browser
 * context's cookie jar: the session cookie it gets back is sent by the page from then on. Pages
 * already open are not reloaded, so sign in before the first `goto` or navigate after. With
 * `landing`, goes there once signed in (e.g. '/profile', where the dialog used to leave the page).
 */
export async function signInThroughApi(page: Page, user: { email: string; password: string }, landing?: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(response.status(), `API login of ${user.email}`).toBe(200);
  if (landing) await page.goto(landing);
}
