import { useEffect, useId } from 'react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Coins from 'lucide-react/icons/coins';
import MessageSquare from 'lucide-react/icons/message-square';
import Search from 'lucide-react/icons/search';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import { useLocation } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { CategoryCarousel } from '@/client/features/search/components/category-carousel';
import { HeroSlideshow } from '@/client/features/search/components/hero-slideshow';
import { preloadBusinessDialog } from '@/client/features/companies/components/business-dialogs';
import { SearchBar } from '@/client/features/search/components/search-bar';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

interface WhyItem {
  Icon: typeof Search;
  title: MessageKey;
  text: MessageKey;
}

const FOR_CUSTOMERS: WhyItem[] = [
  { Icon: Search, title: 'pages.home.findProsTitle', text: 'pages.home.findProsText' },
  { Icon: MessageSquare, title: 'pages.home.oneRequestTitle', text: 'pages.home.oneRequestText' },
  { Icon: Star, title: 'pages.home.honestReviewsTitle', text: 'pages.home.honestReviewsText' },
];
const FOR_PROS: WhyItem[] = [
  { Icon: BadgeCheck, title: 'pages.home.freeListingTitle', text: 'pages.home.freeListingText' },
  { Icon: Coins, title: 'pages.home.payPerReplyTitle', text: 'pages.home.payPerReplyText' },
  { Icon: Users, title: 'pages.home.premiumPlacementTitle', text: 'pages.home.premiumPlacementText' },
];

function WhyPanel({ id, title, items }: { id: string; title: string; items: WhyItem[] }) {
  const t = useT();
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
              <h3 className="font-medium text-slate-900">{t(itemTitle)}</h3>
              <p className="text-sm text-slate-700">{t(text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HomePage() {
  usePageTitle('');
  const t = useT();
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
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('pages.home.title')}</h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-700">{t('pages.home.intro')}</p>
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
          {t('pages.home.browseByCategory')}
        </h2>
        <p className="mt-1 text-slate-700">{t('pages.home.browseByCategoryText')}</p>
        <div className="mt-6">
          <CategoryCarousel />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 pb-6 md:grid-cols-2">
        <WhyPanel id="why-customers" title={t('pages.home.whyCustomers')} items={FOR_CUSTOMERS} />
        <WhyPanel id="why-pros" title={t('pages.home.whyPros')} items={FOR_PROS} />
      </div>

      <section aria-labelledby="list-your-business" className="mx-auto max-w-7xl px-4 pb-16 pt-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-blue-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="list-your-business" className="text-xl font-semibold">
              {t('pages.home.localProTitle')}
            </h2>
            <p className="mt-1 text-blue-50">{t('pages.home.localProText')}</p>
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
              {t('pages.home.addYourBusiness')}
            </Button>
            {mustVerify && (
              <p id={verifyPromptId} className="text-sm text-white">
                {t('pages.home.verifyToAddBusiness')}
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
