import { BadgeCheck, Coins, MessageSquare, Search, Star, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
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

function WhyPanel({ title, items }: { title: string; items: typeof FOR_CUSTOMERS }) {
  return (
    <section aria-labelledby={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={title} className="text-xl font-semibold text-slate-900">
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
  const navigate = useNavigate();

  // 000 §2: Add Your Business opens sign-up when logged out.
  const onAddBusiness = () => (user ? navigate('/profile') : openDialog('signup'));

  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Find the right pro for your project
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Compare local businesses, send one quote request to several of them, and message the ones you like.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={onAddBusiness}>
              Add Your Business
            </Button>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 md:grid-cols-2">
        <WhyPanel title="Why customers choose us" items={FOR_CUSTOMERS} />
        <WhyPanel title="Why professionals choose us" items={FOR_PROS} />
      </div>
    </>
  );
}
