import SearchX from 'lucide-react/icons/search-x';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

export default function NotFoundPage() {
  const t = useT();
  usePageTitle(t('pages.notFound.title'));
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <SearchX className="mx-auto size-12 text-slate-600" aria-hidden />
      <p className="mt-4 text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{t('pages.notFound.title')}</h1>
      <p className="mt-3 text-slate-700">{t('pages.notFound.text')}</p>
      <Link to="/" className={`${buttonVariants({})} mt-6`}>
        {t('pages.common.backToHome')}
      </Link>
    </div>
  );
}
