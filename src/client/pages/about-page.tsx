import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Coins from 'lucide-react/icons/coins';
import Handshake from 'lucide-react/icons/handshake';
import Heart from 'lucide-react/icons/heart';
import MessageSquare from 'lucide-react/icons/message-square';
import Rocket from 'lucide-react/icons/rocket';
import Scale from 'lucide-react/icons/scale';
import Search from 'lucide-react/icons/search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import Store from 'lucide-react/icons/store';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** What the platform offers, each title and text a catalogue message (a text may name the product). */
const offerings: readonly { icon: LucideIcon; title: MessageKey; text: MessageKey }[] = [
  { icon: Search, title: 'legal.about.freeForCustomersTitle', text: 'legal.about.freeForCustomers' },
  { icon: Store, title: 'legal.about.freeListingsTitle', text: 'legal.about.freeListings' },
  { icon: Rocket, title: 'legal.about.earlySignupTitle', text: 'legal.about.earlySignup' },
  { icon: MessageSquare, title: 'legal.about.messagingTitle', text: 'legal.about.messaging' },
  { icon: TrendingUp, title: 'legal.about.premiumTitle', text: 'legal.about.premium' },
];

const values: readonly { icon: LucideIcon; title: MessageKey; text: MessageKey }[] = [
  { icon: Scale, title: 'legal.about.honestyTitle', text: 'legal.about.honesty' },
  { icon: Handshake, title: 'legal.about.fairnessTitle', text: 'legal.about.fairness' },
  { icon: Heart, title: 'legal.about.communityTitle', text: 'legal.about.community' },
  { icon: ShieldCheck, title: 'legal.about.safetyTitle', text: 'legal.about.safety' },
];

export default function AboutPage() {
  const t = useT();
  usePageTitle(t('legal.about.pageTitle'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('legal.about.title')}</h1>
        <p className="mt-3 text-lg text-slate-700 leading-relaxed">{t('legal.about.intro')}</p>
      </header>

      <section aria-labelledby="about-mission" className="mt-10">
        <h2 id="about-mission" className="text-xl font-semibold text-slate-900">
          {t('legal.about.missionTitle')}
        </h2>
        <p className="mt-3 text-slate-700 leading-relaxed">{t('legal.about.mission')}</p>
      </section>

      <section aria-labelledby="about-offerings" className="mt-10">
        <h2 id="about-offerings" className="text-xl font-semibold text-slate-900">
          {t('legal.about.offeringsTitle')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {offerings.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-900">{t(title)}</h3>
                  <p className="mt-1 text-slate-700 leading-relaxed">{t(text)}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-start gap-2 text-slate-700 leading-relaxed">
          <Coins className="mt-1 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>{t('legal.about.coinsNote')}</span>
        </p>
      </section>

      <section aria-labelledby="about-values" className="mt-10">
        <h2 id="about-values" className="text-xl font-semibold text-slate-900">
          {t('legal.about.valuesTitle')}
        </h2>
        <ul className="mt-4 space-y-4">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3">
              <Icon className="mt-1 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
              <p className="text-slate-700 leading-relaxed">
                <strong className="font-semibold text-slate-900">{t(title)}.</strong> {t(text)}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta" className="mt-12 rounded-xl border border-blue-200 bg-blue-50 p-6 text-center">
        <h2 id="about-cta" className="text-xl font-semibold text-slate-900">
          {t('legal.about.ctaTitle')}
        </h2>
        <p className="mt-2 text-slate-700 leading-relaxed">{t('legal.about.cta')}</p>
        <div className="mt-5 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            to="/"
            className="inline-flex items-center justify-center gap-2 rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <Users className="h-4 w-4" aria-hidden="true" />
            {t('legal.about.findPro')}
          </Link>
          <Link
            to="/safety"
            className="inline-flex items-center justify-center gap-2 rounded-md border border-blue-700 bg-white px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            {t('legal.about.safetyTips')}
          </Link>
        </div>
        <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-slate-700">
          <Sparkles className="h-4 w-4 text-blue-700" aria-hidden="true" />
          {t('legal.about.alwaysFree')}
        </p>
      </section>
    </div>
  );
}
