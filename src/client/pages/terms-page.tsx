import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_EMAIL, PRODUCT_NAME } from '@/shared/constants';
import { usePageTitle } from '@/client/lib/use-page-title';

const LAST_UPDATED = 'November 22, 2026';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

const sections: TermsSection[] = [
  {
    id: 'terms-acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By accessing or using {PRODUCT_NAME} (the &ldquo;Service&rdquo;), you agree to be bound by these Terms of Service. If you
        do not agree to these terms, you may not use the Service.
      </p>
    ),
  },
  {
    id: 'terms-eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be 18 years of age or older to create an account or use the Service. By using the Service, you confirm that you
        meet this requirement and that you are able to enter into a binding agreement.
      </p>
    ),
  },
  {
    id: 'terms-accounts',
    title: 'Accounts',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>You must provide accurate and complete information when you create an account.</li>
        <li>You are responsible for keeping your password confidential and for all activity that happens under your account.</li>
        <li>Tell us promptly if you believe your account has been used without your permission.</li>
        <li>We may suspend or close accounts that violate these terms or are used for fraud or abuse.</li>
      </ul>
    ),
  },
  {
    id: 'terms-listings',
    title: 'Business Listings',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>
          Business owners are responsible for the accuracy of their listings, including services offered, contact details,
          licences, photos and prices.
        </li>
        <li>Replying to a customer&rsquo;s quote request uses coins from the business&rsquo;s coin balance.</li>
        <li>
          Listings may receive premium placement: companies with higher coin balances rank higher in search results, and early
          sign-ups may receive premium placement. Premium placement is not an endorsement or a guarantee of quality.
        </li>
        <li>We may edit, hide or remove listings that are inaccurate, misleading or unlawful.</li>
      </ul>
    ),
  },
  {
    id: 'terms-reviews',
    title: 'Reviews',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>Reviews must be honest and reflect your own genuine experience.</li>
        <li>Reviews may only be left by customers who requested quotes from the business.</li>
        <li>Businesses must not write reviews of themselves or competitors, or offer incentives for reviews.</li>
        <li>
          Reviews may be moderated, and we may remove reviews that are fake, abusive, off-topic or otherwise violate these terms.
        </li>
      </ul>
    ),
  },
  {
    id: 'terms-sms',
    title: 'SMS Notifications',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>SMS notifications are opt-in. You will only receive text messages if you choose to enable them.</li>
        <li>Message and data rates may apply. Message frequency varies with your account activity.</li>
        <li>
          Reply <strong className="font-semibold text-slate-900">STOP</strong> to unsubscribe at any time, or{' '}
          <strong className="font-semibold text-slate-900">HELP</strong> for help.
        </li>
      </ul>
    ),
  },
  {
    id: 'terms-payments',
    title: 'Payments and Coins',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>Coins are used by professionals to reply to quote requests on the Service.</li>
        <li>
          {PRODUCT_NAME} does not process payments for services between customers and professionals. Any price, payment or refund
          for the work itself is agreed directly between the customer and the professional.
        </li>
        <li>Coins have no cash value and cannot be exchanged for money.</li>
      </ul>
    ),
  },
  {
    id: 'terms-liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        {PRODUCT_NAME} is a platform that connects customers and professionals. We are not a party to any agreement between them
        and do not guarantee the quality, safety, legality or completion of any services. To the fullest extent permitted by law,{' '}
        {PRODUCT_NAME} is not liable for any indirect, incidental or consequential damages arising from your use of the Service or
        from services provided by professionals you find through it.
      </p>
    ),
  },
  {
    id: 'terms-changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms from time to time. We will give at least 30 days&rsquo; notice of material changes before they
        take effect. Continuing to use the Service after the changes take effect means you accept the updated terms.
      </p>
    ),
  },
];

export default function TermsPage() {
  usePageTitle('Terms of Service');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Terms of Service</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated: {LAST_UPDATED}</p>
        <p className="mt-4 text-slate-700 leading-relaxed">
          Please read these terms carefully. They explain your rights and responsibilities when you use {PRODUCT_NAME}.
        </p>
      </header>

      <ol className="mt-8 space-y-8">
        {sections.map((section, index) => (
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
          Questions about these terms? Contact us at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} break-all`}>
            {CONTACT_EMAIL}
          </a>
          . See also our{' '}
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/safety" className={linkClass}>
            Safety Tips
          </Link>
          .
        </p>
      </footer>
    </div>
  );
}
