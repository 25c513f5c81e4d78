import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { RetentionSchedule } from '@/client/features/privacy/components/retention-schedule';
import { PRIVACY_EMAIL, PRODUCT_NAME } from '@/shared/constants';
import { formatDate } from '@/client/lib/format';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useHydrating } from '@/client/lib/use-hydrating';

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

const sections: PolicySection[] = [
  {
    id: 'privacy-introduction',
    title: 'Introduction',
    body: (
      <p>
        This Privacy Policy explains what information {PRODUCT_NAME} collects, how we use it and the choices you have. It applies
        to everyone who uses our website and services, whether you are a customer looking for a professional or a professional
        listing a business.
      </p>
    ),
  },
  {
    id: 'privacy-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect the following kinds of information:</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>
            <strong className="font-semibold text-slate-900">Account information</strong> such as your name, e-mail address, phone
            number and password.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Business information</strong> that professionals add to their
            listings, such as business name, address, services, photos and description.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Content you provide</strong>, including quote requests, messages and
            reviews.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Location information</strong>, such as your postal code. We collect
            your device&rsquo;s location only with your consent.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Usage information</strong>, such as pages visited and basic technical
            details about your browser and device.
          </li>
        </ul>
        <h3 className="mt-5 font-semibold text-slate-900">How long we keep it</h3>
        <div className="mt-2">
          <RetentionSchedule />
        </div>
      </>
    ),
  },
  {
    id: 'privacy-use',
    title: 'How We Use Your Information',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>To provide, operate and improve the service.</li>
        <li>To show you relevant local professionals and search results.</li>
        <li>To deliver quote requests, messages and reviews between customers and professionals.</li>
        <li>To send account e-mails and, if you opt in, SMS notifications about your account activity.</li>
        <li>To keep the platform safe and prevent fraud, spam and abuse.</li>
        <li>To comply with legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'privacy-sharing',
    title: 'Sharing of Information',
    body: (
      <>
        <p>We do not sell your personal information. We share information only:</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>With professionals you contact, when you send a quote request or message, so they can respond to you.</li>
          <li>Publicly, for information you choose to publish, such as business listings and reviews.</li>
          <li>
            With service providers that help us run the platform (for example, e-mail and SMS delivery), who may use it only on
            our behalf.
          </li>
          <li>When required by law or to protect the rights and safety of our users and others.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy-choices',
    title: 'Your Choices',
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>You can view and update your account and business information at any time.</li>
        <li>You can turn off SMS notifications in your settings, or reply STOP to any message.</li>
        <li>You can decline or withdraw location access in your browser settings and enter a postal code instead.</li>
        <li>
          <strong className="font-semibold text-slate-900">Download your data</strong>: in your profile&apos;s{' '}
          <Link to="/profile?tab=privacy" className={linkClass}>
            Privacy &amp; data
          </Link>{' '}
          tab, under &ldquo;Download your data&rdquo;, ask for a copy of everything we hold about you. We e-mail you a link to a
          ZIP file of JSON files with your images; the link works once and expires, and the file is deleted after that.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Delete your account</strong>: in the same tab, under &ldquo;Delete
          account&rdquo;, confirm with your password. You are signed out everywhere and your name, e-mail address, phone, password
          and settings are erased at once. Requests you sent, messages and reviews stay with the people who received them, shown
          as &ldquo;Former customer&rdquo;; businesses you own are deactivated. You can sign up again with the same address as a
          new account.
        </li>
      </ul>
    ),
  },
  {
    id: 'privacy-cookies',
    title: 'Cookies',
    body: (
      <>
        <p>We keep our use of cookies and browser storage to a minimum:</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>
            <strong className="font-semibold text-slate-900">Session cookie</strong>: used to keep you signed in. It is required
            for the service to work when you are logged in.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Local storage</strong>: used on your device to remember your
            favourites, your postal code and your recent e-mail entries. This information stays in your browser, and you can clear
            it at any time.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy-security',
    title: 'Security',
    body: (
      <>
        <p>We take reasonable measures to protect your information, including:</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>Passwords are hashed and never stored in plain text.</li>
          <li>Limits on repeated sign-in attempts to protect against password guessing.</li>
          <li>Access to personal data is restricted to what is needed to run the service.</li>
        </ul>
        <p className="mt-3">
          No method of transmission or storage is completely secure, so we cannot guarantee absolute security.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-children',
    title: "Children's Privacy",
    body: (
      <p>
        {PRODUCT_NAME} is not intended for children under 13, and we do not knowingly collect personal information from children
        under 13. If you believe a child has provided us with personal information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'privacy-changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this Privacy Policy from time to time. When we make material changes, we will update the effective date
        above and let you know through the service or by e-mail.
      </p>
    ),
  },
  {
    id: 'privacy-contact',
    title: 'Contact Us',
    body: (
      <p>
        If you have questions about this Privacy Policy or how we handle your information, contact us at{' '}
        <a href={`mailto:${PRIVACY_EMAIL}`} className={`${linkClass} break-all`}>
          {PRIVACY_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageTitle('Privacy Policy');
  const navigate = useNavigate();
  // The current date, in the visitor's own time zone once the page runs; the server renders the
  // UTC date (it cannot know the zone), and the page hydrates with that same text first.
  const hydrating = useHydrating();
  const now = new Date();
  const today = formatDate(hydrating ? now.toISOString().slice(0, 10) : now, 'long');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <button
        type="button"
        onClick={() => void navigate(-1)}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Go Back
      </button>

      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Privacy Policy</h1>
        <p className="mt-2 text-sm text-slate-600">Effective date: {today}</p>
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
    </div>
  );
}
