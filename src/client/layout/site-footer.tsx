import Mail from 'lucide-react/icons/mail';
import { Link } from 'react-router';
import { LabelledSelect } from '@/client/components/labelled-select';
import { api } from '@/client/lib/api';
import { useAppConfig } from '@/client/lib/app-config';
import { useCurrentUser } from '@/client/lib/current-user';
import { useLanguage, useT, type MessageKey } from '@/client/lib/i18n';
import { switchLanguage } from '@/client/lib/language-choice';
import { CONTACT_EMAIL, FOOTER_SCROLL_DELAY_MS } from '@/shared/constants';
import { DEFAULT_LOGO_URL, useBrand } from '@/client/lib/brand';

/** Footer links scroll to the top smoothly after 100 ms, once the new page has rendered. */
const scrollToTopSoon = () => setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), FOOTER_SCROLL_DELAY_MS);

const QUICK_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/', label: 'layout.footer.home' },
  { to: '/about', label: 'layout.footer.about' },
  { to: '/safety', label: 'layout.footer.safety' },
  { to: '/how-it-works', label: 'layout.footer.howItWorks' },
  { to: '/terms', label: 'layout.footer.terms' },
  { to: '/privacy', label: 'layout.footer.privacy' },
];

// Placeholder profiles until the product has its own accounts on these networks.
const SOCIAL = [
  { label: 'Facebook', mark: 'f' },
  { label: 'X', mark: 'X' },
  { label: 'Instagram', mark: 'IG' },
  { label: 'LinkedIn', mark: 'in' },
];

/**
 * The visitor's language, among those the operator offers: kept in a cookie for a year and the
 * page loaded again in it (every text, the server's included, follows).
 */
function LanguageSwitcher() {
  const t = useT();
  const language = useLanguage();
  const { data: config } = useAppConfig();
  const { data: user } = useCurrentUser();
  const languages = config?.languages ?? [];
  if (languages.length < 2) return null;
  const choose = async (code: string) => {
    // A signed-in user's mails, and their other browsers at their next sign-in, follow the choice.
    if (user)
      await api(`/api/users/${user.id}`, { method: 'PUT', body: { language: code } }).catch((error: unknown) =>
        console.warn('the language was not saved to the account', error),
      );
    switchLanguage(code);
  };
  return (
    <div className="mt-4">
      <LabelledSelect
        label={t('layout.footer.language')}
        value={language}
        options={languages.map(({ code, name }) => ({ value: code, label: name }))}
        onChange={(code) => void choose(code)}
      />
    </div>
  );
}

export function SiteFooter() {
  const t = useT();
  const brand = useBrand();
  // The operator's support address, else the product's contact address.
  const contactEmail = brand.supportEmail || CONTACT_EMAIL;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <img src={brand.logoUrl ?? DEFAULT_LOGO_URL} alt="" width={24} height={24} className="size-6 object-contain" />
            {brand.name}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{t('layout.footer.tagline')}</p>
          <ul className="mt-4 flex gap-2" aria-label={t('layout.footer.social')}>
            {SOCIAL.map(({ label, mark }) => (
              <li key={label}>
                {/* Placeholders until the operator has accounts; not links to nowhere. */}
                <span
                  role="link"
                  aria-disabled="true"
                  className="inline-flex size-9 items-center justify-center rounded-full bg-white text-xs font-bold text-slate-700 ring-1 ring-slate-200"
                >
                  <span aria-hidden>{mark}</span>
                  <span className="sr-only">{t('layout.footer.socialComingSoon', { network: label })}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold uppercase tracking-wide text-slate-900">
            {t('layout.footer.quickLinks')}
          </h2>
          <ul className="mt-3 grid gap-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={scrollToTopSoon}
                  className="text-sm text-slate-700 hover:text-blue-800 hover:underline"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold uppercase tracking-wide text-slate-900">
            {t('layout.footer.contact')}
          </h2>
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <Mail className="size-4" aria-hidden />
            <a href={`mailto:${contactEmail}`} className="hover:text-blue-800 hover:underline">
              {contactEmail}
            </a>
          </p>
          <LanguageSwitcher />
        </section>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-700">
        {t('layout.footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
