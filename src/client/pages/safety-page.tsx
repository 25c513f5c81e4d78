import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Briefcase from 'lucide-react/icons/briefcase';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import UserRound from 'lucide-react/icons/user-round';
import { CONTACT_EMAIL } from '@/shared/constants';
import { Message, useT, type MessageKey } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** The tips, each a catalogue message (a tip may name the product). */
const customerTips: readonly MessageKey[] = [
  'legal.safety.customerReviews',
  'legal.safety.customerQuotes',
  'legal.safety.customerLicence',
  'legal.safety.customerWriting',
  'legal.safety.customerUpfront',
  'legal.safety.customerPayment',
  'legal.safety.customerKeepOnPlatform',
];

const professionalTips: readonly MessageKey[] = [
  'legal.safety.proConfirm',
  'legal.safety.proMeet',
  'legal.safety.proEstimates',
  'legal.safety.proRecords',
  'legal.safety.proData',
];

/** The contact address, a mail link (its text is the `{email}` of the message). */
function MailLink({ children }: { children?: ReactNode }) {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} break-all`}>
      {children}
    </a>
  );
}

function Checklist({ items }: { items: readonly MessageKey[] }) {
  const t = useT();
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          <span className="text-slate-700 leading-relaxed">{t(item)}</span>
        </li>
      ))}
    </ul>
  );
}

export default function SafetyPage() {
  const t = useT();
  usePageTitle(t('legal.safety.title'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('legal.safety.title')}</h1>
        <p className="mt-3 text-slate-700 leading-relaxed">{t('legal.safety.intro')}</p>
      </header>

      <section
        aria-labelledby="safety-customers"
        className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="safety-customers" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <UserRound className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          {t('legal.safety.customersTitle')}
        </h2>
        <Checklist items={customerTips} />
      </section>

      <section
        aria-labelledby="safety-professionals"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="safety-professionals" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Briefcase className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          {t('legal.safety.professionalsTitle')}
        </h2>
        <Checklist items={professionalTips} />
      </section>

      <section aria-labelledby="safety-disclaimer" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-5 sm:p-6">
        <h2 id="safety-disclaimer" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Info className="h-5 w-5 shrink-0 text-amber-800" aria-hidden="true" />
          {t('legal.safety.disclaimerTitle')}
        </h2>
        <div className="mt-3 space-y-3 text-slate-800 leading-relaxed">
          <p>{t('legal.safety.disclaimerPayments')}</p>
          <p>{t('legal.safety.disclaimerChildren')}</p>
          <p>
            <Message
              id="legal.safety.contact"
              values={{ email: CONTACT_EMAIL }}
              parts={{ 0: <MailLink />, 1: <Link to="/terms" className={linkClass} /> }}
            />
          </p>
        </div>
      </section>
    </div>
  );
}
