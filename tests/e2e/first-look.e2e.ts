/**
 * The product as a first-time customer, pro and admin see it, at a phone's width and a desktop's.
 *
 * First, every screen as the person it is for: each is opened at 375 px, widened to 1280 px, then
 * narrowed back to 375 px (a phone turned and turned back), and at each width it must fit
 * (tests/e2e/support/layout.ts): no sideways scroll, no table wider than its box without a sign
 * that it scrolls, no heading or button text cut, the current item of a menu in sight, no doubled
 * punctuation after a name that ends in a full stop. One list of every problem on every screen is
 * the failure, so a change that breaks several says so at once.
 *
 * Then what a person notices in the first minute on the newer screens: the quote page opens at
 * the top with the offers to compare in the first screenful, a hire worded for a name that ends in
 * a full stop and what the customer can still do after it, opening hours that say when they are
 * not published, the credential form's Cancel, the admin menu that names where you are, one word
 * for a pro's offer, a profile that shows each person what applies to them, and the company page's
 * badge, map and width.
 *
 * The data makes the screens full: a customer with a request two companies answered with offers
 * (one of them named "Pete's Pipes & Plumbing Co.", a name that ends in a full stop), a draft and
 * a request decided by a hire; an owner with two companies, coins, a credential and a bad-lead
 * report; a review, a report of it, a claim for an unowned listing, and the admin's queues.
 *
 * Screenshots of each width are written when LP_SCREENSHOTS is set (they cost CPU the gate can
 * spend on tests): LP_SCREENSHOTS=1 npm run test:e2e -- tests/e2e/first-look.e2e.ts
 */
import { eq } from 'drizzle-orm';
import { categories } from '@/server/db/schema';
import { APP_PATHS } from '@/shared/app-routes';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, multipartCaller } from '@/server/test/harness';
import { filePart, pngBytes } from '@/server/test/image-fixtures';
import { openPage, screenshot, VIEWPORTS } from './support/browser';
import { setupJourney } from './support/journey';
import { afterLayout, layoutProblems } from './support/layout';
import { signInThroughApi } from './support/sign-in';

const journey = setupJourney();
const COST = 5;
export const NAME_WITH_STOP = "Pete's Pipes & Plumbing Co.";

/** The requests each page has in flight (sockets aside), for `settle` after a navigation in the app. */
const inFlight = new WeakMap<Page, Set<Request>>();
function trackRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (!pending) {
    const requests = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'websocket') requests.add(request);
    });
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    inFlight.set(page, requests);
    pending = requests;
  }
  return pending;
}

/** Waits until the screen has its data: no request in flight for a moment, no skeleton, nothing busy. */
async function settle(page: Page) {
  const pending = trackRequests(page);
  let quietSince = 0;
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = 0;
        else quietSince ||= Date.now();
        return quietSince > 0 && Date.now() - quietSince >= 250;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
  await expect
    .poll(() => page.locator('[aria-busy="true"]:visible, [data-slot="skeleton"]:visible').count(), { timeout: 20_000 })
    .toBe(0);
  await afterLayout(page);
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/**
 * Opens `path` at 375 px, then 1280 px, then 375 px again, and adds what does not fit at each to
 * `problems`.
 */
async function visit(page: Page, who: string, path: string, problems: string[]) {
  await page.setViewportSize(VIEWPORTS.mobile);
  trackRequests(page);
  // The person's first screen is a page load; the next ones are opened inside the app, as a person
  // moves between them (the router follows the address), which spares a load of every script.
  if (page.url().startsWith(journey.server.baseUrl)) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  } else {
    await page.goto(path);
  }
  await settle(page);
  const widths: [string, { width: number; height: number }][] = [
    ['375', VIEWPORTS.mobile],
    ['1280', VIEWPORTS.desktop],
    ['375 after 1280', VIEWPORTS.mobile],
  ];
  for (const [label, viewport] of widths) {
    await page.setViewportSize(viewport);
    await afterLayout(page);
    for (const problem of await layoutProblems(page)) problems.push(`${path} at ${label}: ${problem}`);
    if (process.env.LP_SCREENSHOTS) await screenshot(page, `first-look-${who}-${slug(path)}-${label.replace(/ /g, '-')}`);
  }
}

async function seed() {
  const { app, db } = journey.server;
  const call = apiCaller(app);
  const send = multipartCaller(app);
  const expectOk = (response: { statusCode: number; body: string }, what: string) =>
    expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
  const admin = await createUser(db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true, isVerified: true });
  const pete = await createUser(db, { firstName: 'Pete', lastName: 'Piper', isVerified: true });
  const dana = await createUser(db, { firstName: 'Dana', lastName: 'Drain', isVerified: true });
  const carla = await createUser(db, { firstName: 'Carla', lastName: 'Cruz', isVerified: true, phoneNumber: '(512) 555-0142' });
  await giveCoins(db, pete.id, 120);
  await giveCoins(db, dana.id, 40);
  const pipes = await createCompany(db, {
    name: NAME_WITH_STOP,
    ownerId: pete.id,
    description: 'Leaks, drains, water heaters and repiping across Austin, seven days a week.',
  });
  const drainDoctors = await createCompany(db, {
    name: "Pete's Drain Doctors of Greater Austin and Round Rock",
    ownerId: pete.id,
  });
  const danas = await createCompany(db, { name: "Dana's Drains", ownerId: dana.id });
  const unowned = await createCompany(db, { name: 'Unclaimed Plumbing of Austin', email: 'unclaimed@example.com' });

  const [peteCookie, danaCookie, carlaCookie, adminCookie] = await Promise.all(
    [pete, dana, carla, admin].map((user) => loginAs(app, user)),
  );
  // The price of a reply, set as an admin does (it is in the audit log).
  const [plumbing] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'plumbing-services'));
  expectOk(await call('PUT', `/api/admin/categories/${plumbing.id}/coin-cost`, adminCookie, { cost: COST }), 'coin cost');

  // A request both companies answered with an offer, still open.
  const open = await createQuote(db, { userId: carla.id, companyIds: [pipes.id, danas.id, drainDoctors.id] });
  expectOk(
    await call('POST', `/api/quotes/${open.id}/companies/${pipes.id}/offers`, peteCookie, {
      currency: 'USD',
      kind: 'fixed',
      amount: 250,
      includes: 'Parts and labour, and clearing up after',
      validDays: 14,
      message: 'We can come on Tuesday morning.',
      coinCost: COST,
    }),
    'offer',
  );
  expectOk(
    await call('POST', `/api/quotes/${open.id}/companies/${danas.id}/offers`, danaCookie, {
      currency: 'USD',
      kind: 'range',
      low: 180,
      high: 320,
      includes: 'Camera inspection of the drain',
      validDays: 7,
      coinCost: COST,
    }),
    'offer',
  );
  // A draft, and a request decided by a hire.
  const draft = await createQuote(db, { userId: carla.id, companyIds: [pipes.id, unowned.id], status: 'draft' });
  const hired = await createQuote(db, { userId: carla.id, companyIds: [pipes.id, danas.id] });
  expectOk(
    await call('POST', `/api/quotes/${hired.id}/companies/${pipes.id}/messages`, peteCookie, {
      message: 'Happy to help with this.',
      coinCost: COST,
    }),
    'reply',
  );
  expectOk(
    await call('POST', `/api/quotes/${hired.id}/hire`, carlaCookie, {
      companyId: pipes.id,
      offerId: null,
      shareEmail: true,
      sharePhone: false,
    }),
    'hire',
  );
  // A request sent to a listing nobody owns makes a claim.
  const toUnowned = await createQuote(db, { userId: carla.id, companyIds: [unowned.id], status: 'draft' });
  expectOk(
    await call('POST', `/api/quotes/${toUnowned.id}/submit`, carlaCookie, {
      quoteName: toUnowned.quoteName,
      description: toUnowned.description,
    }),
    'submit',
  );

  // A review, and a report of it; a bad-lead report; a credential waiting for a check.
  const review = await call('POST', `/api/companies/${pipes.id}/ratings`, carlaCookie, {
    rating: 4,
    comment: 'Quick and tidy work.',
  });
  expectOk(review, 'review');
  expectOk(
    await call('POST', '/api/reports', danaCookie, { itemType: 'review', itemId: review.json().id, reason: 'fake_or_spam' }),
    'report',
  );
  expectOk(
    await call('POST', `/api/quotes/${open.id}/companies/${pipes.id}/report`, peteCookie, { reason: 'unreachable' }),
    'lead report',
  );
  expectOk(
    await send(
      'POST',
      `/api/companies/${pipes.id}/credentials`,
      peteCookie,
      {
        kind: 'licence',
        number: 'TX-PL-12345',
        issuer: 'Texas State Board of Plumbing Examiners',
        expiresOn: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
      },
      filePart(await pngBytes(300, 200), 'licence.png', 'image/png', 'document'),
    ),
    'credential',
  );

  return { admin, pete, carla, pipes, drainDoctors, danas, open, draft, hired, peteCookie, carlaCookie };
}

let data: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  data = await seed();
});

describe('every screen at a phone’s width and a desktop’s', () => {
  it('fits, as the person each screen is for, at 375, 1280 and 375 px again', { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    const c = data.pipes.id;

    const visitor = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    for (const path of [
      '/',
      '/search?q=plumbing',
      '/search?q=plumbing&zip=78701',
      '/categories/plumbing-services',
      `/companies/${c}`,
      '/about',
      '/terms',
      '/privacy',
      '/safety',
      '/how-it-works',
      '/reset-password?token=not-a-token',
      '/verify-email?token=not-a-token',
      '/quotes?cid=not-a-claim',
      '/no-such-page',
    ]) {
      await visit(visitor.page, 'visitor', path, problems);
    }

    const customer = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(customer.page, data.carla);
    for (const path of [
      '/myquotes',
      `/quotes/${data.open.id}/edit`,
      `/quotes/${data.draft.id}/edit`,
      `/quotes/${data.hired.id}/edit`,
      '/profile',
      '/profile?tab=companies',
      '/profile?tab=reports',
      '/vendorquotes',
      `/companies/${c}`,
    ]) {
      await visit(customer.page, 'customer', path, problems);
    }

    const owner = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(owner.page, data.pete);
    for (const path of [
      '/profile',
      '/profile?tab=companies',
      '/profile?tab=coins',
      `/profile?tab=leads&company=${c}`,
      `/profile?tab=credentials&company=${c}`,
      `/profile?tab=insight&company=${c}`,
      `/profile?tab=photos&company=${c}`,
      '/vendorquotes',
      `/vendorquotes/${data.open.id}?company=${c}`,
      `/vendorquotes/${data.hired.id}?company=${c}`,
    ]) {
      await visit(owner.page, 'owner', path, problems);
    }

    const operator = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    await signInThroughApi(operator.page, data.admin);
    // Every admin screen the app declares, and the two operator test pages.
    for (const path of APP_PATHS.filter((p) => p.startsWith('/admin') || p.endsWith('-test'))) {
      await visit(operator.page, 'admin', path, problems);
    }

    expect(problems).toEqual([]);
    for (const person of [visitor, customer, owner, operator]) {
      expect(person.consoleErrors).toEqual([]);
      await person.context.close();
    }
  });
});

/** The customer's quote page at a width, signed in, once settled. */
async function customerPage(viewport: { width: number; height: number }) {
  const opened = await openPage(journey.browser, journey.server.baseUrl, viewport);
  await signInThroughApi(opened.page, data.carla);
  return opened;
}

describe('the quote page', () => {
  it('opens at the top with the offers to compare in the first screenful, and says how fast each company answered', async () => {
    const phone = await customerPage(VIEWPORTS.mobile);
    await phone.page.goto(`/quotes/${data.open.id}/edit`);
    await settle(phone.page);
    // The thread scrolls to its newest message inside its own box, never the page.
    expect(await phone.page.evaluate(() => window.scrollY)).toBe(0);
    const comparison = phone.page.getByRole('region', { name: 'Compare replies' });
    const heading = await comparison.getByRole('heading', { name: 'Compare replies' }).boundingBox();
    const firstHire = await comparison
      .getByRole('button', { name: /^Hire / })
      .first()
      .boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(firstHire!.y + firstHire!.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    // Each company's own reply time for this request, not "Not known yet".
    const pipesCard = comparison.getByRole('article', { name: NAME_WITH_STOP });
    await pipesCard.getByText(/^Replied to you in /).waitFor();
    expect(await comparison.getByText('Not known yet').count()).toBe(0);

    await phone.page.setViewportSize(VIEWPORTS.desktop);
    await phone.page.reload();
    await settle(phone.page);
    expect(await phone.page.evaluate(() => window.scrollY)).toBe(0);
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });

  it('hires a company whose name ends in a full stop, then says why messaging ended and what the customer can still do', async () => {
    const { app, db } = journey.server;
    const quote = await createQuote(db, { userId: data.carla.id, companyIds: [data.pipes.id, data.danas.id] });
    const reply = await apiCaller(app)('POST', `/api/quotes/${quote.id}/companies/${data.pipes.id}/messages`, data.peteCookie, {
      message: 'We can do it this week.',
      coinCost: COST,
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const phone = await customerPage(VIEWPORTS.mobile);
    const page = phone.page;
    await page.goto(`/quotes/${quote.id}/edit`);
    await settle(page);
    await page
      .getByRole('region', { name: 'Compare replies' })
      .getByRole('button', { name: `Hire ${NAME_WITH_STOP}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: `Hire ${NAME_WITH_STOP} for this job?` });
    await dialog.waitFor();
    // No "Co.?" in the title and no "Co.." at the end of a sentence.
    expect(await layoutProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Hire ${NAME_WITH_STOP}` }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The customer's own preview speaks to them, as the thread does.
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: NAME_WITH_STOP });
    await row.getByText('You hired this company for the job.').waitFor();
    expect(await row.getByText(/Carla C\./).count()).toBe(0);
    // In place of a greyed message box: why it ended, and what is left to do.
    const ended = page.getByTestId('decided-notice');
    await ended.getByText('Messaging has ended').waitFor();
    await ended
      .getByText(/You hired Pete's Pipes & Plumbing Co\. for this job, so this request takes no more messages\./)
      .waitFor();
    await ended.getByText(/review the company/).waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });
});

describe('the owner’s company tabs', () => {
  it('say when opening hours are not published, and the credential form can be cancelled', async () => {
    const opened = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    const page = opened.page;
    await signInThroughApi(page, data.pete, `/profile?tab=credentials&company=${data.drainDoctors.id}`);
    await settle(page);

    // Never saved: the suggested week is not taken for published hours.
    const hours = page.getByText('Opening hours are not set');
    await hours.waitFor();
    await page.getByText(/shows no opening hours yet\. The week below is a suggestion/).waitFor();
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await page.getByText('Published', { exact: true }).waitFor();
    expect(await hours.count()).toBe(0);
    await page.getByRole('textbox', { name: 'Monday closes at' }).fill('18:00');
    await page.getByText('Unsaved changes', { exact: true }).waitFor();

    // The first credential: the empty state gives way to the form, and Cancel brings it back.
    const empty = page.getByText('No credentials yet.', { exact: false });
    await empty.waitFor();
    await page.getByRole('button', { name: 'Add a credential' }).click();
    await page.getByRole('button', { name: 'Submit credential' }).waitFor();
    expect(await empty.count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await empty.waitFor();
    expect(await page.getByRole('button', { name: 'Submit credential' }).count()).toBe(0);
    expect(opened.consoleErrors).toEqual([]);
    await opened.context.close();
  });

  it('call a pro’s price an offer from the button to the dialog, with the count apart from the example', async () => {
    const opened = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    const page = opened.page;
    await signInThroughApi(page, data.pete, `/vendorquotes/${data.open.id}?company=${data.drainDoctors.id}`);
    await settle(page);
    expect(await page.getByRole('button', { name: 'Add a price' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Make an offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an offer' });
    await dialog.waitFor();
    const hint = dialog.locator(`[id$="includes-hint"]`);
    await hint.getByText('For example: parts, labour, travel, clean-up.').waitFor();
    await hint.getByText(/^0\/1000/).waitFor();
    expect(opened.consoleErrors).toEqual([]);
    await opened.context.close();
  });
});

describe('the admin area on a phone', () => {
  it('names the section you are in, and words its figures and decisions plainly', async () => {
    const opened = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.mobile);
    const page = opened.page;
    await signInThroughApi(page, data.admin, '/admin/analytics');
    await settle(page);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const menu = nav.getByRole('button', { name: /Admin section/ });
    await menu.getByText('Analytics', { exact: true }).waitFor();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await nav.getByRole('link', { name: 'Moderation' }).click();
    await page.waitForURL(/\/admin\/moderation$/);
    await settle(page);
    await menu.getByText('Moderation', { exact: true }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // A case waiting for a decision: its badge in Title Case like every other, and no decision
    // styled as the one to take.
    const cases = page.getByTestId('moderation-cases');
    await cases.getByText('Open', { exact: true }).waitFor();
    const background = (name: string) =>
      cases
        .getByRole('button', { name, exact: true })
        .first()
        .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await background('Hide')).toBe(await background('Keep'));

    await page.goto('/admin/analytics');
    await settle(page);
    await page.getByText('for replies the customer never read').waitFor();
    expect(opened.consoleErrors).toEqual([]);
    await opened.context.close();
  });
});

describe('the profile', () => {
  it('shows a customer what applies to a customer, with privacy in a place of its own', async () => {
    const opened = await customerPage(VIEWPORTS.mobile);
    const page = opened.page;
    await page.goto('/profile');
    await settle(page);
    await page.getByRole('heading', { name: 'Notification Preferences' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Subscription' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Manage Photos' }).count()).toBe(0);
    expect(await page.getByText(/Weekly summary/).count()).toBe(0);
    // Data export and deletion: their own tab, reached from the Profile tab too.
    expect(await page.getByRole('heading', { name: 'Download your data' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Privacy & data' }).click();
    const privacy = page.getByRole('tabpanel', { name: 'Privacy & data' });
    await privacy.getByRole('heading', { name: 'Download your data' }).waitFor();
    await privacy.getByRole('button', { name: /Delete (my )?account/ }).waitFor();
    expect(await page.getByRole('tab', { name: 'Privacy & data' }).getAttribute('aria-selected')).toBe('true');
    expect(opened.consoleErrors).toEqual([]);
    await opened.context.close();
  });

  it('shows an owner the plan with why it cannot change, the weekly summary as a switch, and their photos', async () => {
    const opened = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    const page = opened.page;
    await signInThroughApi(page, data.pete, '/profile');
    await settle(page);
    await page.getByRole('heading', { name: 'Subscription' }).waitFor();
    await page.getByText('There is no paid plan to change to.').waitFor();
    await page.getByRole('switch', { name: /Weekly summary of my companies/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Weekly summary/ }).count()).toBe(0);
    const photos = page.getByRole('tab', { name: 'Manage Photos' });
    expect(await photos.isDisabled()).toBe(false);
    await photos.click();
    await page
      .getByRole('tabpanel', { name: 'Manage Photos' })
      .getByRole('heading', { name: /^Photos of Pete's/ })
      .waitFor();
    expect(opened.consoleErrors).toEqual([]);
    await opened.context.close();
  });
});

describe('the company page', () => {
  it('explains PREMIUM, leaves out a map that cannot load, and shares the header’s width', async () => {
    const opened = await openPage(journey.browser, journey.server.baseUrl, VIEWPORTS.desktop);
    const page = opened.page;
    await page.goto(`/companies/${data.pipes.id}`);
    await settle(page);

    // The header's content and the page's content start at the same edge.
    const headerEdge = await page.getByRole('banner').locator('> div').first().boundingBox();
    const contentEdge = await page.locator('main > div').first().boundingBox();
    expect(Math.round(contentEdge!.x)).toBe(Math.round(headerEdge!.x));
    expect(Math.round(contentEdge!.width)).toBe(Math.round(headerEdge!.width));

    // This machine reaches no map host: no broken frame, the address and directions instead.
    await page.getByRole('link', { name: /Get directions/ }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-map-state]').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('link', { name: /Get directions/ }).waitFor();

    // PREMIUM leads to the rule that explains it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /PREMIUM.*how placement works/ }).click();
    await page.waitForURL(/\/how-it-works#rules-ranking$/);
    const rule = page.getByRole('heading', { name: 'How results are ordered' });
    await rule.waitFor();
    await expect.poll(async () => (await rule.boundingBox())!.y, { timeout: 10_000 }).toBeLessThan(VIEWPORTS.desktop.height);
    expect(opened.consoleErrors).toEqual([]);
    await opened.context.close();
  });
});
