import { FileText, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

interface Props {
  count: number;
  categoryName: string | null;
  busy: boolean;
  onStart(): void;
  onClear(): void;
}

/** The selection notice and the Start Quote button (000 §2 Search and Category pages). */
export function StartQuoteBar({ count, categoryName, busy, onStart, onClear }: Props) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3"
      role="status"
    >
      <p className="text-sm text-slate-800">
        {count === 0 ? (
          'Select companies to request quotes from them in one go.'
        ) : (
          <>
            <strong>{count}</strong> {count === 1 ? 'company' : 'companies'} selected in <strong>{categoryName}</strong>
          </>
        )}
      </p>
      <div className="flex gap-2">
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden /> Clear
          </Button>
        )}
        <Button size="sm" onClick={onStart} disabled={count === 0 || busy}>
          <FileText aria-hidden /> {busy ? 'Starting...' : `Start Quote (${count})`}
        </Button>
      </div>
    </div>
  );
}
