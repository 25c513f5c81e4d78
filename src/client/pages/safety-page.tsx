import { Link } from 'react-router';
import { Briefcase, CheckCircle2, Info, UserRound } from 'lucide-react';
import { CONTACT_EMAIL, PRODUCT_NAME } from '@/shared/constants';
import { usePageTitle } from '@/client/lib/use-page-title';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

const customerTips = [
  'Check reviews and ratings from other customers before you hire.',
  'Get several quotes so you can compare prices, timelines and approaches.',
  'Verify that the professional holds any required licence and insurance for the job.',
  'Get it in writing: agree on the scope of work, price and schedule before work starts.',
  'Never pay the full amount upfront. Agree on a deposit and pay the rest as work is completed.',
  'Pay with traceable methods such as a card or bank transfer, and avoid cash-only or wire-transfer requests.',
  `Keep communication on ${PRODUCT_NAME} so there is a record of what was agreed.`,
] as const;

const professionalTips = [
  'Confirm the job details, location and expectations with the customer before you visit.',
  'Meet in safe, public places when possible, and let someone know where you are going.',
  'Provide written estimates so the scope and price are clear to both sides.',
  'Keep records of messages, quotes, invoices and payments.',
  'Protect personal data: only ask for the information you need and store customer details securely.',
] as const;

function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          <span className="text-slate-700 leading-relaxed">{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function SafetyPage() {
  usePageTitle('Safety Tips');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Safety Tips</h1>
        <p className="mt-3 text-slate-700 leading-relaxed">
          A little preparation goes a long way. Follow these tips to hire, and work, with confidence.
        </p>
      </header>

      <section
        aria-labelledby="safety-customers"
        className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="safety-customers" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <UserRound className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          For customers
        </h2>
        <Checklist items={customerTips} />
      </section>

      <section
        aria-labelledby="safety-professionals"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="safety-professionals" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Briefcase className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          For professionals
        </h2>
        <Checklist items={professionalTips} />
      </section>

      <section aria-labelledby="safety-disclaimer" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-5 sm:p-6">
        <h2 id="safety-disclaimer" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Info className="h-5 w-5 shrink-0 text-amber-800" aria-hidden="true" />
          Disclaimer
        </h2>
        <div className="mt-3 space-y-3 text-slate-800 leading-relaxed">
          <p>
            {PRODUCT_NAME} connects customers and professionals, but it does not process payments for services and does not
            guarantee the work performed. Any agreement about the work, price and payment is made directly between the customer
            and the professional.
          </p>
          <p>{PRODUCT_NAME} is not intended for children under 13.</p>
          <p>
            If something doesn&rsquo;t feel right, stop and contact us at{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} break-all`}>
              {CONTACT_EMAIL}
            </a>
            . Read our{' '}
            <Link to="/terms" className={linkClass}>
              Terms of Service
            </Link>{' '}
            for more details.
          </p>
        </div>
      </section>
    </div>
  );
}
