/**
 * Debian's Chromium driven by playwright-core, with what every journey checks: a quiet console
 * (no script error on any screen), axe with no serious or critical violation, and screenshots: of
 * every open page when a test fails, and of the named moments when LP_SCREENSHOTS is set (encoding
 * a full-page PNG costs CPU the gate spends on tests instead).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
export const VIEWPORTS = { mobile: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

export interface JourneyPage {
  context: BrowserContext;
  page: Page;
  /** console.error lines and uncaught page errors seen so far. */
  consoleErrors: string[];
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<JourneyPage> {
  // Reduced motion, as some visitors ask: what a journey reads is the same, and no transition or
  // animation makes Chromium draw frames nobody looks at (or axe read a colour mid-fade).
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // Room for a page on a machine busy with three other test files; a wait ends as soon as it holds.
  page.setDefaultTimeout(20_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // The browser itself reports every 4xx fetch as "Failed to load resource"; expected refusals
    // (a wrong password, a dead link) are shown on screen, so only script errors count here.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  waitForTheAppAfterLoads(page);
  return { context, page, consoleErrors };
}

/**
 * A public page arrives painted by the server, and its buttons and checkboxes do nothing until
 * React has taken it over: a journey that clicks in that moment loses the click, more often the
 * busier the machine (a company selected on a search page and never counted). So every load a
 * journey makes (`goto`, `reload`) waits for the app's mark on #root, set on its first commit.
 * `waitUntil: 'commit'` opts out, for a test of the page before its script runs.
 */
function waitForTheAppAfterLoads(page: Page): void {
  const started = () => page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await started();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await started();
    return response;
  };
}

/** Fails on any serious or critical axe violation, listing what and where. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours mid-fade (a toast or dialog still animating) are not what anyone reads: let running
  // animations settle first (at most 2 s; looping ones are left alone).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  // axe.run in the page itself: the default mode runs each frame apart and then merges the
  // results in a new blank page with a second copy of axe, twice the CPU of a check. The frames it
  // would add are third parties' (the map, Stripe's card fields), not this app's to fix.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n   ${v.nodes.map((n) => n.target.join(' ')).join('\n   ')}`);
  expect(report, `axe on ${label}`).toEqual([]);
}

/**
 * A picture of the page at a moment worth looking at, written when LP_SCREENSHOTS is set.
 * `fullPage: false` for a dialog fixed to the viewport, which a full-page picture shows mid-page.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.LP_SCREENSHOTS) return;
  await writeScreenshot(page, name, options.fullPage ?? true);
}

/** Every open page of the browser, as it was when a test failed. */
export async function screenshotOpenPages(browser: Browser, testName: string): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const base = `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  await Promise.all(pages.map((page, n) => writeScreenshot(page, `${base}-${n + 1}`, true).catch(() => undefined)));
}

async function writeScreenshot(page: Page, name: string, fullPage: boolean): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Fills the open Create an Account dialog with a new user's details, accepts the terms and signs up. */
export async function signUpThroughDialog(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Create an Account' });
  await dialog.getByLabel('First name').fill(user.firstName);
  await dialog.getByLabel('Last name').fill(user.lastName);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('Confirm password').fill(user.password);
  await dialog.getByRole('checkbox').click();
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs in through the header's Log In dialog, as a person would. */
export async function logInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In to Your Account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Welcome back!').waitFor();
}

/** Waits for a toast with `title` (and `description`), then closes it and waits until it is gone. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await toast.waitFor();
  if (description) await toast.getByText(description).waitFor();
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect.poll(() => page.locator('[data-sonner-toast]').filter({ hasText: title }).count()).toBe(0);
}
