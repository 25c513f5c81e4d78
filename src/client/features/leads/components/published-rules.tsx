/**
 * The published rules, so a pro knows what they pay for before paying: what a reply costs per
 * category, when coins come back, what an offer and a hire are (and which reviews say "Hired"),
 * how results are ordered, and the controls a pro has, in the product's own words. Every figure comes from GET /api/rules, which reads the constants and
 * settings the code decides with.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { RetryAlert } from '@/client/components/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { PRODUCT_NAME } from '@/shared/constants';
import type { Rules } from '@/shared/schemas/rules';
import { useRules } from '../api/get-rules';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const sectionClass = 'mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const coins = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'coin' : 'coins'}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="scroll-mt-20 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** Rules the server words (from the constants it decides with), one to a line. */
function RuleList({ rules }: { rules: string[] }) {
  return (
    <ul className="list-disc space-y-2 ps-5">
      {rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}

function RulesBody({ rules }: { rules: Rules }) {
  return (
    <>
      <Section id="rules-costs" title="What a reply costs">
        <p>
          Customers never pay. A business pays coins only for its <strong>first reply</strong> to a quote request; every later
          message in that conversation is free. The price is the one below for the request&apos;s category, fixed when the
          customer sends the request, and the business sees it before it replies.
        </p>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">Coins for a first reply, by category</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 font-semibold text-slate-900">
                Category
              </th>
              <th scope="col" className="py-2 text-end font-semibold text-slate-900">
                First reply
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.replyCosts.map((row) => (
              <tr key={row.categoryId} className="border-b border-slate-100 last:border-b-0">
                <td className="py-2">{row.categoryName}</td>
                <td className="py-2 text-end tabular-nums">{row.cost === 0 ? 'Free' : coins(row.cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="rules-refunds" title="When coins come back">
        <ul className="list-disc space-y-2 ps-5">
          <li>
            If the customer has not opened a paid first reply within <strong>{rules.unreadReplyRefundDays} days</strong>, its
            coins come back automatically, with an entry in the business&apos;s coin history and an e-mail.
          </li>
          <li>
            A business can report a bad lead within <strong>{rules.leadReportWindowDays} days</strong> of paying for its reply,
            for one of these reasons: {rules.leadReportReasons.join(', ').toLowerCase()}. A credit is for what the business could
            not know before it paid:
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {rules.leadCreditRules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </li>
          <li>Declining a request (&ldquo;Not interested&rdquo;) is free, and so is a request a business never answers.</li>
          <li>Coins are taken once per request and business, however many messages follow.</li>
        </ul>
      </Section>

      <Section id="rules-offers" title="Offers">
        <RuleList rules={rules.offerRules} />
      </Section>

      <Section id="rules-hires" title="Hires and verified reviews">
        <RuleList rules={rules.hireRules} />
      </Section>

      <Section id="rules-counting" title="What is counted">
        <RuleList rules={rules.countingRules} />
      </Section>

      <Section id="rules-ranking" title="How results are ordered">
        <p>
          In search results and category pages, businesses whose owner holds coins are listed first and marked{' '}
          <strong>PREMIUM</strong>: that is the only paid placement. Within the premium businesses, and then within all the
          others, the order is the one the visitor chose:
        </p>
        <ul className="list-disc space-y-2 ps-5">
          <li>
            <strong>Top Rated</strong>: average rating, then the number of reviews;
          </li>
          <li>
            <strong>Most Reviewed</strong>: the number of reviews, then the average rating;
          </li>
          <li>
            <strong>Most Favorited</strong>: how many people saved the business, then rating, then reviews;
          </li>
          <li>
            <strong>Distance</strong>, when searching near a ZIP code or city: nearest first.
          </li>
        </ul>
        <p>
          Among businesses that are equal on all of these, the better match for the search words comes first, then the one listed
          longest.
        </p>
      </Section>

      <Section id="rules-controls" title="What a business controls">
        <ul className="list-disc space-y-2 ps-5">
          <li>
            {rules.maxCompaniesPerQuote > 0 ? (
              <>
                A customer sends one request to at most <strong>{rules.maxCompaniesPerQuote} businesses</strong>, and a business
                sees how many got it and how many replied before it pays.
              </>
            ) : (
              <>A business sees how many businesses got a request, and how many replied, before it pays.</>
            )}
          </li>
          <li>
            A <strong>weekly coin cap</strong> (up to {coins(rules.maxWeeklyCoinCap)}): a first reply that would pass it is
            refused before any coins are taken.
          </li>
          <li>
            <strong>Not taking new requests</strong>: a pause, until switched off or until a return date up to{' '}
            {rules.maxPauseDays} days ahead. Customers see why they cannot pick the business; conversations already open go on.
          </li>
          <li>
            A <strong>service area</strong>: a radius of up to {rules.maxServiceRadiusMiles} miles from its ZIP code, or up to{' '}
            {rules.maxServiceZips} ZIP codes. A search near a place outside it does not list the business.
          </li>
          <li>
            The <strong>services</strong> it takes requests for, among those it lists: the pages of the others do not list it.
          </li>
          <li>
            <strong>Not interested</strong>: decline a request for free; the customer sees it.
          </li>
          {rules.quoteInactivityDays > 0 && (
            <li>
              A sent request with no new message for <strong>{rules.quoteInactivityDays} days</strong> completes by itself,
              whether or not anyone replied; a completed request takes no more messages.
            </li>
          )}
        </ul>
        <p>
          Owners set these in the{' '}
          <Link to="/profile?tab=leads" className={linkClass}>
            Leads tab of their profile
          </Link>
          .
        </p>
      </Section>
    </>
  );
}

export function PublishedRules() {
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
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">How coins and ranking work</h1>
        <p className="mt-3 leading-relaxed text-slate-700">
          {PRODUCT_NAME} is free for customers. Businesses pay in coins, and only to reply. These are the rules, with the figures
          this site uses today.
        </p>
      </header>
      {rules.isPending ? (
        <div aria-busy="true" aria-label="Loading the rules" className="mt-8 grid gap-4">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : rules.isError ? (
        <RetryAlert
          title="Failed to load the rules"
          message={errorMessage(rules.error, 'Please try again.')}
          onRetry={() => void rules.refetch()}
          className="mt-8"
        />
      ) : (
        <RulesBody rules={rules.data} />
      )}
    </div>
  );
}
