/**
 * The published rules, so a pro knows what they pay for before paying: what a reply costs per
 * category, when coins come back, what an offer and a hire are (and which reviews say "Hired"),
 * how results are ordered, and the controls a pro has, in the product's own words. Every figure comes from GET /api/rules, which reads the constants and
 * settings the code decides with.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { RetryAlert } from '@/client/components/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { formatNumber } from '@/client/lib/format';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import type { Rules } from '@/shared/schemas/rules';
import { useRules } from '../api/get-rules';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const sectionClass = 'mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const bold = { 0: <strong /> };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="scroll-mt-20 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** Rules the server words (from the constants it decides with), one to a line, in the page's language. */
function RuleList({ rules }: { rules: string[] }) {
  const translateText = useTranslateText();
  return (
    <ul className="list-disc space-y-2 ps-5">
      {rules.map((rule) => (
        <li key={rule}>{translateText(rule)}</li>
      ))}
    </ul>
  );
}

function RulesBody({ rules }: { rules: Rules }) {
  const t = useT();
  const translateText = useTranslateText();
  const coins = (n: number) => t('leads.common.coins', { count: n, amount: formatNumber(n) });
  return (
    <>
      <Section id="rules-costs" title={t('leads.rules.costsTitle')}>
        <p>
          <Message id="leads.rules.costsIntro" parts={bold} />
        </p>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('leads.rules.costsCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 font-semibold text-slate-900">
                {t('leads.rules.costsCategory')}
              </th>
              <th scope="col" className="py-2 text-end font-semibold text-slate-900">
                {t('leads.rules.costsFirstReply')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.replyCosts.map((row) => (
              <tr key={row.categoryId} className="border-b border-slate-100 last:border-b-0">
                <td className="py-2">{row.categoryName}</td>
                <td className="py-2 text-end tabular-nums">{row.cost === 0 ? t('leads.rules.costsFree') : coins(row.cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="rules-refunds" title={t('leads.rules.refundsTitle')}>
        <ul className="list-disc space-y-2 ps-5">
          <li>
            <Message id="leads.rules.refundsUnread" values={{ days: rules.unreadReplyRefundDays }} parts={bold} />
          </li>
          <li>
            <Message
              id="leads.rules.refundsReport"
              values={{
                days: rules.leadReportWindowDays,
                reasons: rules.leadReportReasons
                  .map((reason) => translateText(reason))
                  .join(', ')
                  .toLowerCase(),
              }}
              parts={bold}
            />
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {rules.leadCreditRules.map((rule) => (
                <li key={rule}>{translateText(rule)}</li>
              ))}
            </ul>
          </li>
          <li>{t('leads.rules.refundsDecline')}</li>
          <li>{t('leads.rules.refundsOnce')}</li>
        </ul>
      </Section>

      <Section id="rules-offers" title={t('leads.rules.offersTitle')}>
        <RuleList rules={rules.offerRules} />
      </Section>

      <Section id="rules-hires" title={t('leads.rules.hiresTitle')}>
        <RuleList rules={rules.hireRules} />
      </Section>

      <Section id="rules-counting" title={t('leads.rules.countingTitle')}>
        <RuleList rules={rules.countingRules} />
      </Section>

      <Section id="rules-ranking" title={t('leads.rules.rankingTitle')}>
        <p>
          <Message id="leads.rules.rankingIntro" parts={bold} />
        </p>
        <ul className="list-disc space-y-2 ps-5">
          <li>
            <Message id="leads.rules.rankingTopRated" parts={bold} />
          </li>
          <li>
            <Message id="leads.rules.rankingMostReviewed" parts={bold} />
          </li>
          <li>
            <Message id="leads.rules.rankingMostFavorited" parts={bold} />
          </li>
          <li>
            <Message id="leads.rules.rankingDistance" parts={bold} />
          </li>
        </ul>
        <p>{t('leads.rules.rankingTies')}</p>
      </Section>

      <Section id="rules-controls" title={t('leads.rules.controlsTitle')}>
        <ul className="list-disc space-y-2 ps-5">
          <li>
            {rules.maxCompaniesPerQuote > 0 ? (
              <Message id="leads.rules.controlsMaxCompanies" values={{ max: rules.maxCompaniesPerQuote }} parts={bold} />
            ) : (
              t('leads.rules.controlsSeesCounts')
            )}
          </li>
          <li>
            <Message id="leads.rules.controlsCap" values={{ cap: coins(rules.maxWeeklyCoinCap) }} parts={bold} />
          </li>
          <li>
            <Message id="leads.rules.controlsPause" values={{ days: rules.maxPauseDays }} parts={bold} />
          </li>
          <li>
            <Message
              id="leads.rules.controlsServiceArea"
              values={{ miles: rules.maxServiceRadiusMiles, zips: rules.maxServiceZips }}
              parts={bold}
            />
          </li>
          <li>
            <Message id="leads.rules.controlsServices" parts={bold} />
          </li>
          <li>
            <Message id="leads.rules.controlsDecline" parts={bold} />
          </li>
          {rules.quoteInactivityDays > 0 && (
            <li>
              <Message id="leads.rules.controlsInactivity" values={{ days: rules.quoteInactivityDays }} parts={bold} />
            </li>
          )}
        </ul>
        <p>
          <Message id="leads.rules.controlsWhere" parts={{ 0: <Link to="/profile?tab=leads" className={linkClass} /> }} />
        </p>
      </Section>
    </>
  );
}

export function PublishedRules() {
  const t = useT();
  const translateText = useTranslateText();
  const rules = useRules();
  const { hash } = useLocation();
  // A link to one rule (the PREMIUM badge's, to how results are ordered) lands on it once the
  // rules have arrived: on a visit from another screen they are not there when the page opens.
  const hasRules = rules.isSuccess;
  useEffect(() => {
    if (hasRules && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hasRules, hash]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('leads.rules.title')}</h1>
        <p className="mt-3 leading-relaxed text-slate-700">{t('leads.rules.intro')}</p>
      </header>
      {rules.isPending ? (
        <div aria-busy="true" aria-label={t('leads.rules.loading')} className="mt-8 grid gap-4">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : rules.isError ? (
        <RetryAlert
          title={t('leads.rules.loadFailed')}
          message={translateText(errorMessage(rules.error, t('leads.common.tryAgain')))}
          onRetry={() => void rules.refetch()}
          className="mt-8"
        />
      ) : (
        <RulesBody rules={rules.data} />
      )}
    </div>
  );
}
