/**
 * The weekly summary to a company owner: last week's figures per company with one line of advice,
 * a link to their requests and one to switch the summary off. Text and HTML carry the same content.
 */
import { escapeHtml } from '@/server/lib/html';
import { PRODUCT_NAME } from '@/shared/constants';
import type { MailMessage } from './mail-transport';

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
  locale: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** A reply time as people say it: minutes under an hour, hours under two days, then days. */
export function formatMinutes(minutes: number, locale = 'en-US'): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (minutes < 60) return `${number.format(minutes)} ${plural(minutes, 'minute', 'minutes')}`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  if (hours < 48) return `${number.format(hours)} ${plural(hours, 'hour', 'hours')}`;
  const days = Math.round((minutes / 1440) * 10) / 10;
  return `${number.format(days)} ${plural(days, 'day', 'days')}`;
}

/** "16–22 Nov 2026" (or across months, "30 Nov – 6 Dec 2026"), in the server's locale. */
export function formatWeek(firstDay: string, lastDay: string, locale = 'en-US'): string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(new Date(`${firstDay}T00:00:00Z`), new Date(`${lastDay}T00:00:00Z`));
}

/** The figures of one company as label/value pairs, the same in text and HTML. */
function figureLines(company: WeeklySummaryCompany, locale: string): [string, string][] {
  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  return [
    ['Page views', n(company.pageViews)],
    [
      'Appearances',
      `${n(company.searchAppearances + company.categoryAppearances)} (${n(company.searchAppearances)} in search, ${n(company.categoryAppearances)} in category listings)`,
    ],
    ['Requests', `${n(company.requests)} (${n(company.replied)} replied, ${n(company.declined)} declined)`],
    ['Hires', n(company.hires)],
    ['Coins', `${n(company.coinsSpent)} spent, ${n(company.coinsCredited)} credited back`],
    [
      'Median first reply',
      company.medianFirstReplyMinutes !== null
        ? formatMinutes(company.medianFirstReplyMinutes, locale)
        : company.requests === 0
          ? 'no requests this week'
          : 'no reply yet',
    ],
  ];
}

export function weeklySummaryMail(to: string, summary: WeeklySummary): MailMessage {
  const week = formatWeek(summary.firstDay, summary.lastDay, summary.locale);
  const subject = `Your week on ${PRODUCT_NAME}: ${week}`;
  const greeting = `Hi ${summary.firstName},`;
  const intro = `Here is how your ${plural(summary.companies.length, 'company', 'companies')} did on ${PRODUCT_NAME} in the week of ${week} (Monday to Sunday, UTC).`;
  const footer = `You receive this weekly summary because you own a company on ${PRODUCT_NAME}. Turn it off under "Weekly summary" in your notification preferences`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...summary.companies.flatMap((company) => [
      company.name,
      ...figureLines(company, summary.locale).map(([label, value]) => `  ${label}: ${value}`),
      `  Tip: ${company.advice}`,
      '',
    ]),
    `See your requests: ${summary.leadsUrl}`,
    '',
    `${footer}: ${summary.settingsUrl}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');

  const companyHtml = (
    company: WeeklySummaryCompany,
  ) => `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(company.name)}</h2>
<table style="border-collapse:collapse;font-size:14px">
${figureLines(company, summary.locale)
  .map(
    ([label, value]) =>
      `<tr><td style="padding:2px 16px 2px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:10px 0 0;padding:8px 12px;background:#eff6ff;border-left:3px solid #1d4ed8"><strong>Tip:</strong> ${escapeHtml(company.advice)}</p>`;

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${summary.companies.map(companyHtml).join('\n')}
<p style="margin-top:24px"><a href="${escapeHtml(summary.leadsUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">See your requests</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br>${escapeHtml(summary.leadsUrl)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}: <a href="${escapeHtml(summary.settingsUrl)}">${escapeHtml(summary.settingsUrl)}</a></p>
<p>— ${escapeHtml(PRODUCT_NAME)}</p>
</body></html>`;
  return { to, subject, text, html };
}
