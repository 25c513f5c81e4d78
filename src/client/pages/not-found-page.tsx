import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { usePageTitle } from '@/client/lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <SearchX className="mx-auto size-12 text-slate-600" aria-hidden />
      <p className="mt-4 text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonVariants({})} mt-6`}>
        Back to Home
      </Link>
    </div>
  );
}
