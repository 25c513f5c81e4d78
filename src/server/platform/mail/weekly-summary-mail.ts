/**
 * The weekly summary to a company owner: last week's figures per company with one line of advice,
 * a link to their requests and one to switch the summary off. Text and HTML carry the same content.
 */
import { escapeHtml } from '@/server/lib/html';
import { directionOf } from '@/shared/i18n/languages';
import { localeIn } from '@/shared/i18n/locale';
import type { MailMessage } from './mail-transport';
import type { MailWords } from './templates';

export interface WeeklySummaryCompany {
  name: string;
  pageViews: number;
  searchAppearances: number;
  categoryAppearances: number;
  requests: number;
  replied: number;
  declined: number;
  hires: number;
  coinsSpent: number;
  coinsCredited: number;
  medianFirstReplyMinutes: number | null;
  advice: string;
}

export interface WeeklySummary {
  firstName: string;
  /** The week's first and last day, `YYYY-MM-DD` (UTC). */
  firstDay: string;
  lastDay: string;
  companies: WeeklySummaryCompany[];
  /** The owner's requests (leads) screen. */
  leadsUrl: string;
  /** Where the summary is switched off (the profile's notification preferences). */
  settingsUrl: string;
  /** The deployment's LOCALE (its region); numbers and dates are written in it, in the reader's language. */
  locale: string;
}

/** A reply time as people say it: minutes under an hour, hours under two days, then days (one decimal at most). */
export function formatMinutes(words: MailWords, minutes: number): string {
  if (minutes < 60) return words.say('mail.weekly.minutes', { count: minutes });
  const hours = Math.round((minutes / 60) * 10) / 10;
  if (hours < 48) return words.say('mail.weekly.hours', { count: hours });
  return words.say('mail.weekly.days', { count: Math.round((minutes / 1440) * 10) / 10 });
}

/** "16–22 Nov 2026" (or across months, "30 Nov – 6 Dec 2026"), in the server's locale. */
export function formatWeek(firstDay: string, lastDay: string, locale = 'en-US'): string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(new Date(`${firstDay}T00:00:00Z`), new Date(`${lastDay}T00:00:00Z`));
}

/** The figures of one company as label/value pairs, the same in text and HTML. */
function figureLines(words: MailWords, company: WeeklySummaryCompany, locale: string): [string, string][] {
  const { say } = words;
  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  return [
    [say('mail.weekly.pageViews'), n(company.pageViews)],
    [
      say('mail.weekly.appearances'),
      say('mail.weekly.appearancesValue', {
        total: n(company.searchAppearances + company.categoryAppearances),
        search: n(company.searchAppearances),
        category: n(company.categoryAppearances),
      }),
    ],
    [
      say('mail.weekly.requests'),
      say('mail.weekly.requestsValue', {
        total: n(company.requests),
        replied: n(company.replied),
        declined: n(company.declined),
      }),
    ],
    [say('mail.weekly.hires'), n(company.hires)],
    [
      say('mail.weekly.coins'),
      say('mail.weekly.coinsValue', { spent: n(company.coinsSpent), credited: n(company.coinsCredited) }),
    ],
    [
      say('mail.weekly.medianReply'),
      company.medianFirstReplyMinutes !== null
        ? formatMinutes(words, company.medianFirstReplyMinutes)
        : company.requests === 0
          ? say('mail.weekly.noRequests')
          : say('mail.weekly.noReply'),
    ],
  ];
}

export function weeklySummaryMail(words: MailWords, to: string, summary: WeeklySummary): MailMessage {
  const { say } = words;
  const locale = localeIn(summary.locale, words.language);
  const week = formatWeek(summary.firstDay, summary.lastDay, locale);
  const subject = say('mail.weekly.subject', { product: words.brand.name, week });
  const greeting = say('mail.greeting.named', { name: summary.firstName });
  const intro = say('mail.weekly.intro', { count: summary.companies.length, product: words.brand.name, week });
  const footer = say('mail.weekly.footer', { product: words.brand.name });
  const tip = say('mail.weekly.tip');
  const seeRequests = say('mail.weekly.seeRequests');

  const text = [
    greeting,
    '',
    intro,
    '',
    ...summary.companies.flatMap((company) => [
      company.name,
      ...figureLines(words, company, locale).map(([label, value]) => `  ${label}: ${value}`),
      `  ${tip}: ${company.advice}`,
      '',
    ]),
    `${seeRequests}: ${summary.leadsUrl}`,
    '',
    `${footer}: ${summary.settingsUrl}`,
    '',
    `— ${words.brand.name}`,
  ].join('\n');

  const companyHtml = (
    company: WeeklySummaryCompany,
  ) => `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(company.name)}</h2>
<table style="border-collapse:collapse;font-size:14px">
${figureLines(words, company, locale)
  .map(
    ([label, value]) =>
      `<tr><td style="padding:2px 16px 2px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:10px 0 0;padding:8px 12px;background:#eff6ff;border-inline-start:3px solid #1d4ed8"><strong>${escapeHtml(tip)}:</strong> ${escapeHtml(company.advice)}</p>`;

  const html = `<!doctype html><html lang="${words.language}" dir="${directionOf(words.language)}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${summary.companies.map(companyHtml).join('\n')}
<p style="margin-top:24px"><a href="${escapeHtml(summary.leadsUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(seeRequests)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(say('mail.layout.copyLink'))}<br>${escapeHtml(summary.leadsUrl)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}: <a href="${escapeHtml(summary.settingsUrl)}">${escapeHtml(summary.settingsUrl)}</a></p>
<p>— ${escapeHtml(words.brand.name)}</p>
</body></html>`;
  return { to, subject, text, html };
}
