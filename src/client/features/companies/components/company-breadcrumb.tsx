import ChevronRight from 'lucide-react/icons/chevron-right';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useT } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import { companyDetailLinkClass as linkClass } from './company-detail-link';

/** Home › where the visitor came from (?from=search|profile|dashboard, else the category) › the company. */
export function CompanyBreadcrumb({ company }: { company: Company }) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = searchParams.get('from');

  // Back to the exact results (query, page, sort) when we came from them inside the app.
  const backToResults = (event: MouseEvent<HTMLAnchorElement>) => {
    if (location.key !== 'default') {
      event.preventDefault();
      void navigate(-1);
    }
  };

  const middle =
    from === 'search' ? (
      <Link to="/search" onClick={backToResults} className={linkClass}>
        {t('companies.breadcrumb.searchResults')}
      </Link>
    ) : from === 'profile' || from === 'dashboard' ? (
      <Link to="/profile?tab=companies" className={linkClass}>
        {t('companies.myCompanies')}
      </Link>
    ) : (
      <Link to={`/categories/${company.category}`} className={linkClass}>
        {company.categoryName}
      </Link>
    );

  const separator = <ChevronRight className="size-4 shrink-0 text-slate-600" aria-hidden />;
  return (
    <nav aria-label={t('companies.breadcrumb.label')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
        <li>
          <Link to="/" className={linkClass}>
            {t('companies.breadcrumb.home')}
          </Link>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          {middle}
        </li>
        <li className="flex min-w-0 items-center gap-1.5">
          {separator}
          <span aria-current="page" className="truncate font-medium text-slate-900">
            {company.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}
