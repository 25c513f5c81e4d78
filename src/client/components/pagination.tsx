import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { useT } from '@/client/lib/i18n';

interface Props {
  page: number;
  totalPages: number;
  label?: string;
  /**
   * Pages as links to their address (public listings: they work without JavaScript and crawlers
   * follow them), or as buttons that call `onPageChange` (screens whose page is not in the URL).
   */
  hrefFor?(page: number): string;
  onPageChange?(page: number): void;
}

/** Previous / numbered pages / Next; hidden when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, hrefFor, label }: Props) {
  const t = useT();
  if (totalPages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => first + i);

  const item = (
    target: number,
    content: ReactNode,
    options: { variant: 'outline' | 'ghost' | 'default'; current?: boolean; label?: string },
  ) => {
    const disabled = target < 1 || target > totalPages;
    const common = { 'aria-current': options.current ? ('page' as const) : undefined, 'aria-label': options.label };
    if (!hrefFor) {
      return (
        <Button variant={options.variant} size="sm" {...common} onClick={() => onPageChange?.(target)} disabled={disabled}>
          {content}
        </Button>
      );
    }
    const className = buttonVariants({ variant: options.variant, size: 'sm' });
    // A page that does not exist is no link (as a disabled button is no button).
    if (disabled) {
      return (
        <span className={cn(className, 'pointer-events-none opacity-50')} aria-disabled="true">
          {content}
        </span>
      );
    }
    return (
      <Link to={hrefFor(target)} className={className} {...common}>
        {content}
      </Link>
    );
  };

  return (
    <nav aria-label={label ?? t('common.pagination.label')} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {item(
        page - 1,
        <>
          <ChevronLeft aria-hidden /> {t('common.actions.previous')}
        </>,
        { variant: 'outline' },
      )}
      {pages.map((p) => (
        <Fragment key={p}>
          {item(p, p, {
            variant: p === page ? 'default' : 'ghost',
            current: p === page,
            label: t('common.pagination.page', { page: p }),
          })}
        </Fragment>
      ))}
      {item(
        page + 1,
        <>
          {t('common.actions.next')} <ChevronRight aria-hidden />
        </>,
        { variant: 'outline' },
      )}
      <p className="w-full text-center text-sm text-slate-700">{t('common.pagination.pageOf', { page, total: totalPages })}</p>
    </nav>
  );
}

/** The address of `page` of the listing at `pathname?search`: the first page has no `page`. */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}
