import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { RetentionSchedule } from '@/client/features/privacy/components/retention-schedule';
import { PRIVACY_EMAIL } from '@/shared/constants';
import { formatDate } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useHydrating } from '@/client/lib/use-hydrating';

type Translate = ReturnType<typeof useT>;

const linkClass =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** The bold lead-in of a list item (`<0>…</0>` in its message). */
const bold = <strong className="font-semibold text-slate-900" />;

/** The contact address, a mail link (its text is the `{email}` of the message). */
function MailLink({ children }: { children?: ReactNode }) {
  return (
    <a href={`mailto:${PRIVACY_EMAIL}`} className={`${linkClass} break-all`}>
      {children}
    </a>
  );
}

interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

const policySections = (t: Translate): PolicySection[] => [
  {
    id: 'privacy-introduction',
    title: t('legal.privacy.introductionTitle'),
    body: <p>{t('legal.privacy.introduction')}</p>,
  },
  {
    id: 'privacy-collect',
    title: t('legal.privacy.collectTitle'),
    body: (
      <>
        <p>{t('legal.privacy.collectIntro')}</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>
            <Message id="legal.privacy.collectAccount" parts={{ 0: bold }} />
          </li>
          <li>
            <Message id="legal.privacy.collectBusiness" parts={{ 0: bold }} />
          </li>
          <li>
            <Message id="legal.privacy.collectContent" parts={{ 0: bold }} />
          </li>
          <li>
            <Message id="legal.privacy.collectLocation" parts={{ 0: bold }} />
          </li>
          <li>
            <Message id="legal.privacy.collectUsage" parts={{ 0: bold }} />
          </li>
        </ul>
        <h3 className="mt-5 font-semibold text-slate-900">{t('legal.privacy.retentionTitle')}</h3>
        <div className="mt-2">
          <RetentionSchedule />
        </div>
      </>
    ),
  },
  {
    id: 'privacy-use',
    title: t('legal.privacy.useTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.privacy.useProvide')}</li>
        <li>{t('legal.privacy.useShow')}</li>
        <li>{t('legal.privacy.useDeliver')}</li>
        <li>{t('legal.privacy.useNotify')}</li>
        <li>{t('legal.privacy.useSafety')}</li>
        <li>{t('legal.privacy.useLaw')}</li>
      </ul>
    ),
  },
  {
    id: 'privacy-sharing',
    title: t('legal.privacy.sharingTitle'),
    body: (
      <>
        <p>{t('legal.privacy.sharingIntro')}</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>{t('legal.privacy.sharingProfessionals')}</li>
          <li>{t('legal.privacy.sharingPublic')}</li>
          <li>{t('legal.privacy.sharingProviders')}</li>
          <li>{t('legal.privacy.sharingLaw')}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy-choices',
    title: t('legal.privacy.choicesTitle'),
    body: (
      <ul className="list-disc space-y-2 ps-6">
        <li>{t('legal.privacy.choicesUpdate')}</li>
        <li>{t('legal.privacy.choicesSms')}</li>
        <li>{t('legal.privacy.choicesLocation')}</li>
        <li>
          <Message
            id="legal.privacy.choicesDownload"
            parts={{ 0: bold, 1: <Link to="/profile?tab=privacy" className={linkClass} /> }}
          />
        </li>
        <li>
          <Message id="legal.privacy.choicesDelete" parts={{ 0: bold }} />
        </li>
      </ul>
    ),
  },
  {
    id: 'privacy-cookies',
    title: t('legal.privacy.cookiesTitle'),
    body: (
      <>
        <p>{t('legal.privacy.cookiesIntro')}</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>
            <Message id="legal.privacy.cookiesSession" parts={{ 0: bold }} />
          </li>
          <li>
            <Message id="legal.privacy.cookiesLocalStorage" parts={{ 0: bold }} />
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy-security',
    title: t('legal.privacy.securityTitle'),
    body: (
      <>
        <p>{t('legal.privacy.securityIntro')}</p>
        <ul className="mt-3 list-disc space-y-2 ps-6">
          <li>{t('legal.privacy.securityPasswords')}</li>
          <li>{t('legal.privacy.securityLimits')}</li>
          <li>{t('legal.privacy.securityAccess')}</li>
        </ul>
        <p className="mt-3">{t('legal.privacy.securityNoGuarantee')}</p>
      </>
    ),
  },
  {
    id: 'privacy-children',
    title: t('legal.privacy.childrenTitle'),
    body: <p>{t('legal.privacy.children')}</p>,
  },
  {
    id: 'privacy-changes',
    title: t('legal.privacy.changesTitle'),
    body: <p>{t('legal.privacy.changes')}</p>,
  },
  {
    id: 'privacy-contact',
    title: t('legal.privacy.contactTitle'),
    body: (
      <p>
        <Message id="legal.privacy.contact" values={{ email: PRIVACY_EMAIL }} parts={{ 0: <MailLink /> }} />
      </p>
    ),
  },
];

export default function PrivacyPage() {
  const t = useT();
  usePageTitle(t('legal.privacy.title'));
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
        {t('legal.privacy.goBack')}
      </button>

      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('legal.privacy.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('legal.privacy.effectiveDate', { date: today })}</p>
      </header>

      <ol className="mt-8 space-y-8">
        {policySections(t).map((section, index) => (
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
