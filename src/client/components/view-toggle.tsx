import LayoutGrid from 'lucide-react/icons/layout-grid';
import Table2 from 'lucide-react/icons/table-2';
import { useT } from '@/client/lib/i18n';

export type ResultsView = 'table' | 'grid';

/** Grid / Table switch (the table is the default view). */
export function ViewToggle({ view, onChange }: { view: ResultsView; onChange(view: ResultsView): void }) {
  const t = useT();
  const option = (value: ResultsView, label: string, Icon: typeof Table2) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={`inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
        view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
      }`}
    >
      <Icon className="size-4" aria-hidden /> {label}
    </button>
  );
  return (
    <div role="group" aria-label={t('common.viewToggle.label')} className="inline-flex rounded-lg bg-slate-100 p-1">
      {option('grid', t('common.viewToggle.grid'), LayoutGrid)}
      {option('table', t('common.viewToggle.table'), Table2)}
    </div>
  );
}
