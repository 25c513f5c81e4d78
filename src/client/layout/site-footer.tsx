import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { CONTACT_EMAIL, FOOTER_SCROLL_DELAY_MS, PRODUCT_NAME, PRODUCT_TAGLINE } from '@/shared/constants';

/** Footer links scroll to the top smoothly after 100 ms, once the new page has rendered. */
const scrollToTopSoon = () => setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), FOOTER_SCROLL_DELAY_MS);

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/safety', label: 'Safety Tips' },
  { to: '/how-it-works', label: 'How coins and ranking work' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];

// Placeholder profiles until the product has its own accounts on these networks.
const SOCIAL = [
  { label: 'Facebook', mark: 'f' },
  { label: 'X', mark: 'X' },
  { label: 'Instagram', mark: 'IG' },
  { label: 'LinkedIn', mark: 'in' },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <img src="/logo.svg" alt="" width={24} height={24} className="size-6" />
            {PRODUCT_NAME}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{PRODUCT_TAGLINE}</p>
          <ul className="mt-4 flex gap-2" aria-label="Social media">
            {SOCIAL.map(({ label, mark }) => (
              <li key={label}>
                {/* Placeholders until the operator has accounts; not links to nowhere. */}
                <span
                  role="link"
                  aria-disabled="true"
                  className="inline-flex size-9 items-center justify-center rounded-full bg-white text-xs font-bold text-slate-700 ring-1 ring-slate-200"
                >
                  <span aria-hidden>{mark}</span>
                  <span className="sr-only">{label} (coming soon)</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold uppercase tracking-wide text-slate-900">
            Quick Links
          </h2>
          <ul className="mt-3 grid gap-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={scrollToTopSoon}
                  className="text-sm text-slate-700 hover:text-blue-800 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold uppercase tracking-wide text-slate-900">
            Contact Us
          </h2>
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <Mail className="size-4" aria-hidden />
            <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-blue-800 hover:underline">
              {CONTACT_EMAIL}
            </a>
          </p>
        </section>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-700">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
