import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '@/client/components/ui/button';
import { useT } from '@/client/lib/i18n';

interface Props {
  page: number;
  /** Total rows across all pages; with pageSize gives the page count. */
  total: number;
  pageSize: number;
  onPageChange(page: number): void;
  /** The nav landmark's name, e.g. "Companies pages" (several on one screen need distinct names). */
  label?: string;
  /** Disables both buttons while the next page is on its way. */
  isBusy?: boolean;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Previous / "Page x of y" / Next for the admin lists; renders nothing when one page holds everything. */
export function AdminPagination({ page, total, pageSize, onPageChange, label, isBusy = false }: Props) {
  const t = useT();
  const totalPages = pageCount(total, pageSize);
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label ?? t('admin.pagination.label')} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1 || isBusy}>
        <ChevronLeft aria-hidden /> {t('admin.pagination.previous')}
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('admin.pagination.pageOf', { page, totalPages })}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages || isBusy}>
        {t('admin.pagination.next')} <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
