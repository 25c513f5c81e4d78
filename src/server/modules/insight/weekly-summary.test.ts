/**
 * The weekly summary: one mail per owner with activity and week, through the outbox, whatever
 * runs the job how often; the right figures and advice; nothing for silent or opted-out owners.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { notificationOutbox } from '@/server/db/schema';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { startTestApp, type TestApp } from '@/server/test/harness';
import { formatMinutes } from '@/server/platform/mail/weekly-summary-mail';
import { shippedWords } from '../i18n/translate-english';
import { addDays, weekBefore } from './period';
import { adviceFor, WeeklySummaryService, type WeekFigures } from './weekly-summary.service';

let t: TestApp;
// One clock for the whole file: a run that crosses Monday 00:00 UTC still means the same week.
const NOW = Date.now();
const week = weekBefore(NOW);
type Owner = Awaited<ReturnType<typeof createUser>>;
let ann: Owner;
let ben: Owner;
let cal: Owner;
let dee: Owner;
let eve: Owner;
const names: Record<string, string> = {};

/** A moment of the week: `day` days after its Monday, at `hh:mm` UTC (negative days: before it). */
const at = (day: number, hh = 10, mm = 0) =>
  `${addDays(week.from, day)}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`;

async function pageViews(companyId: number, day: string, views: number) {
  await t.db.execute(sql`INSERT INTO company_page_views (company_id, day, views) VALUES (${companyId}, ${day}, ${views})`);
}
async function appearances(companyId: number, day: string, source: 'search' | 'category', count: number) {
  await t.db.execute(sql`INSERT INTO company_appearances (company_id, day, source, appearances)
    VALUES (${companyId}, ${day}::date, ${source}, ${count})`);
}

/** A request sent at `sentAt`, replied to `replyAfter` minutes later (charging `coins`), or not. */
async function request(
  owner: Owner,
  companyId: number,
  sentAt: string,
  reply?: { after: number; coins: number },
): Promise<number> {
  const customer = await createUser(t.db);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds: [companyId] });
  await t.db.execute(sql`UPDATE quotes SET submitted_at = ${sentAt}::timestamptz WHERE id = ${quote.id}`);
  if (reply) {
    const repliedAt = sql`${sentAt}::timestamptz + make_interval(mins => ${reply.after})`;
    await t.db.execute(sql`INSERT INTO messages (quote_id, company_id, sender_id, sender_type, message, created_at)
      VALUES (${quote.id}, ${companyId}, ${owner.id}, 'company', 'We can help', ${repliedAt})`);
    await t.db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
      VALUES (${owner.id}, ${-reply.coins}, 'reply_charge', ${`reply:${quote.id}:${companyId}`}, ${quote.id}, ${companyId}, ${repliedAt})`);
  }
  return quote.id;
}

/**
 * Ann: "Ann's <Pipes> & Co" (plumbing; 2 requests replied after 90 and 150 minutes, one hired, 10
 * coins spent and 5 back, 12 page views, 30 + 10 appearances; plumbing replies in 30 minutes, so
 * her advice is about speed), "Ann Sparks" (electrical; shown 100 times, opened twice) and a third
 * company with nothing this week. Ben: one company with 3 requests, one replied, one declined, one
 * waiting. Cal: activity only just before and just after the week. Dee opted out of the summary,
 * Eve out of e-mail altogether; both had a busy week.
 */
async function seedWeek(): Promise<void> {
  ann = await createUser(t.db, { firstName: 'Ann' });
  ben = await createUser(t.db, { firstName: 'Ben' });
  cal = await createUser(t.db, { firstName: 'Cal' });
  dee = await createUser(t.db, { firstName: 'Dee', emailWeeklySummary: false });
  eve = await createUser(t.db, { firstName: 'Eve', emailNotifications: false });

  // The category's usual reply time: the median of its active companies' own medians (30).
  for (const [minutes, isActive] of [
    [20, true],
    [30, true],
    [45, true],
    [1, false],
  ] as const) {
    await createCompany(t.db, { replyMedianMinutes: minutes, isActive });
  }

  const pipes = await createCompany(t.db, { ownerId: ann.id, name: "Ann's <Pipes> & Co" });
  names.pipes = pipes.name;
  const first = await request(ann, pipes.id, at(0, 9), { after: 90, coins: 5 });
  await request(ann, pipes.id, at(3, 14), { after: 150, coins: 5 });
  await t.db.execute(sql`UPDATE quotes SET status = 'completed', outcome = 'hired', hired_company_id = ${pipes.id},
    decided_at = ${at(4)}::timestamptz WHERE id = ${first}`);
  await t.db.execute(sql`INSERT INTO coin_ledger (user_id, delta, reason, reference, quote_id, company_id, created_at)
    VALUES (${ann.id}, 5, 'refund', ${`refund:${first}:${pipes.id}`}, ${first}, ${pipes.id}, ${at(5)}::timestamptz)`);
  await pageViews(pipes.id, addDays(week.from, 1), 5);
  await pageViews(pipes.id, addDays(week.from, 6), 7);
  await pageViews(pipes.id, addDays(week.from, -1), 50); // the week before: not counted
  await pageViews(pipes.id, week.until, 60); // this week: not counted
  await appearances(pipes.id, addDays(week.from, 2), 'search', 30);
  await appearances(pipes.id, addDays(week.from, 2), 'category', 10);

  const sparks = await createCompany(t.db, { ownerId: ann.id, name: 'Ann Sparks', categorySlug: 'electrical-services' });
  names.sparks = sparks.name;
  await appearances(sparks.id, addDays(week.from, 3), 'search', 100);
  await pageViews(sparks.id, addDays(week.from, 3), 2);
  const quiet = await createCompany(t.db, { ownerId: ann.id, name: 'Ann Quiet Gardens' });
  names.quiet = quiet.name;
  await pageViews(quiet.id, addDays(week.from, -3), 4);

  const bens = await createCompany(t.db, { ownerId: ben.id, name: 'Ben Builds' });
  names.bens = bens.name;
  await request(ben, bens.id, at(1), { after: 10, coins: 4 });
  const declined = await request(ben, bens.id, at(2));
  await t.db.execute(sql`UPDATE quote_companies SET declined_at = ${at(2, 12)}::timestamptz WHERE quote_id = ${declined}`);
  await request(ben, bens.id, at(6, 23, 59));
  await pageViews(bens.id, addDays(week.from, 4), 4);

  const cals = await createCompany(t.db, { ownerId: cal.id, name: 'Cal Cleans' });
  await pageViews(cals.id, addDays(week.from, -1), 9);
  await appearances(cals.id, week.until, 'search', 9);
  await request(cal, cals.id, at(-1, 23, 59));
  await request(cal, cals.id, at(7, 0, 0));
  // A draft is not a request.
  const draftCustomer = await createUser(t.db);
  await createQuote(t.db, { userId: draftCustomer.id, companyIds: [cals.id], status: 'draft' });

  for (const opted of [dee, eve]) {
    const company = await createCompany(t.db, { ownerId: opted.id });
    await request(opted, company.id, at(2), { after: 5, coins: 3 });
    await pageViews(company.id, addDays(week.from, 2), 20);
  }
}

const summaries = () =>
  t.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'weekly_summary')).orderBy(notificationOutbox.id);

let dataDir: string;
/** Another app node on the same database (or the same node after a restart). */
async function startNode(): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_URL: t.baseUrl,
    SMTP_URL: t.smtp.url,
  });
  const app = await buildApp(config, { database: t.database, clientDir: path.join(dataDir, 'no-client') });
  await app.ready();
  return app;
}

async function runJob(app: FastifyInstance): Promise<void> {
  expect(await app.services.jobs.runNow('insight.weekly-summary')).toBe(true);
  await app.services.jobs.idle();
}

beforeAll(async () => {
  t = await startTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-weekly-'));
  await seedWeek();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the weekly summary job', () => {
  it('queues one mail per owner with activity, even when two nodes run it at once', async () => {
    const other = await startNode();
    try {
      const results = await Promise.all([
        t.app.services.weeklySummary.queueLastWeek(NOW),
        other.services.weeklySummary.queueLastWeek(NOW),
      ]);
      const queued = results.map((result) => Number(/^(\d+) weekly summar/.exec(result)?.[1]));
      expect(queued[0] + queued[1]).toBe(2);
    } finally {
      await other.close();
    }
    const rows = await summaries();
    expect(rows.map((row) => row.recipient).sort()).toEqual([ann.email, ben.email].sort());
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual(
      [`weekly-summary:${ann.id}:${week.from}`, `weekly-summary:${ben.id}:${week.from}`].sort(),
    );
  });

  it('adds none on a second run, on another node, or after a restart', async () => {
    await runJob(t.app);
    expect((await t.app.services.jobs.list()).find((job) => job.name === 'insight.weekly-summary')).toMatchObject({
      lastOutcome: 'ok',
      // The job reads the clock itself: the week is this one, or the next if Monday 00:00 UTC just passed.
      lastResult: expect.stringMatching(/^0 weekly summaries of the week from \d{4}-\d{2}-\d{2} queued$/),
    });
    const second = await startNode();
    await runJob(second);
    await second.close();
    const restarted = await startNode();
    await runJob(restarted);
    await restarted.close();
    expect(await summaries()).toHaveLength(2);
  });

  it('sends nothing to a silent owner, an owner who opted out, or one whose e-mail is off', async () => {
    for (const owner of [cal, dee, eve]) {
      expect(await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.recipient, owner.email))).toEqual([]);
    }
  });

  it('gives each company with activity its figures and advice, and names only the owner’s companies', async () => {
    const [mail] = await t.smtp.waitFor(ann.email);
    expect(mail.subject).toMatch(/^Your week on LocalPros: /);
    expect(mail.text).toContain('Hi Ann,');
    // Each company is a block of lines ending with a blank one.
    const blockOf = (name: string) => mail.text.split('\n\n').find((block) => block.startsWith(`${name}\n`)) ?? '';
    const pipes = blockOf(names.pipes);
    expect(pipes).toContain('Page views: 12\n');
    expect(pipes).toContain('Appearances: 40 (30 in search, 10 in category listings)');
    expect(pipes).toContain('Requests: 2 (2 replied, 0 declined)');
    expect(pipes).toContain('Hires: 1\n');
    expect(pipes).toContain('Coins: 10 spent, 5 credited back');
    expect(pipes).toContain('Median first reply: 2 hours');
    expect(pipes).toContain(
      'Tip: Your median first reply took 2 hours, while companies in Plumbing Services usually reply within 30 minutes',
    );
    const sparks = blockOf(names.sparks);
    expect(sparks).toContain('Page views: 2\n');
    expect(sparks).toContain('Requests: 0 (0 replied, 0 declined)');
    expect(sparks).toContain('Median first reply: no requests this week');
    expect(sparks).toContain('Tip: Your listing was shown 100 times but opened only 2 times');
    // A company with nothing this week is left out; other owners' companies never appear.
    expect(mail.text).not.toContain(names.quiet);
    expect(mail.text).not.toContain(names.bens);
    expect(mail.text).toContain(`See your requests: ${t.baseUrl}/vendorquotes`);
    expect(mail.text).toContain(`notification preferences: ${t.baseUrl}/profile`);

    // Escaped in HTML, with the same figures and links.
    expect(mail.html).toContain('Ann&#39;s &lt;Pipes&gt; &amp; Co');
    expect(mail.html).not.toContain('<Pipes>');
    expect(mail.html).toContain(`href="${t.baseUrl}/vendorquotes"`);
    expect(mail.html).toContain(`href="${t.baseUrl}/profile"`);
    expect(mail.html).toContain('30 in search, 10 in category listings');

    const [bens] = await t.smtp.waitFor(ben.email);
    expect(bens.text).toContain('Requests: 3 (1 replied, 1 declined)');
    expect(bens.text).toContain('Coins: 4 spent, 0 credited back');
    expect(bens.text).toContain('Median first reply: 10 minutes');
    expect(bens.text).toContain('Tip: 1 request from this week is still waiting for your answer');
    for (const name of [names.pipes, names.sparks, names.quiet]) expect(bens.text).not.toContain(name);
    expect(t.smtp.to(ann.email)).toHaveLength(1);
    expect(t.smtp.to(ben.email)).toHaveLength(1);
  });

  it('queues nothing once a week is past the days its sent notices (and their keys) are kept', async () => {
    await t.db.delete(notificationOutbox).where(eq(notificationOutbox.kind, 'weekly_summary'));
    const service = new WeeklySummaryService(t.db, t.app.services.outbox, {
      appUrl: t.baseUrl,
      locale: 'en-US',
      outboxRetentionDays: 2,
      wordsFor: () => shippedWords('en'),
    });
    const weekEnd = Date.parse(`${week.until}T00:00:00Z`);
    expect(await service.queueLastWeek(weekEnd + 3 * 86_400_000)).toBe(
      `the summaries of the week from ${week.from} are past their window`,
    );
    expect(await summaries()).toHaveLength(0);
    expect(await service.queueLastWeek(weekEnd + 86_400_000)).toBe(`2 weekly summaries of the week from ${week.from} queued`);
  });
});

describe('the advice line', () => {
  const calm: WeekFigures = {
    pageViews: 40,
    searchAppearances: 80,
    categoryAppearances: 20,
    requests: 3,
    replied: 3,
    declined: 0,
    hires: 1,
    coinsSpent: 12,
    coinsCredited: 0,
    medianFirstReplyMinutes: 20,
  };
  const plumbing: { name: string; medianReplyMinutes: number | null } = { name: 'Plumbing Services', medianReplyMinutes: 30 };
  const rule = (changes: Partial<WeekFigures>, category = plumbing) => adviceFor({ ...calm, ...changes }, category).rule;

  it('names requests still waiting first, whatever else is wrong', () => {
    expect(rule({ requests: 4, replied: 2, declined: 1, medianFirstReplyMinutes: 600, hires: 0, pageViews: 0 })).toBe(
      'unanswered',
    );
    expect(adviceFor({ ...calm, requests: 5, replied: 1, declined: 1 }, plumbing).text).toBe(
      '3 requests from this week are still waiting for your answer: reply or decline, so that no customer is left waiting.',
    );
    // Declined requests are answered.
    expect(rule({ requests: 3, replied: 1, declined: 2 })).not.toBe('unanswered');
  });

  it('then a first reply slower than the category’s median', () => {
    expect(rule({ medianFirstReplyMinutes: 31, hires: 0, pageViews: 0 })).toBe('slow-reply');
    expect(rule({ medianFirstReplyMinutes: 30 })).toBe('all-well');
    expect(rule({ medianFirstReplyMinutes: 600 }, { name: 'Plumbing Services', medianReplyMinutes: null })).toBe('all-well');
    expect(adviceFor({ ...calm, medianFirstReplyMinutes: 185 }, { name: 'Roofing', medianReplyMinutes: 44.5 }).text).toBe(
      'Your median first reply took 3.1 hours, while companies in Roofing usually reply within 45 minutes: customers often hire whoever answers first.',
    );
  });

  it('then replies that brought no hire', () => {
    expect(rule({ hires: 0, pageViews: 0 })).toBe('no-hires');
    expect(adviceFor({ ...calm, hires: 0, replied: 1, requests: 1 }, plumbing).text).toBe(
      'You replied to 1 request but were not hired this week: a price range and a photo of similar work in your replies help customers decide.',
    );
  });

  it('then many appearances but few page views', () => {
    expect(rule({ pageViews: 4 })).toBe('few-page-views');
    expect(rule({ pageViews: 5 })).toBe('all-well');
    // Too few appearances to tell.
    expect(rule({ pageViews: 0, searchAppearances: 40, categoryAppearances: 9 })).toBe('all-well');
  });

  it('else an encouraging line', () => {
    expect(adviceFor(calm, plumbing)).toEqual({
      rule: 'all-well',
      text: '1 hire and every request answered: well done, keep it up.',
    });
    expect(adviceFor({ ...calm, hires: 0, replied: 0, requests: 0, medianFirstReplyMinutes: null }, plumbing).rule).toBe(
      'all-well',
    );
  });
});

describe('reply times in the mail', () => {
  it('read as minutes, hours or days', () => {
    const minutes = [1, 59, 60, 90, 2870, 2880, 3000];
    expect(minutes.map((m) => formatMinutes(shippedWords('en'), m))).toEqual([
      '1 minute',
      '59 minutes',
      '1 hour',
      '1.5 hours',
      '47.8 hours',
      '2 days',
      '2.1 days',
    ]);
  });

  it("read in the owner's language, with its plurals", () => {
    expect([1, 90, 3000].map((m) => formatMinutes(shippedWords('es'), m))).toEqual(['1 minuto', '1,5 horas', '2,1 días']);
    expect(formatMinutes(shippedWords('ar'), 2)).toBe('دقيقتان');
  });
});
