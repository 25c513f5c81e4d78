import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

interface Props {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  label?: string;
}

/** Previous / numbered pages / Next; hidden when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: Props) {
  if (totalPages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => first + i);
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden /> Previous
      </Button>
      {pages.map((p) => (
        <Button
          key={p}
          variant={p === page ? 'default' : 'ghost'}
          size="sm"
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPageChange(p)}
        >
          {p}
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages}>
        Next <ChevronRight aria-hidden />
      </Button>
      <p className="w-full text-center text-sm text-slate-700">
        Page {page} of {totalPages}
      </p>
    </nav>
  );
}
