import { Link } from 'react-router';
import {
  BadgeCheck,
  Coins,
  Handshake,
  Heart,
  MessageSquare,
  Rocket,
  Scale,
  Search,
  ShieldCheck,
  Sparkles,
  Store,
  TrendingUp,
  Users,
} from 'lucide-react';
import { PRODUCT_NAME } from '@/shared/constants';
import { usePageTitle } from '@/client/lib/use-page-title';

const offerings = [
  {
    icon: Search,
    title: 'Free for customers',
    text: `Searching for local professionals, requesting quotes and messaging pros on ${PRODUCT_NAME} costs customers nothing.`,
  },
  {
    icon: Store,
    title: 'Free listings and launch credits for professionals',
    text: 'Professionals can list their business for free and receive launch credits (coins) to start replying to quote requests right away.',
  },
  {
    icon: Rocket,
    title: 'Early sign-up gets premium placement',
    text: 'Professionals who join early receive premium placement so customers can find them from day one.',
  },
  {
    icon: MessageSquare,
    title: 'Direct messaging',
    text: 'Customers and professionals talk to each other directly, so details can be clarified quickly and in one place.',
  },
  {
    icon: TrendingUp,
    title: 'Premium listings',
    text: 'To be upfront about how ranking works: companies with higher coin balances rank higher in search results. This premium listing is a paid advantage, not an endorsement of quality, so always check reviews before you hire.',
  },
] as const;

const values = [
  {
    icon: Scale,
    title: 'Honesty',
    text: 'We explain how the platform works, including how listings are ranked, and we want reviews to reflect real experiences.',
  },
  {
    icon: Handshake,
    title: 'Fairness',
    text: 'Every professional gets a free listing, and every customer can contact as many pros as they like.',
  },
  {
    icon: Heart,
    title: 'Community',
    text: 'Strong neighbourhoods are built by strong local businesses. We aim to help them grow.',
  },
  {
    icon: ShieldCheck,
    title: 'Safety',
    text: 'We share practical safety advice and encourage everyone to keep communication on the platform.',
  },
] as const;

export default function AboutPage() {
  usePageTitle('About Us');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">About {PRODUCT_NAME}</h1>
        <p className="mt-3 text-lg text-slate-700 leading-relaxed">
          {PRODUCT_NAME} is a local-services marketplace that connects people who need a job done with trusted professionals in
          their area.
        </p>
      </header>

      <section aria-labelledby="about-mission" className="mt-10">
        <h2 id="about-mission" className="text-xl font-semibold text-slate-900">
          Our mission
        </h2>
        <p className="mt-3 text-slate-700 leading-relaxed">
          Finding a reliable plumber, cleaner, electrician or tutor should not be hard. Our mission is to make it simple for
          customers to find, compare and contact local professionals, and to give small businesses an affordable way to reach new
          customers in their community.
        </p>
      </section>

      <section aria-labelledby="about-offerings" className="mt-10">
        <h2 id="about-offerings" className="text-xl font-semibold text-slate-900">
          What we offer
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {offerings.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-slate-700 leading-relaxed">{text}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-start gap-2 text-slate-700 leading-relaxed">
          <Coins className="mt-1 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>Coins are used by professionals to reply to quote requests. Customers never need coins.</span>
        </p>
      </section>

      <section aria-labelledby="about-values" className="mt-10">
        <h2 id="about-values" className="text-xl font-semibold text-slate-900">
          Our values
        </h2>
        <ul className="mt-4 space-y-4">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3">
              <Icon className="mt-1 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
              <p className="text-slate-700 leading-relaxed">
                <strong className="font-semibold text-slate-900">{title}.</strong> {text}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta" className="mt-12 rounded-xl border border-blue-200 bg-blue-50 p-6 text-center">
        <h2 id="about-cta" className="text-xl font-semibold text-slate-900">
          Ready to get started?
        </h2>
        <p className="mt-2 text-slate-700 leading-relaxed">
          Find the right professional for your next project, and read our safety tips before you hire.
        </p>
        <div className="mt-5 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            to="/"
            className="inline-flex items-center justify-center gap-2 rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <Users className="h-4 w-4" aria-hidden="true" />
            Find a pro
          </Link>
          <Link
            to="/safety"
            className="inline-flex items-center justify-center gap-2 rounded-md border border-blue-700 bg-white px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            Safety tips
          </Link>
        </div>
        <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-slate-700">
          <Sparkles className="h-4 w-4 text-blue-700" aria-hidden="true" />
          Always free for customers.
        </p>
      </section>
    </div>
  );
}
