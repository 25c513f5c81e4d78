/**
 * The weekly summary: after each week (Monday to Sunday, UTC), every company owner whose companies
 * saw activity gets one mail with each such company's figures and one line of advice.
 *
 * Once per owner and week, whatever runs it: the mail goes through the outbox under the dedupe key
 * `weekly-summary:{ownerId}:{weekFrom}`, whose unique index turns a second run, a second node or a
 * run after a restart into a no-op. Sent notices are deleted after OUTBOX_RETENTION_DAYS, and with
 * them their keys, so a week's mails are only queued within that many days of the week's end
 * (capped at the 7 days until the next week): a key can never be gone while its week is still open.
 */
import type { Db } from '@/server/db/client';
import type { MailWords } from '@/server/platform/mail/templates';
import { formatMinutes, weeklySummaryMail, type WeeklySummaryCompany } from '@/server/platform/mail/weekly-summary-mail';
import { SOURCE_LANGUAGE } from '@/shared/i18n/languages';
import { shippedWords } from '../i18n/translate-english';
import { queueEmail, type OutboxWorker } from '../notifications/outbox.service';
import { companyFigures, type CompanyFiguresRow } from './insight.repository';
import { addDays, weekBefore, type DayRange } from './period';
import { categoryReplyMedians, companiesWithActivity, type SummaryCompanyRow } from './weekly-summary.repository';

const DAY_MS = 86_400_000;
export const WEEKLY_SUMMARY_KEY_PREFIX = 'weekly-summary:';

/** The week's figures of one company, as the advice rules read them (and the mail shows them). */
export type WeekFigures = Omit<WeeklySummaryCompany, 'name' | 'advice'>;

/** Below this many listing appearances, a low share of page views says nothing yet. */
export const FEW_VIEWS_MIN_APPEARANCES = 50;
/** Fewer page views than this share of appearances: the card does not make people click. */
export const FEW_VIEWS_RATE = 0.05;

export type AdviceRule = 'unanswered' | 'slow-reply' | 'no-hires' | 'few-page-views' | 'all-well';
export interface Advice {
  rule: AdviceRule;
  text: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One line of advice from a company's week: the first rule that applies, in this order (most
 * pressing first: customers waiting now, then speed, then turning replies into hires, then
 * visibility), else encouragement:
 * 1. unanswered — requests of the week neither replied to nor declined;
 * 2. slow-reply — the week's median first reply is slower than its category's median (the median
 *    of the active companies' own reply medians);
 * 3. no-hires — replies but no hire in the week;
 * 4. few-page-views — at least FEW_VIEWS_MIN_APPEARANCES appearances in listings, but page views
 *    below FEW_VIEWS_RATE of them (photos and description decide the click);
 * 5. all-well — none of the above.
 */
export function adviceFor(
  figures: WeekFigures,
  category: { name: string; medianReplyMinutes: number | null },
  words: MailWords = shippedWords(SOURCE_LANGUAGE),
): Advice {
  const { say } = words;
  const unanswered = Math.max(0, figures.requests - figures.replied - figures.declined);
  if (unanswered > 0) return { rule: 'unanswered', text: say('mail.weekly.advice.unanswered', { count: unanswered }) };
  const mine = figures.medianFirstReplyMinutes;
  const usual = category.medianReplyMinutes;
  if (mine !== null && usual !== null && mine > usual) {
    return {
      rule: 'slow-reply',
      text: say('mail.weekly.advice.slowReply', {
        mine: formatMinutes(words, mine),
        category: category.name,
        usual: formatMinutes(words, Math.round(usual)),
      }),
    };
  }
  if (figures.replied > 0 && figures.hires === 0)
    return { rule: 'no-hires', text: say('mail.weekly.advice.noHires', { count: figures.replied }) };
  const appearances = figures.searchAppearances + figures.categoryAppearances;
  if (appearances >= FEW_VIEWS_MIN_APPEARANCES && figures.pageViews < appearances * FEW_VIEWS_RATE) {
    return {
      rule: 'few-page-views',
      text: say('mail.weekly.advice.fewPageViews', { shown: appearances, opened: figures.pageViews }),
    };
  }
  return {
    rule: 'all-well',
    text:
      figures.hires > 0
        ? say('mail.weekly.advice.hires', { count: figures.hires })
        : figures.requests > 0
          ? say('mail.weekly.advice.answered')
          : say('mail.weekly.advice.found'),
  };
}

export function toWeekFigures(row: CompanyFiguresRow): WeekFigures {
  return {
    pageViews: row.page_views,
    searchAppearances: row.search_appearances,
    categoryAppearances: row.category_appearances,
    requests: row.requests,
    replied: row.replied,
    declined: row.declined,
    hires: row.hires,
    coinsSpent: row.coins_spent,
    coinsCredited: row.coins_credited,
    medianFirstReplyMinutes:
      row.median_first_reply_seconds === null ? null : Math.round(Number(row.median_first_reply_seconds) / 60),
  };
}

/** Activity, for the summary: a page view, a listing appearance or a request. */
export const hadActivity = (figures: WeekFigures) =>
  figures.pageViews + figures.searchAppearances + figures.categoryAppearances + figures.requests > 0;

export interface WeeklySummarySettings {
  appUrl: string;
  locale: string;
  /** OUTBOX_RETENTION_DAYS: how long a sent notice, and so its dedupe key, is kept. */
  outboxRetentionDays: number;
  /** The catalogue in an owner's language (none: the operator's default). */
  wordsFor: (language: string | null) => MailWords;
}

export class WeeklySummaryService {
  constructor(
    private readonly db: Db,
    private readonly outbox: OutboxWorker,
    private readonly settings: WeeklySummarySettings,
  ) {}

  /** The days after a week's end in which its mails may be queued (see the module's comment). */
  private windowDays(): number {
    return Math.min(7, this.settings.outboxRetentionDays);
  }

  /**
   * Queues the summaries of the week before the one `now` falls in, for the owners who have not
   * had theirs; answers what it did (the job's result).
   */
  async queueLastWeek(now: number = Date.now()): Promise<string> {
    const week = weekBefore(now);
    if (now >= Date.parse(`${week.until}T00:00:00Z`) + this.windowDays() * DAY_MS) {
      return `the summaries of the week from ${week.from} are past their window`;
    }
    const rows = await companiesWithActivity(this.db, week, WEEKLY_SUMMARY_KEY_PREFIX);
    const owners = new Map<number, SummaryCompanyRow[]>();
    for (const row of rows) owners.set(row.owner_id, [...(owners.get(row.owner_id) ?? []), row]);
    const medians = await categoryReplyMedians(this.db, [...new Set(rows.map((row) => row.category_id))]);

    let queued = 0;
    for (const companies of owners.values()) {
      if (await this.queueForOwner(week, companies, medians)) queued += 1;
    }
    if (queued > 0) this.outbox.poke();
    return `${count(queued, 'weekly summary', 'weekly summaries')} of the week from ${week.from} queued`;
  }

  private async queueForOwner(week: DayRange, companies: SummaryCompanyRow[], medians: Map<number, number>): Promise<boolean> {
    const { locale, appUrl } = this.settings;
    const owner = companies[0];
    const words = this.settings.wordsFor(owner.language);
    const entries: WeeklySummaryCompany[] = [];
    for (const company of companies) {
      const figures = toWeekFigures(await companyFigures(this.db, company.company_id, week));
      // The figures decide: the repository's pre-selection only spares reading silent companies.
      if (!hadActivity(figures)) continue;
      const advice = adviceFor(
        figures,
        { name: company.category_name, medianReplyMinutes: medians.get(Number(company.category_id)) ?? null },
        words,
      );
      entries.push({ name: company.company_name, ...figures, advice: advice.text });
    }
    if (entries.length === 0) return false;
    return queueEmail(this.db, {
      kind: 'weekly_summary',
      dedupeKey: `${WEEKLY_SUMMARY_KEY_PREFIX}${owner.owner_id}:${week.from}`,
      message: weeklySummaryMail(words, owner.email, {
        firstName: owner.first_name,
        firstDay: week.from,
        lastDay: addDays(week.until, -1),
        companies: entries,
        leadsUrl: `${appUrl}/vendorquotes`,
        settingsUrl: `${appUrl}/profile`,
        locale,
      }),
    });
  }
}
