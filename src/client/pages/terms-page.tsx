import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_EMAIL } from '@/shared/constants';
import { formatDate } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

type Translate = ReturnType<typeof useT>;

/** The day these terms last changed (a calendar day). */
const LAST_UPDATED = '2026-11-22';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** A word in bold (`<0>…</0>` in its message). */
const bold = <strong className="font-semibold text-slate-900" />;

/** The contact address, a mail link (its text is the `{email}` of the message). */
function MailLink({ children }: { children?: ReactNode }) {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} break-all`}>
      {children}
    </a>
  );
}

interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

const termsSections = (t: Translate): TermsSection[] => [
  {
    id: 'terms-acceptance',
    title: t('legal.terms.acceptanceTitle'),
    body: <p>{t('legal.terms.acceptance')}</p>,
  },
  {
    id: 'terms-eligibility',
    title: t('legal.terms.eligibilityTitle'),
    body: <p>{t('legal.terms.eligibility')}</p>,
  },
  {
    id: 'terms-accounts',
    title: t('legal.terms.accountsTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.terms.accountsAccurate')}</li>
        <li>{t('legal.terms.accountsPassword')}</li>
        <li>{t('legal.terms.accountsMisuse')}</li>
        <li>{t('legal.terms.accountsSuspend')}</li>
      </ul>
    ),
  },
  {
    id: 'terms-listings',
    title: t('legal.terms.listingsTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.terms.listingsAccuracy')}</li>
        <li>{t('legal.terms.listingsCoins')}</li>
        <li>{t('legal.terms.listingsPremium')}</li>
        <li>{t('legal.terms.listingsRemove')}</li>
      </ul>
    ),
  },
  {
    id: 'terms-reviews',
    title: t('legal.terms.reviewsTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.terms.reviewsHonest')}</li>
        <li>{t('legal.terms.reviewsCustomers')}</li>
        <li>{t('legal.terms.reviewsBusinesses')}</li>
        <li>{t('legal.terms.reviewsModerated')}</li>
      </ul>
    ),
  },
  {
    id: 'terms-sms',
    title: t('legal.terms.smsTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.terms.smsOptIn')}</li>
        <li>{t('legal.terms.smsRates')}</li>
        <li>
          <Message id="legal.terms.smsStop" parts={{ 0: bold, 1: bold }} />
        </li>
      </ul>
    ),
  },
  {
    id: 'terms-payments',
    title: t('legal.terms.paymentsTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.terms.paymentsCoins')}</li>
        <li>{t('legal.terms.paymentsServices')}</li>
        <li>{t('legal.terms.paymentsNoCash')}</li>
      </ul>
    ),
  },
  {
    id: 'terms-liability',
    title: t('legal.terms.liabilityTitle'),
    body: <p>{t('legal.terms.liability')}</p>,
  },
  {
    id: 'terms-changes',
    title: t('legal.terms.changesTitle'),
    body: <p>{t('legal.terms.changes')}</p>,
  },
];

export default function TermsPage() {
  const t = useT();
  usePageTitle(t('legal.terms.title'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('legal.terms.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('legal.terms.lastUpdated', { date: formatDate(LAST_UPDATED, 'long') })}</p>
        <p className="mt-4 text-slate-700 leading-relaxed">{t('legal.terms.intro')}</p>
      </header>

      <ol className="mt-8 space-y-8">
        {termsSections(t).map((section, index) => (
          <li key={section.id}>
            <section aria-labelledby={section.id}>
              <h2 id={section.id} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 text-slate-700 leading-relaxed">{section.body}</div>
            </section>
          </li>
        ))}
      </ol>

      <footer className="mt-10 border-t border-slate-200 pt-6 text-slate-700 leading-relaxed">
        <p>
          <Message
            id="legal.terms.questions"
            values={{ email: CONTACT_EMAIL }}
            parts={{
              0: <MailLink />,
              1: <Link to="/privacy" className={linkClass} />,
              2: <Link to="/safety" className={linkClass} />,
            }}
          />
        </p>
      </footer>
    </div>
  );
}
