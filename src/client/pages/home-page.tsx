import { useEffect, useId } from 'react';
import { BadgeCheck, Coins, MessageSquare, Search, Star, Users } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { CategoryCarousel } from '@/client/features/search/components/category-carousel';
import { HeroSlideshow } from '@/client/features/search/components/hero-slideshow';
import { preloadBusinessDialog } from '@/client/features/companies/components/business-dialogs';
import { SearchBar } from '@/client/features/search/components/search-bar';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useBusinessDialog, VERIFY_TO_ADD_BUSINESS } from '@/client/lib/business-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { usePageTitle } from '@/client/lib/use-page-title';

const FOR_CUSTOMERS = [
  { Icon: Search, title: 'Find pros near you', text: 'Browse local businesses by service and compare ratings and reviews.' },
  {
    Icon: MessageSquare,
    title: 'One request, many quotes',
    text: 'Describe your project once and hear back from several companies.',
  },
  { Icon: Star, title: 'Honest reviews', text: 'Reviews come from customers who requested quotes from the business.' },
];
const FOR_PROS = [
  {
    Icon: BadgeCheck,
    title: 'Free listing',
    text: 'List your business for free and get launch credits to answer your first requests.',
  },
  { Icon: Coins, title: 'Pay per reply', text: 'Coins are spent only on your first reply to a request, never on views.' },
  {
    Icon: Users,
    title: 'Premium placement',
    text: 'Early sign-ups and businesses with coins are shown first in search results.',
  },
];

function WhyPanel({ id, title, items }: { id: string; title: string; items: typeof FOR_CUSTOMERS }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-4 grid gap-4">
        {items.map(({ Icon, title: itemTitle, text }) => (
          <li key={itemTitle} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden />
            <div>
              <h3 className="font-medium text-slate-900">{itemTitle}</h3>
              <p className="text-sm text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HomePage() {
  usePageTitle('');
  const { data: user } = useCurrentUser();
  const { openDialog } = useAuthDialogs();
  const { openAddBusiness } = useBusinessDialog();

  // "Browse Categories" elsewhere links to /#categories: bring that section into view.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#categories') document.getElementById('categories')?.scrollIntoView();
  }, [hash]);

  // Add Your Business opens sign-up when logged out, the add-business dialog when logged in;
  // disabled, with the prompt to verify, for a user whose address is not verified.
  const onAddBusiness = () => (user ? openAddBusiness() : openDialog('signup'));
  const mustVerify = user?.isVerified === false;
  const verifyPromptId = useId();

  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:py-20">
          <div>
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Find the right pro for your project
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-700">
              Compare local businesses, send one quote request to several of them, and message the ones you like.
            </p>
            <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <SearchBar size="lg" />
            </div>
          </div>
          {/* Beside the search on wide screens only: hidden below, where its lazy image is never fetched. */}
          <HeroSlideshow className="hidden lg:block" />
        </div>
      </section>

      <section id="categories" aria-labelledby="browse-categories" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12">
        <h2 id="browse-categories" className="text-2xl font-semibold tracking-tight text-slate-900">
          Browse by category
        </h2>
        <p className="mt-1 text-slate-700">Pick a service to see local businesses that offer it.</p>
        <div className="mt-6">
          <CategoryCarousel />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 pb-6 md:grid-cols-2">
        <WhyPanel id="why-customers" title="Why customers choose us" items={FOR_CUSTOMERS} />
        <WhyPanel id="why-pros" title="Why professionals choose us" items={FOR_PROS} />
      </div>

      <section aria-labelledby="list-your-business" className="mx-auto max-w-7xl px-4 pb-16 pt-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-blue-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="list-your-business" className="text-xl font-semibold">
              Are you a local pro?
            </h2>
            <p className="mt-1 text-blue-50">List your business for free and start answering quote requests near you.</p>
          </div>
          <div className="flex flex-col items-start gap-2">
            <Button
              size="lg"
              variant="secondary"
              onClick={onAddBusiness}
              onPointerEnter={user ? preloadBusinessDialog : undefined}
              onFocus={user ? preloadBusinessDialog : undefined}
              disabled={mustVerify}
              aria-describedby={mustVerify ? verifyPromptId : undefined}
              className="bg-white text-blue-800 hover:bg-blue-50 focus-visible:ring-white focus-visible:ring-offset-blue-700"
            >
              Add Your Business
            </Button>
            {mustVerify && (
              <p id={verifyPromptId} className="text-sm text-white">
                {VERIFY_TO_ADD_BUSINESS}
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
