/** Every static screen at both sizes: its content, axe, a quiet console and a screenshot. */
import { describe, expect, it } from 'vitest';
import { expectAccessible, openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';

const journey = setupJourney();

const PAGES: {
  path: string;
  name: string;
  heading: string | RegExp;
  check?: (page: import('playwright-core').Page) => Promise<void>;
}[] = [
  { path: '/', name: 'home', heading: 'Find the right pro for your project' },
  { path: '/about', name: 'about', heading: /About/ },
  {
    path: '/terms',
    name: 'terms',
    heading: 'Terms of Service',
    check: async (page) => {
      expect(await page.locator('main section h2').count()).toBe(9);
      await page.getByText(/STOP/).first().waitFor();
      await page.getByText(/18/).first().waitFor();
    },
  },
  {
    path: '/privacy',
    name: 'privacy',
    heading: 'Privacy Policy',
    check: async (page) => {
      expect(await page.locator('main section h2').count()).toBe(10);
      await page.getByRole('button', { name: 'Go Back' }).waitFor();
      const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
      await page.getByText(today).waitFor();
    },
  },
  {
    path: '/safety',
    name: 'safety',
    heading: 'Safety Tips',
    check: async (page) => {
      expect(await page.locator('main ul').count()).toBeGreaterThanOrEqual(2);
    },
  },
  { path: '/profile', name: 'profile-signed-out', heading: 'Access Required' },
  { path: '/reset-password', name: 'reset-password-no-token', heading: 'Reset Your Password' },
  { path: '/verify-email', name: 'verify-email-no-token', heading: 'Verification failed' },
  { path: '/verify-email?token=bogus', name: 'verify-email-bad-token', heading: 'Verification failed' },
  { path: '/no/such/page', name: 'not-found', heading: 'Page Not Found' },
];

describe('static and account pages', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`render, pass axe and keep the console quiet at ${viewport.width} px`, async () => {
      const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, viewport);
      for (const entry of PAGES) {
        await page.goto(entry.path);
        await page.getByRole('heading', { level: 1, name: entry.heading }).waitFor();
        await entry.check?.(page);
        await expectAccessible(page, `${entry.path} (${size})`);
        await screenshot(page, `${entry.name}-${viewport.width}`);
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('lists categories in the header, sorted by name, and footer links scroll to the top', async () => {
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Categories', exact: true }).click();
    await page.getByRole('menu').getByText('Browse Categories').waitFor();
    const names = await page.getByRole('menuitem').allTextContents();
    expect(names).toHaveLength(14);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await page.keyboard.press('Escape');

    await page.goto('/terms');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Safety Tips' }).click();
    await page.getByRole('heading', { level: 1, name: 'Safety Tips' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 15_000 }).toBe(0);
    await page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()}`).waitFor();
    await context.close();
  });

  it('go back to where the page was left, and a link opens the next one at the top', async () => {
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/terms');
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    // The header stays on screen: following its link scrolls nothing first.
    await page.getByRole('banner').getByRole('link', { name: 'LocalPros home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find the right pro for your project' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Find the right pro for your project' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // A reload keeps the place too (the positions outlive the page in the tab's session storage).
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.reload();
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await context.close();
  });

  it("say so when a screen's code cannot be fetched, and show the next address again", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto('/');
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
    // A deploy has replaced the files this page knows of.
    let asked = 0;
    await page.route('**/assets/how-it-works-page-*.js', (route) => {
      asked += 1;
      return route.abort();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'How coins and ranking work' }).click();
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    await page.getByText('A new version of the app is available. Please reload the page.').waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    // Asked for once by the link, not again and again while the error is on screen.
    await page.waitForTimeout(1000);
    expect(asked).toBe(1);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Find the right pro for your project' }).waitFor();
    // The code is there again: the same link now shows its screen.
    await page.unroute('**/assets/how-it-works-page-*.js');
    await page.getByRole('contentinfo').getByRole('link', { name: 'How coins and ranking work' }).click();
    await page.getByRole('heading', { level: 1, name: 'How coins and ranking work' }).waitFor();
    await context.close();
  });

  it("come in the visitor's language, and the footer's switcher turns the page right to left", async () => {
    const { page, consoleErrors, context } = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await context.setExtraHTTPHeaders({ 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('heading', { name: 'Enlaces rápidos' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', '']);
    await expect.poll(() => page.locator('link[rel="alternate"][hreflang]').count()).toBe(4);

    // A screen loaded after the first one gets the whole catalogue, not only the first page's words.
    await footer.getByRole('link', { name: 'Consejos de seguridad' }).click();
    await page.getByRole('heading', { level: 1, name: 'Consejos de seguridad' }).waitFor();
    await footer.getByText('Todos los derechos reservados').waitFor();

    await footer.getByLabel('Idioma').selectOption('ar');
    await page.waitForURL('**/safety');
    await footer.getByRole('heading', { name: 'روابط سريعة' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'نصائح السلامة' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expectAccessible(page, '/safety (ar, 375)');
    await screenshot(page, 'footer-ar-375', { fullPage: true });
    // The choice outlasts the browser's own preference, and the address can still ask for another.
    await page.goto('/');
    await footer.getByText('اتصل بنا').waitFor();
    await page.goto('/?lang=en');
    await footer.getByRole('heading', { name: 'Quick Links' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
